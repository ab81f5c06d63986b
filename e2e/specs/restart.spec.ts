import type { Page } from '@playwright/test';
import { expect, newEmail, signUpIn, test } from '../fixtures.ts';
import { LoginPage } from '../pages/login-page.ts';
import { ownServer } from '../support/own-server.ts';

/**
 * "What was saved survives a restart": this spec runs its own server (as `npm start` does) on its own
 * DATA_DIR, stops it, starts it again on the same directory and signs in through the page as the same
 * user.
 */
test.describe('persistence', () => {
  const own = ownServer('restart');

  test('the user and their workspace survive a server restart', async ({ browser, locale }) => {
    test.setTimeout(180_000);
    const email = newEmail('restart');

    let server = await own.start();
    let context = await browser.newContext({ baseURL: server.url });
    let page = await context.newPage();
    await signUpIn(page, locale, { email, firstName: 'Marta', lastName: 'Ruiz' });
    const workspaceName = await workspaceNameOf(page, server.url);
    await context.close();

    await server.stop();
    server = await own.start();

    context = await browser.newContext({ baseURL: server.url });
    page = await context.newPage();
    const again = new LoginPage(page);
    await again.goto();
    await again.signIn(email);
    await expect(page).toHaveURL(/\/chat/); // a known user: no /welcome
    expect(await workspaceNameOf(page, server.url)).toBe(workspaceName);
    await context.close();
  });
});

/** The current workspace's name, asked from the API with the page's own session (refresh cookie). */
async function workspaceNameOf(page: Page, url: string): Promise<string> {
  const refresh = await page.request.get(`${url}/api/auth/refresh`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(refresh.ok()).toBe(true);
  const { accessToken } = (await refresh.json()) as { accessToken: string };
  const list = await page.request.get(`${url}/api/workspace/list`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(list.ok()).toBe(true);
  const workspaces = (await list.json()) as { name: string }[];
  expect(workspaces.length).toBeGreaterThan(0);
  return workspaces[0]!.name;
}

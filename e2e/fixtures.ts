import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIResponse, type Page, type TestInfo } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { LoginPage } from './pages/login-page.ts';
import { WelcomePage } from './pages/welcome-page.ts';
import { waitForCode } from './support/mailbox.ts';
import { artifactsDir } from './support/paths.ts';

/** A new address per call: every spec signs up its own user, so specs run in parallel. */
export function newEmail(tag = 'user'): string {
  return `e2e-${tag}-${randomUUID().slice(0, 8)}@example.com`;
}

interface Fixtures {
  loginPage: LoginPage;
  welcomePage: WelcomePage;
  shell: AppShell;
  /**
   * Signs up a new user and lands on /chat. Through the same HTTP calls the sign-in and welcome pages
   * make (code from the SMTP sink, then the names), in the page's own context so its session cookie is
   * the browser's: the pages themselves are tested in sign-in.spec.ts and welcome.spec.ts, and every
   * other spec starts signed in without loading them.
   */
  signUp: (options?: { email?: string; firstName?: string; lastName?: string }) => Promise<{ email: string }>;
}

export const test = base.extend<Fixtures>({
  baseURL: async ({ baseURL }, use) => {
    // playwright.config.ts is read before global-setup picks the port; workers see it in the environment.
    await use(process.env.E2E_BASE_URL ?? baseURL);
  },
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  welcomePage: async ({ page }, use) => use(new WelcomePage(page)),
  shell: async ({ page }, use) => use(new AppShell(page)),
  signUp: async ({ page, locale }, use) => {
    await use((options = {}) => signUpIn(page, locale, options));
  },
});

/**
 * Signs up a new user in `page`'s browser context, on the server of its `baseURL`, and lands on
 * /chat: what the `signUp` fixture does, for a page of a context a spec made itself (a server of its
 * own, a second user).
 */
export async function signUpIn(
  page: Page,
  locale: string | undefined,
  options: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<{ email: string }> {
  const email = options.email ?? newEmail();
  const since = new Date(Date.now() - 1_000);
  const accountLocale = locale?.toLowerCase().startsWith('en') ? 'en' : 'es';
  await expectOk(page.request.post('/api/auth/email/start', { data: { email, locale: accountLocale } }));
  const code = await waitForCode(email, since);
  const login = await expectOk(
    page.request.post('/api/auth/login', { data: { method: 'email', email, code } }),
  );
  const { accessToken } = (await login.json()) as { accessToken: string };
  await expectOk(
    page.request.patch('/api/user/change-name', {
      data: { firstName: options.firstName ?? 'Lucía', lastName: options.lastName ?? 'Fernández' },
      headers: { authorization: `Bearer ${accessToken}` },
    }),
  );
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/chat/);
  return { email };
}

export { expect };

async function expectOk(pending: Promise<APIResponse>): Promise<APIResponse> {
  const response = await pending;
  if (!response.ok()) {
    throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }
  return response;
}

/**
 * Screenshots are for a look by eye, and nothing compares them: they are taken wherever a person runs
 * the suite, and on CI only when E2E_SCREENSHOTS=1 asks (there, on two cores, each full-page capture
 * is seconds of the browser's work that nobody looks at).
 */
const keepingScreenshots = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/** Keeps a full-page screenshot in e2e/artifacts/ and attaches it to the report (see keepingScreenshots). */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!keepingScreenshots) return;
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { LoginPage } from './pages/login-page.ts';
import { WelcomePage } from './pages/welcome-page.ts';
import { artifactsDir } from './support/paths.ts';

/** A new address per call: every spec signs up its own user, so specs run in parallel. */
export function newEmail(tag = 'user'): string {
  return `e2e-${tag}-${randomUUID().slice(0, 8)}@example.com`;
}

interface Fixtures {
  loginPage: LoginPage;
  welcomePage: WelcomePage;
  shell: AppShell;
  /** Signs up a new user through the UI (code from the SMTP sink, names on /welcome) and lands on /chat. */
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
  signUp: async ({ page, loginPage, welcomePage }, use) => {
    await use(async (options = {}) => {
      const email = options.email ?? newEmail();
      await loginPage.goto();
      await loginPage.signIn(email);
      await welcomePage.submitNames(options.firstName ?? 'Lucía', options.lastName ?? 'Fernández');
      await expect(page).toHaveURL(/\/chat/);
      return { email };
    });
  },
});

export { expect };

/** Keeps a full-page screenshot in e2e/artifacts/ and attaches it to the report. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

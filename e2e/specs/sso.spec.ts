import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, signUpIn, test } from '../fixtures.ts';
import { describeFindings, desktopLooks, phoneLooks, scanLooks, settle } from '../support/a11y.ts';
import { ownServer } from '../support/own-server.ts';
import { startDnsPeer, type DnsPeer } from '../../apps/server/test/helpers/dns-peer.ts';
import { startOidcPeer, type OidcPeer } from '../../apps/server/test/helpers/oidc-peer.ts';

/** What the spec reads and clicks, in each of the app's languages. */
const words = {
  es: {
    browser: 'es-ES',
    profileMenu: 'Menú de perfil',
    openMenu: 'Abrir menú',
    enterpriseTitle: 'El SSO es del plan Enterprise',
    issuer: 'Emisor (issuer)',
    clientId: 'ID de cliente',
    clientSecret: 'Secreto de cliente',
    save: 'Guardar proveedor',
    saved: 'Proveedor guardado',
    addDomain: 'Añadir dominio',
    verify: 'Verificar',
    notFound: 'El dominio aún no está verificado',
    verified: 'Verificado',
    require: 'Requerir SSO',
    required: 'SSO obligatorio para tus dominios',
    email: 'Correo electrónico',
    continueWithEmail: 'Continuar con correo electrónico',
    ssoRequired: 'Tu organización inicia sesión con inicio de sesión único',
    continueWithSso: 'Continuar con SSO',
  },
  en: {
    browser: 'en-GB',
    profileMenu: 'Profile menu',
    openMenu: 'Open menu',
    enterpriseTitle: 'SSO is part of the Enterprise plan',
    issuer: 'Issuer',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    save: 'Save provider',
    saved: 'Provider saved',
    addDomain: 'Add domain',
    verify: 'Verify',
    notFound: 'The domain is not verified yet',
    verified: 'Verified',
    require: 'Require SSO',
    required: 'SSO required for your domains',
    email: 'Email',
    continueWithEmail: 'Continue with email',
    ssoRequired: 'Your organisation signs in with single sign-on',
    continueWithSso: 'Continue with SSO',
  },
} as const;
type Language = keyof typeof words;

async function newContext(browser: Browser, baseURL: string, locale: string, width: number) {
  return browser.newContext({ baseURL, locale, viewport: { width, height: 900 } });
}

/** Settings → SSO through the profile menu (desktop) or the slide-in menu (phone). */
async function openSsoSettings(page: Page, w: (typeof words)[Language], width: number) {
  await page.getByRole('button', { name: width < 768 ? w.openMenu : w.profileMenu }).click();
  await page.getByRole('link', { name: 'SSO', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/sso$/);
}

/** The page at its width, with nothing scrolling it sideways, kept for a look. */
async function shoot(page: Page, testInfo: TestInfo, name: string, width: number) {
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
  await keepScreenshot(page, testInfo, `${name}-${width}`);
}

const looks = [
  ['es', 1280],
  ['en', 390],
] as const;

test.describe('SSO settings', () => {
  // The tests take turns in one worker, on the server and owners set up once before them: each owner
  // signs up and sees what the free plan says, then one stop of the server makes both Enterprise.
  test.describe.configure({ mode: 'default' });
  const own = ownServer('sso');
  let url = '';
  let dns: DnsPeer;
  const idps: OidcPeer[] = [];
  const owners = new Map<Language, { context: BrowserContext; page: Page; domain: string }>();

  test.beforeAll(async ({ browser }) => {
    // A start, the sign-ups, the operator commands and a second start: minutes on a loaded machine.
    test.setTimeout(600_000);
    dns = await startDnsPeer();
    ({ url } = await own.start({ DNS_RESOLVER: dns.server }));
    const workspaceIds: string[] = [];
    for (const [language, width] of looks) {
      const w = words[language];
      const domain = `${language}-${randomUUID().slice(0, 8)}.test`;
      const context = await newContext(browser, url, w.browser, width);
      const owner = await context.newPage();
      await signUpIn(owner, w.browser, { email: `owner@${domain}`, firstName: 'Carmen', lastName: 'Vidal' });
      await openSsoSettings(owner, w, width);
      // On the free plan the page says what it needs.
      await expect(owner.getByRole('heading', { name: w.enterpriseTitle })).toBeVisible();
      workspaceIds.push((await owner.evaluate(() => localStorage.getItem('workspaceId')))!);
      owners.set(language, { context, page: owner, domain });
    }
    await own.admin(...workspaceIds.map((id) => ['set-plan', id, 'enterprise', '--seats', '5']));
  });
  test.afterAll(async () => {
    for (const { context } of owners.values()) await context.close();
    for (const idp of idps) await idp.close();
    await dns?.close();
  });

  for (const [language, width] of looks) {
    const w = words[language];

    test(`(${language}, ${width} px) the owner sets the provider, verifies a domain by DNS and requires SSO; a member then signs in only through it`, async ({
      browser,
    }, testInfo) => {
      test.setTimeout(300_000);
      const { context: ownerContext, page: owner, domain } = owners.get(language)!;
      const idp = await startOidcPeer(`${url}/api/auth/sso/callback`);
      idps.push(idp);
      await owner.reload();

      await owner.getByLabel(w.issuer).fill(idp.issuer);
      await owner.getByLabel(w.clientId).fill(idp.clientId);
      await owner.getByLabel(w.clientSecret).fill(idp.clientSecret);
      await owner.getByRole('button', { name: w.save }).click();
      await expect(owner.getByText(w.saved)).toBeVisible();
      await expect(owner.getByLabel(w.clientSecret)).toHaveValue('');

      const requireSwitch = owner.getByRole('switch', { name: w.require });
      await expect(requireSwitch).toBeDisabled();
      await owner.getByRole('textbox', { name: w.addDomain }).fill(domain);
      await owner.getByRole('button', { name: w.addDomain }).click();
      const row = owner.getByTestId('sso-domain').filter({ hasText: domain });
      const record = row.getByRole('textbox');
      await expect(record).toHaveValue(/^redacta-verification=/);
      await row.getByRole('button', { name: w.verify }).click();
      await expect(row.getByRole('alert')).toContainText(w.notFound);
      await shoot(owner, testInfo, `sso-pending-${language}`, width);

      dns.publishTxt(`_redacta.${domain}`, await record.inputValue());
      await row.getByRole('button', { name: w.verify }).click();
      await expect(row.getByText(w.verified, { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: w.verify })).toHaveCount(0);
      await requireSwitch.click();
      await expect(owner.getByText(w.required)).toBeVisible();
      await expect(requireSwitch).toHaveAttribute('aria-checked', 'true');
      await shoot(owner, testInfo, `sso-required-${language}`, width);
      const findings = await scanLooks(
        owner,
        `SSO settings (${language})`,
        width < 768 ? phoneLooks : desktopLooks,
      );
      expect(findings, describeFindings(findings)).toEqual([]);

      // A colleague asks for an e-mail code: refused, saying why; SSO lets them in.
      idp.signInAs({
        sub: `idp-${language}`,
        email: `marta@${domain}`,
        email_verified: true,
        given_name: 'Marta',
        family_name: 'Ruiz',
      });
      const memberContext = await newContext(browser, url, w.browser, width);
      const member = await memberContext.newPage();
      await member.goto('/login');
      await member.getByLabel(w.email).fill(`marta@${domain}`);
      await member.getByRole('button', { name: w.continueWithEmail }).click();
      await expect(member.getByRole('alert')).toContainText(w.ssoRequired);
      await shoot(member, testInfo, `sso-login-refused-${language}`, width);
      await member.getByRole('button', { name: w.continueWithSso }).click();
      // The identity provider's own sign-in and consent pages.
      await member.waitForURL((address) => address.origin === idp.issuer);
      await member.locator('input[name="login"]').fill(`idp-${language}`);
      await member.locator('input[name="password"]').fill('any');
      await member.locator('button[type="submit"]').click();
      await member.locator('button[type="submit"]').click();
      await expect(member).toHaveURL(/\/chat/);

      await owner.goto('/workspace-settings');
      await expect(owner.getByText('Marta Ruiz')).toBeVisible();
      await memberContext.close();
      await ownerContext.close();
    });
  }
});

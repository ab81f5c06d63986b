import type { Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { setUpSandboxTeam } from '../pages/live-team.ts';
import { chooseLanguage, type Language } from '../support/language.ts';
import { settle } from '../support/a11y.ts';

/** What the spec reads and picks, in each of the app's languages. */
const words = {
  es: {
    members: 'Miembros',
    seats: '1 de 3',
    role: 'Rol de Lucía Fernández',
    admin: 'Administrador',
    member: 'Miembro',
    madeAdmin: 'Lucía Fernández ahora tiene el rol de administración',
    madeMember: 'Lucía Fernández ahora es miembro',
    profileMenu: 'Menú de perfil',
    audit: 'Registro de actividad',
    roleChanged: 'Rol cambiado',
    list: 'Entradas del registro',
    ownerOnly: 'Solo el propietario y los administradores ven el registro',
  },
  en: {
    members: 'Members',
    seats: '1 of 3',
    role: 'Role of Lucía Fernández',
    admin: 'Admin',
    member: 'Member',
    madeAdmin: 'Lucía Fernández is now an admin',
    madeMember: 'Lucía Fernández is now a member',
    profileMenu: 'Profile menu',
    audit: 'Audit log',
    roleChanged: 'Role changed',
    list: 'Log entries',
    ownerOnly: 'Only the owner and admins see the log',
  },
} as const;

/** The page at both widths, kept for a look, and never wider than the window; back at 1280 after. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390] as const) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
    await keepScreenshot(page, testInfo, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The profile menu (the mobile header's menu first at phone width) has the audit log's link. */
async function auditLink(page: Page, w: (typeof words)[Language]) {
  await page.getByRole('button', { name: w.profileMenu }).click();
  return page.getByRole('link', { name: w.audit });
}

test('the owner makes a teammate an admin, who then reads the audit log, and a member again, in both languages', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(300_000);
  const { owner, teammate, ownerContext, teammateContext } = await setUpSandboxTeam(browser, baseURL!, {
    workspace: 'Agencia Norte',
  });
  for (const language of ['es', 'en'] as const) {
    const w = words[language];
    for (const page of [owner, teammate]) await chooseLanguage(page, language);

    // The owner picks the role in the members list, with the keyboard: the choice shows at once.
    await owner.goto('/workspace-settings');
    const members = owner.getByRole('region', { name: w.members });
    const role = members.getByRole('combobox', { name: w.role });
    await expect(role).toHaveValue('member');
    await role.focus();
    await role.selectOption('admin');
    await expect(owner.getByRole('status').filter({ hasText: w.madeAdmin })).toBeVisible();
    await expect(role).toHaveValue('admin');
    // An admin takes a seat as a member does.
    await expect(members.getByText(w.seats, { exact: true })).toBeVisible();
    await shoot(owner, testInfo, `admin-role-owner-${language}`);

    // The teammate sees her badge and, at her next request, the audit log with the change in it.
    await teammate.goto('/workspace-settings');
    const own = teammate
      .getByRole('region', { name: w.members })
      .getByRole('listitem')
      .filter({ hasText: 'Lucía' });
    await expect(own.getByText(w.admin, { exact: true })).toBeVisible();
    await shoot(teammate, testInfo, `admin-role-admin-members-${language}`);
    await (await auditLink(teammate, w)).click();
    await expect(teammate.getByRole('list', { name: w.list }).getByText(w.roleChanged).first()).toBeVisible();
    await shoot(teammate, testInfo, `admin-role-admin-audit-${language}`);

    // Back to member: the log closes to her again.
    await owner.goto('/workspace-settings');
    await members.getByRole('combobox', { name: w.role }).selectOption('member');
    await expect(owner.getByRole('status').filter({ hasText: w.madeMember })).toBeVisible();
    await teammate.goto('/settings/audit');
    await expect(teammate.getByText(w.ownerOnly)).toBeVisible();
    await teammate.goto('/workspace-settings');
    await expect(
      teammate
        .getByRole('region', { name: w.members })
        .getByRole('listitem')
        .filter({ hasText: 'Lucía' })
        .getByText(w.member, { exact: true }),
    ).toBeVisible();
  }
  await ownerContext.close();
  await teammateContext.close();
});

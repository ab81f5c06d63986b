import { expect, type Locator, type Page } from '@playwright/test';

/** /workspace-settings: name, members and seats, pending invitations, leaving; the invite modal. Spanish labels. */
export class WorkspaceSettingsPage {
  readonly name: Locator;
  readonly members: Locator;
  readonly pending: Locator;
  readonly addMembers: Locator;
  readonly inviteDialog: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByLabel('Nombre del espacio de trabajo');
    this.members = page.getByRole('region', { name: 'Miembros' });
    this.pending = page.getByRole('region', { name: 'Invitaciones pendientes' });
    this.addMembers = this.members.getByRole('button', { name: 'Añadir miembros' });
    this.inviteDialog = page.getByRole('dialog', { name: 'Invitar a un compañero' });
  }

  async goto() {
    await this.page.goto('/workspace-settings');
    await expect(this.name).toBeVisible();
    await expect(this.members.getByText('Propietario')).toBeVisible();
  }

  seats(used: number, total: number): Locator {
    return this.members.getByText(`${used} de ${total}`, { exact: true });
  }

  member(name: string): Locator {
    return this.members.getByRole('listitem').filter({ hasText: name });
  }

  /** Renames the workspace and waits for the success toast. */
  async rename(name: string) {
    await this.name.fill(name);
    await this.page.getByRole('button', { name: 'Guardar' }).click();
    await expect(
      this.page
        .getByRole('status')
        .filter({ hasText: 'Nombre del espacio de trabajo cambiado correctamente' }),
    ).toBeVisible();
  }

  /** Invites `email` from the "Añadir miembros" modal and waits for the success toast. */
  async invite(email: string) {
    await this.addMembers.click();
    await expect(this.inviteDialog).toBeVisible();
    await this.inviteDialog.getByLabel('Correo electrónico').fill(email);
    await this.inviteDialog.getByRole('button', { name: 'Enviar invitación' }).click();
    // The workspace's first invitation stays open on its step about sharing projects: not now.
    const sent = this.page.getByRole('status').filter({ hasText: 'Usuario invitado correctamente' });
    await expect(sent.or(this.firstInviteStep)).toBeVisible();
    if (await this.firstInviteStep.isVisible()) await this.dismissFirstInviteStep();
    await expect(this.inviteDialog).toBeHidden();
    await expect(this.addMembers).toBeFocused();
  }

  /** The step after the workspace's first invitation, instead of a toast: projects are private until shared. */
  get firstInviteStep(): Locator {
    return this.inviteDialog.getByText('Los proyectos son privados hasta que se comparten', {
      exact: false,
    });
  }

  async dismissFirstInviteStep() {
    await expect(this.firstInviteStep).toBeVisible();
    await this.page.keyboard.press('Escape');
    await expect(this.inviteDialog).toBeHidden();
  }

  async removeMember(name: string) {
    await this.members.getByRole('button', { name: `Eliminar a ${name}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `¿Eliminar a ${name}?` });
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(
      this.page.getByRole('status').filter({ hasText: `${name} ya no es miembro del espacio de trabajo` }),
    ).toBeVisible();
  }
}

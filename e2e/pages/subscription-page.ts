import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';

/** The upgrade modal, wherever it was opened from (sidebar, out of words, Labs, /subscription). */
export class UpgradeModal {
  readonly dialog: Locator;
  readonly buy: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Mejora al Plan Pro' });
    this.buy = this.dialog.getByRole('button', { name: 'Continuar con el pago' });
  }

  tab(name: 'Anual' | 'Mensual'): Locator {
    return this.dialog.getByRole('tab', { name: new RegExp(`^${name}`) });
  }

  /** Buys Pro for the period and lands on the sandbox checkout page. */
  async checkout(period: 'Anual' | 'Mensual') {
    await this.tab(period).click();
    await expect(this.tab(period)).toHaveAttribute('aria-selected', 'true');
    await this.buy.click();
    await expect(this.page).toHaveURL(/\/subscription\/sandbox-checkout\?session=sbx_/);
  }
}

/** The sandbox's stand-in for Stripe Checkout. */
export class SandboxCheckoutPage {
  readonly label: Locator;
  readonly amount: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.label = page.getByText('Modo de prueba — no se cobra nada');
    this.amount = page.getByTestId('sandbox-amount');
    this.confirm = page.getByRole('button', { name: 'Confirmar el pago de prueba' });
  }

  /** Confirms the test payment and follows the success address back to /chat. */
  async pay() {
    await expect(this.label).toBeVisible();
    await this.confirm.click();
    // Back on the chat, the checkout's stripe=true consumed (the open project may be in the address).
    await expect(this.page).toHaveURL(/\/chat(\?project=[0-9a-f-]+)?$/);
  }
}

/** The owner buys monthly Pro from the sidebar's upgrade button and pays on the sandbox checkout page. */
export async function buyProInSandbox(owner: Page) {
  await new AppShell(owner).sidebar.getByRole('button', { name: 'Mejora al Plan Pro' }).click();
  await new UpgradeModal(owner).checkout('Mensual');
  await new SandboxCheckoutPage(owner).pay();
}

/** /subscription: the plan, seats and the owner's actions. */
export class SubscriptionPage {
  readonly plan: Locator;
  readonly planLabel: Locator;
  readonly seats: Locator;
  readonly addSeats: Locator;
  readonly switchToYearly: Locator;
  readonly cancel: Locator;
  readonly resume: Locator;
  readonly upgrade: Locator;

  constructor(readonly page: Page) {
    this.plan = page.getByRole('region', { name: 'Plan actual', includeHidden: true });
    this.planLabel = page.getByTestId('plan-label');
    this.seats = page.getByTestId('seats-used');
    this.addSeats = page.getByRole('button', { name: 'Añadir asientos' });
    this.switchToYearly = page.getByRole('button', { name: 'Pasar a anual' });
    this.cancel = page.getByRole('button', { name: 'Cancelar suscripción' });
    this.resume = page.getByRole('button', { name: 'Reanudar suscripción' });
    this.upgrade = page.getByRole('main').getByRole('button', { name: 'Mejora al Plan Pro' });
  }

  async goto() {
    await this.page.goto('/subscription');
    await expect(this.planLabel).toBeVisible();
  }

  async buySeats(count: number) {
    await this.addSeats.click();
    const dialog = this.page.getByRole('dialog', { name: 'Añadir asientos' });
    await dialog.getByLabel('Número de asientos').fill(String(count));
    // The button names the seats it buys and their price.
    const plural = count === 1 ? '' : 's';
    await dialog.getByRole('button', { name: new RegExp(`^Añadir ${count} asiento${plural} · `) }).click();
    await expect(dialog).toBeHidden();
  }

  async upgradeToYearly() {
    await this.switchToYearly.click();
    const dialog = this.page.getByRole('dialog', { name: '¿Pasar a facturación anual?' });
    await dialog.getByRole('button', { name: 'Pasar a anual' }).click();
    await expect(dialog).toBeHidden();
  }
}

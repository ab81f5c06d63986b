import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { SandboxCheckoutPage, SubscriptionPage, UpgradeModal } from '../pages/subscription-page.ts';

/**
 * Billing end to end in the sandbox (the suite's server runs in development, where billing is the
 * offline sandbox unless Stripe is configured): the same routes and state changes as with Stripe,
 * confirmed on the local checkout page instead of Stripe's.
 */

/** Free → Pro from the sidebar's upgrade button, paying on the sandbox checkout page. */
async function buyPro(page: Page, period: 'Anual' | 'Mensual') {
  const shell = new AppShell(page);
  const upgrade = new UpgradeModal(page);
  await shell.sidebar.getByRole('button', { name: 'Mejora al Plan Pro' }).click();
  await expect(upgrade.tab('Anual')).toHaveAttribute('aria-selected', 'true');
  await expect(upgrade.dialog).toContainText('36 €');
  await expect(upgrade.dialog).toContainText('432 € facturados una vez al año');
  await expect(upgrade.dialog).toContainText('Modo de prueba — no se cobra nada');
  await upgrade.checkout(period);
  const checkout = new SandboxCheckoutPage(page);
  await expect(checkout.amount).toHaveText(period === 'Anual' ? '432 € al año' : '49 € al mes');
  await checkout.pay();
  // Confirmed: the dialog says so and what changed, then the chat is back.
  const welcome = page.getByRole('dialog', { name: 'Ya tienes el Plan Pro' });
  await expect(welcome).toContainText('Palabras ilimitadas: ya no hay límite mensual.');
  await expect(welcome).toContainText('3 asientos para tu equipo, además de ti.');
  await welcome.getByRole('button', { name: 'Seguir escribiendo' }).click();
  await expect(welcome).toBeHidden();
}

/** "24 de noviembre de 2027": how the page writes a date in Spanish. */
const spanishDate = (date: Date) =>
  date.toLocaleDateString('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });

test.describe('billing (sandbox)', () => {
  test('free → yearly Pro: Pro at once with the invite button; cancel declining the offer, then resume', async ({
    page,
    signUp,
  }) => {
    test.setTimeout(120_000);
    await signUp();
    const shell = new AppShell(page);
    await buyPro(page, 'Anual');

    await expect(shell.sidebar.getByRole('button', { name: 'Invitar a un compañero' })).toBeVisible();
    await shell.openProfileMenu();
    await expect(page.getByRole('dialog', { name: 'Menú de perfil' })).toContainText('Plan Pro');
    await page.keyboard.press('Escape');

    const subscription = new SubscriptionPage(page);
    await subscription.goto();
    await expect(subscription.planLabel).toHaveText('Plan Pro');
    await expect(subscription.plan).toContainText('Facturación anual');
    const renewal = new Date();
    renewal.setFullYear(renewal.getFullYear() + 1);
    await expect(subscription.plan).toContainText(`Se renueva el ${spanishDate(renewal)}`);

    await subscription.cancel.click();
    const offer = page.getByRole('dialog', { name: 'Antes de que te vayas' });
    await expect(offer).toContainText('64,80 € de descuento en tu próxima factura anual');
    await offer.getByRole('button', { name: 'No, cancelar la suscripción' }).click();
    const cancelled = page.getByRole('dialog', { name: 'Suscripción cancelada' });
    await expect(cancelled).toContainText('No se te cobrará nada más.');
    await cancelled.getByRole('button', { name: 'Ir a mi cuenta' }).click();
    await expect(cancelled).toBeHidden();
    await expect(subscription.plan).toContainText(
      `Tu Plan Pro termina el ${spanishDate(renewal)} y no se renovará`,
    );
    await expect(subscription.plan).not.toContainText('Se renueva');
    // Still Pro until then.
    await expect(subscription.planLabel).toHaveText('Plan Pro');

    await subscription.resume.click();
    await expect(subscription.plan).toContainText(`Se renueva el ${spanishDate(renewal)}`);
    await expect(subscription.cancel).toBeVisible();
    await page.reload();
    await expect(subscription.plan).toContainText(`Se renueva el ${spanishDate(renewal)}`);
  });

  test('monthly Pro: add 2 seats → 5 seats, then switch to yearly', async ({ page, signUp }) => {
    test.setTimeout(120_000);
    await signUp();
    await buyPro(page, 'Mensual');

    const subscription = new SubscriptionPage(page);
    await subscription.goto();
    await expect(subscription.plan).toContainText('Facturación mensual');
    await expect(subscription.seats).toHaveText('0 de 3 asientos ocupados');

    await subscription.buySeats(2);
    await expect(page.getByText('2 asientos añadidos correctamente')).toBeVisible();
    await expect(subscription.seats).toHaveText('0 de 5 asientos ocupados');
    await expect(page.getByText('3 incluidos en el Plan Pro + 2 adicionales')).toBeVisible();

    await expect(page.getByText('432 € al año en lugar de 49 € al mes: ahorras un 25 %.')).toBeVisible();
    await subscription.upgradeToYearly();
    await expect(subscription.plan).toContainText('Facturación anual');
    await expect(subscription.switchToYearly).toBeHidden();
    await page.reload();
    await expect(subscription.plan).toContainText('Facturación anual');
    await expect(subscription.seats).toHaveText('0 de 5 asientos ocupados');
  });

  test('cancelling, the offer accepted: the discount runs and the subscription renews', async ({
    page,
    signUp,
  }) => {
    test.setTimeout(120_000);
    await signUp();
    await buyPro(page, 'Mensual');
    const subscription = new SubscriptionPage(page);
    await subscription.goto();
    await subscription.cancel.click();
    const offer = page.getByRole('dialog', { name: 'Antes de que te vayas' });
    await offer.getByRole('button', { name: 'Aceptar el descuento' }).click();
    const accepted = page.getByRole('dialog', { name: 'Descuento aplicado' });
    await expect(accepted).toContainText('en tus próximas 3 facturas mensuales');
    await expect(accepted).toContainText('88,20 € menos en total');
    await accepted.getByRole('button', { name: 'Ir a mi cuenta' }).click();
    await expect(subscription.plan).toContainText(
      'Descuento del 60 %: 29,40 € menos en cada factura mensual hasta el',
    );
    await expect(subscription.plan).toContainText('Se renueva el');
    // The offer is made once: cancelling again asks for a plain confirmation.
    await subscription.cancel.click();
    await expect(page.getByRole('dialog', { name: '¿Cancelar la suscripción?' })).toBeVisible();
  });
});

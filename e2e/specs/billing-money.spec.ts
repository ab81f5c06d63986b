import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, keepScreenshot, test } from '../fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { SandboxCheckoutPage, SubscriptionPage, UpgradeModal } from '../pages/subscription-page.ts';
import { describeFindings, scan, scanLooks, type Finding } from '../support/a11y.ts';
import { chooseLanguage, type Language } from '../support/language.ts';

/**
 * What a paying team meets on /subscription, in a real browser (sandbox billing): the retention
 * offer worth its real amount to a yearly subscriber, the seat counter buying only what it names,
 * the confirmation after paying, and the plans' wording — at 1280 and 390 px, in Spanish and English.
 */

/** Axe in every look (both themes, 1280 and 390 px) on what is open now, then back to light at 1280. */
async function expectAccessible(page: Page, screen: string) {
  const findings: Finding[] = await scanLooks(page, screen);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(findings, describeFindings(findings)).toEqual([]);
}

/** Free → Pro on the sandbox checkout; back on the chat, the confirmation dialog is closed. */
async function buyPro(page: Page, period: 'Anual' | 'Mensual', testInfo?: TestInfo) {
  await new AppShell(page).sidebar.getByRole('button', { name: 'Mejora al Plan Pro' }).click();
  await new UpgradeModal(page).checkout(period);
  await new SandboxCheckoutPage(page).pay();
  const welcome = page.getByRole('dialog', { name: 'Ya tienes el Plan Pro' });
  await expect(welcome).toContainText('Palabras ilimitadas');
  await expect(welcome.getByRole('button', { name: 'Invitar a un compañero' })).toBeVisible();
  if (testInfo) {
    await keepScreenshot(page, testInfo, 'pro-welcome-1280-es');
    const findings = await scan(page, 'pro welcome dialog');
    expect(findings, describeFindings(findings)).toEqual([]);
  }
  await welcome.getByRole('button', { name: 'Seguir escribiendo' }).click();
  await expect(welcome).toBeHidden();
}

/** The date a yearly (or monthly) sandbox period bought today ends, written as the page writes it. */
function periodEnd(language: Language, period: 'year' | 'month') {
  const date = new Date();
  if (period === 'year') date.setFullYear(date.getFullYear() + 1);
  else date.setMonth(date.getMonth() + 1);
  return date.toLocaleDateString(language === 'es' ? 'es-ES' : 'en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/**
 * Screenshots of what is on screen at 1280 and 390 px (with `show` scrolled into view, when given),
 * back at 1280 afterwards.
 */
async function shootBothWidths(
  page: Page,
  testInfo: TestInfo,
  name: string,
  language: Language,
  show?: Locator,
) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await show?.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, `${name}-${width}-${language}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function switchLanguage(page: Page, language: Language) {
  await chooseLanguage(page, language);
  await page.reload();
}

test.describe('money and seats (sandbox)', () => {
  test('yearly: the retention offer takes 64,80 € off the next yearly invoice, and the summary says so', async ({
    page,
    signUp,
  }, testInfo) => {
    test.setTimeout(180_000);
    await signUp();
    await buyPro(page, 'Anual', testInfo);
    const subscription = new SubscriptionPage(page);
    await subscription.goto();
    const date = periodEnd('es', 'year');

    await subscription.cancel.click();
    const offer = page.getByRole('dialog', { name: 'Antes de que te vayas' });
    await expect(offer).toContainText(
      'Quédate en el Plan Pro con 64,80 € de descuento en tu próxima factura anual: el 60 % de 3 meses de tu plan.',
    );
    await expect(offer).toContainText(`Tu factura del ${date} será de 367,20 € en lugar de 432 €.`);
    await shootBothWidths(page, testInfo, 'retention-offer-yearly', 'es');
    await expectAccessible(page, 'retention offer');

    await offer.getByRole('button', { name: 'Aceptar el descuento' }).click();
    const accepted = page.getByRole('dialog', { name: 'Descuento aplicado' });
    await expect(accepted).toContainText(
      `Tu factura anual del ${date} será de 367,20 € en lugar de 432 €: 64,80 € menos.`,
    );
    await accepted.getByRole('button', { name: 'Ir a mi cuenta' }).click();
    await expect(accepted).toBeHidden();
    await expect(subscription.plan).toContainText(`Descuento de 64,80 € en tu factura anual del ${date}`);
    await expect(subscription.plan).toContainText(`Se renueva el ${date}`);
    await shootBothWidths(page, testInfo, 'subscription-yearly-discount', 'es');

    await switchLanguage(page, 'en');
    const plan = page.getByRole('region', { name: 'Current plan' });
    await expect(plan).toContainText(`€64.80 off your yearly invoice on ${periodEnd('en', 'year')}`);
    await shootBothWidths(page, testInfo, 'subscription-yearly-discount', 'en');
  });

  test('monthly, in English: the offer in euros over the next 3 invoices; declined, the plan says when it ends', async ({
    page,
    signUp,
  }, testInfo) => {
    test.setTimeout(180_000);
    await signUp();
    await buyPro(page, 'Mensual');
    await page.goto('/subscription');
    await switchLanguage(page, 'en');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const offer = page.getByRole('dialog', { name: 'Before you go' });
    await expect(offer).toContainText(
      'Stay on Plan Pro with 60% off your next 3 monthly invoices: €88.20 off in all.',
    );
    const date = periodEnd('en', 'month');
    await expect(offer).toContainText(
      `You will pay €19.60 instead of €49 on each, starting with the one on ${date}.`,
    );
    await shootBothWidths(page, testInfo, 'retention-offer-monthly', 'en');

    await offer.getByRole('button', { name: 'No, cancel my subscription' }).click();
    const cancelled = page.getByRole('dialog', { name: 'Subscription cancelled' });
    await cancelled.getByRole('button', { name: 'Go to my account' }).click();
    const plan = page.getByRole('region', { name: 'Current plan' });
    await expect(plan).toContainText(`Your Plan Pro ends on ${date} and will not renew`);
    await expect(plan).not.toContainText('Renews on');
    await shootBothWidths(page, testInfo, 'subscription-cancelled', 'en');

    await switchLanguage(page, 'es');
    await expect(new SubscriptionPage(page).plan).toContainText(
      `Tu Plan Pro termina el ${periodEnd('es', 'month')} y no se renovará`,
    );
    await shootBothWidths(page, testInfo, 'subscription-cancelled', 'es');
  });

  test('the seat counter refuses 0, 100, empty and letters, and buys exactly the seats it names', async ({
    page,
    signUp,
  }, testInfo) => {
    test.setTimeout(180_000);
    await signUp();
    await buyPro(page, 'Mensual');
    const subscription = new SubscriptionPage(page);
    await subscription.goto();
    await subscription.addSeats.click();
    const dialog = page.getByRole('dialog', { name: 'Añadir asientos' });
    const field = dialog.getByLabel('Número de asientos');
    const submit = dialog.locator('button[type="submit"]');

    const refused: Array<[typed: string, message: string]> = [
      ['0', 'Añade al menos 1 asiento.'],
      ['100', 'Puedes añadir como máximo 99 asientos a la vez.'],
      ['', 'Escribe cuántos asientos quieres añadir, de 1 a 99.'],
      ['dos', 'Escribe solo cifras: un número de 1 a 99.'],
    ];
    for (const [typed, message] of refused) {
      await field.fill(typed);
      // The field keeps what was typed (100 is not cut to 10) and says why it is refused.
      await expect(field).toHaveValue(typed);
      await expect(dialog.getByTestId('seats-problem')).toHaveText(message);
      await expect(submit).toBeDisabled();
      await expect(submit).toHaveText('Añadir asientos');
    }
    await field.fill('100');
    await shootBothWidths(page, testInfo, 'seats-refused', 'es');
    await expectAccessible(page, 'seat counter refusing 100');
    await field.press('Enter');
    await expect(dialog).toBeVisible();

    await field.fill('3');
    await expect(submit).toHaveText('Añadir 3 asientos · 45 € al mes');
    await expect(dialog).toContainText('Total: 45 € más al mes');
    await shootBothWidths(page, testInfo, 'seats-valid', 'es');
    await submit.click();
    await expect(page.getByText('3 asientos añadidos correctamente')).toBeVisible();
    await expect(subscription.seats).toHaveText('0 de 6 asientos ocupados');
    await expect(page.getByText('3 incluidos en el Plan Pro + 3 adicionales')).toBeVisible();

    await subscription.addSeats.click();
    await field.fill('1');
    await expect(submit).toHaveText('Añadir 1 asiento · 15 € al mes');
    await submit.click();
    await expect(subscription.seats).toHaveText('0 de 7 asientos ocupados');

    await switchLanguage(page, 'en');
    await page.getByRole('button', { name: 'Add seats' }).click();
    const english = page.getByRole('dialog', { name: 'Add seats' });
    await english.getByLabel('Number of seats').fill('0');
    await expect(english.getByTestId('seats-problem')).toHaveText('Add at least 1 seat.');
    await shootBothWidths(page, testInfo, 'seats-refused', 'en');
    await english.getByLabel('Number of seats').fill('2');
    await expect(english.locator('button[type="submit"]')).toHaveText('Add 2 seats · €30 a month');
    await shootBothWidths(page, testInfo, 'seats-valid', 'en');
  });

  test('the plans: "Plan Enterprise" with a contact address, and "Mejora al Plan Pro"', async ({
    page,
    signUp,
  }, testInfo) => {
    await signUp();
    const subscription = new SubscriptionPage(page);
    await subscription.goto();
    await expect(subscription.upgrade).toBeVisible();
    const plans = page.getByRole('region', { name: 'Planes' });
    await expect(plans.getByRole('heading', { name: 'Plan Enterprise' })).toBeVisible();
    const contact = plans.getByRole('link', { name: 'Contactar con ventas' });
    await expect(contact).toHaveAttribute('href', 'mailto:ventas@redacta.example?subject=Plan%20Enterprise');
    await shootBothWidths(page, testInfo, 'subscription-plans', 'es', contact);
    await switchLanguage(page, 'en');
    const english = page.getByRole('region', { name: 'Plans' }).getByRole('link', { name: 'Contact sales' });
    await expect(english).toBeVisible();
    await shootBothWidths(page, testInfo, 'subscription-plans', 'en', english);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { renderInSession, startSignedOut } from '../../../../test/session';
import { fakeBillingApi, W } from '../test/fake-billing-api';
import SubscriptionPage from './subscription-page';

function renderPage(billing: ReturnType<typeof fakeBillingApi>) {
  return renderInSession([{ path: '/subscription', element: <SubscriptionPage /> }], billing.handlers);
}

const planSection = () => screen.getByRole('region', { name: /Plan actual|Current plan/, hidden: true });

async function openSeats() {
  await userEvent.click(await screen.findByRole('button', { name: 'Añadir asientos' }));
  const dialog = await screen.findByRole('dialog', { name: 'Añadir asientos' });
  return { dialog, field: within(dialog).getByLabelText('Número de asientos') };
}

describe('the seat counter buys only the seats it names', () => {
  beforeEach(startSignedOut);

  it.each([
    ['0', 'Añade al menos 1 asiento.'],
    ['100', 'Puedes añadir como máximo 99 asientos a la vez.'],
    ['abc', 'Escribe solo cifras: un número de 1 a 99.'],
    ['', 'Escribe cuántos asientos quieres añadir, de 1 a 99.'],
  ])('"%s" is refused with a message and a disabled button, and buys nothing', async (typed, message) => {
    const { callsTo } = renderPage(fakeBillingApi({ plan: 'pro_monthly' }));
    const { dialog, field } = await openSeats();
    await userEvent.clear(field);
    if (typed) await userEvent.type(field, typed);
    // What was typed stays as typed: 100 is not cut to 10, 0 is not raised to 1.
    expect(field).toHaveValue(typed);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByTestId('seats-problem')).toHaveTextContent(message);
    const submit = within(dialog).getByRole('button', { name: 'Añadir asientos' });
    expect(submit).toBeDisabled();
    expect(dialog).not.toHaveTextContent(/Total:/);
    await userEvent.type(field, '{Enter}');
    expect(callsTo(`POST /api/workspace/${W}/buy-additional-seat`)).toHaveLength(0);
  });

  it('a valid count names the seats and their price on the button, in Spanish and English', async () => {
    const { callsTo } = renderPage(fakeBillingApi({ plan: 'pro_monthly' }));
    const { dialog, field } = await openSeats();
    await userEvent.clear(field);
    await userEvent.type(field, '99');
    expect(within(dialog).getByRole('button', { name: 'Añadir 99 asientos · 1485 € al mes' })).toBeEnabled();
    await act(() => changeLocale('en'));
    expect(within(dialog).getByRole('button', { name: 'Add 99 seats · €1,485 a month' })).toBeEnabled();
    await userEvent.clear(field);
    await userEvent.type(field, '0');
    expect(within(dialog).getByTestId('seats-problem')).toHaveTextContent('Add at least 1 seat.');
    await act(() => changeLocale('es'));
    // From a refused value, + starts again from the nearest allowed count.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Un asiento más' }));
    expect(field).toHaveValue('1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir 1 asiento · 15 € al mes' }));
    expect(await screen.findByText('1 asiento añadido correctamente')).toBeInTheDocument();
    expect(callsTo(`POST /api/workspace/${W}/buy-additional-seat`)[0]!.body).toEqual({ numberOfSeats: 1 });
  });
});

describe('the retention offer states its real amount and invoice', () => {
  beforeEach(startSignedOut);

  it('yearly, in English: 64.80 off the next yearly invoice, then the summary says the same', async () => {
    await changeLocale('en');
    try {
      renderPage(fakeBillingApi({ plan: 'pro_yearly' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
      const offer = await screen.findByRole('dialog', { name: 'Before you go' });
      expect(offer).toHaveTextContent(
        'Stay on Plan Pro with €64.80 off your next yearly invoice: 60% of 3 months of your plan.',
      );
      expect(offer).toHaveTextContent('Your invoice on December 24, 2026 will be €367.20 instead of €432.');
      await userEvent.click(within(offer).getByRole('button', { name: 'Accept the discount' }));
      const done = await screen.findByRole('dialog', { name: 'Discount applied' });
      expect(done).toHaveTextContent(
        'Your yearly invoice on December 24, 2026 will be €367.20 instead of €432: €64.80 off.',
      );
      await userEvent.click(within(done).getByRole('button', { name: 'Go to my account' }));
      expect(screen.getByTestId('plan-discount')).toHaveTextContent(
        '€64.80 off your yearly invoice on December 24, 2026',
      );
    } finally {
      await act(() => changeLocale('es'));
    }
  });

  it('yearly, in Spanish, with two extra seats: the amount counts them', async () => {
    renderPage(fakeBillingApi({ plan: 'pro_yearly', extraSeats: 2 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar suscripción' }));
    const offer = await screen.findByRole('dialog', { name: 'Antes de que te vayas' });
    expect(offer).toHaveTextContent('con 108 € de descuento en tu próxima factura anual');
    await userEvent.click(within(offer).getByRole('button', { name: 'Aceptar el descuento' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ir a mi cuenta' }));
    expect(planSection()).toHaveTextContent(
      'Descuento de 108 € en tu factura anual del 24 de diciembre de 2026',
    );
  });

  it('monthly: 60 % off each of the next 3 invoices, from the next one', async () => {
    renderPage(fakeBillingApi({ plan: 'pro_monthly' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar suscripción' }));
    const offer = await screen.findByRole('dialog', { name: 'Antes de que te vayas' });
    expect(offer).toHaveTextContent(
      'Quédate en el Plan Pro con un 60 % de descuento en tus próximas 3 facturas mensuales: 88,20 € menos en total.',
    );
    expect(offer).toHaveTextContent(
      'Pagarás 19,60 € en lugar de 49 € en cada una, empezando por la del 24 de diciembre de 2026.',
    );
  });
});

describe('the plans', () => {
  beforeEach(startSignedOut);

  it('the Spanish page names "Plan Enterprise" and offers to write to the configured address', async () => {
    renderPage(fakeBillingApi({ plan: 'free', enterpriseContactEmail: 'ventas@example.com' }));
    const contact = await screen.findByRole('link', { name: 'Contactar con ventas' });
    expect(contact).toHaveAttribute('href', 'mailto:ventas@example.com?subject=Plan%20Enterprise');
    const plans = screen.getByRole('region', { name: 'Planes' });
    expect(within(plans).getByRole('heading', { name: 'Plan Enterprise' })).toBeInTheDocument();
    expect(plans).not.toHaveTextContent('Enterprise plan');
  });

  it('without a configured address there is no contact action', async () => {
    renderPage(fakeBillingApi({ plan: 'free' }));
    expect(await screen.findByTestId('plan-label')).toHaveTextContent('Plan gratuito');
    expect(screen.queryByRole('link', { name: 'Contactar con ventas' })).not.toBeInTheDocument();
  });

  it('the upgrade action says "Mejora al Plan Pro"', async () => {
    renderPage(fakeBillingApi({ plan: 'free', mode: 'sandbox' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mejora al Plan Pro' }));
    expect(await screen.findByRole('dialog', { name: 'Mejora al Plan Pro' })).toBeInTheDocument();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '@/lib/i18n';
import userEvent from '@testing-library/user-event';
import { renderInSession, startSignedOut } from '../../../../test/session';
import { fakeBillingApi, stubLocation, W } from '../test/fake-billing-api';
import SubscriptionPage from './subscription-page';

function renderPage(billing: ReturnType<typeof fakeBillingApi>) {
  return renderInSession([{ path: '/subscription', element: <SubscriptionPage /> }], billing.handlers);
}

// Found also while a dialog hides the page from assistive technology.
const planSection = () => screen.getByRole('region', { name: 'Plan actual', hidden: true });

describe('/subscription', () => {
  beforeEach(startSignedOut);

  it('shows the plan, its billing period, the renewal date and the seats', async () => {
    renderPage(fakeBillingApi({ plan: 'pro_monthly', extraSeats: 1, seatsUsed: 2 }));
    expect(await screen.findByTestId('plan-label')).toHaveTextContent('Plan Pro');
    expect(planSection()).toHaveTextContent('Facturación mensual');
    expect(planSection()).toHaveTextContent('Se renueva el 24 de diciembre de 2026');
    expect(planSection()).toHaveTextContent('Activa');
    expect(screen.getByTestId('seats-used')).toHaveTextContent('2 de 4 asientos ocupados');
    expect(screen.getByText('3 incluidos en el Plan Pro + 1 adicional')).toBeInTheDocument();
    expect(screen.queryByTestId('sandbox-label')).not.toBeInTheDocument();
  });

  it("shows the workspace's storage against its plan's quota with a bar, in Spanish and English", async () => {
    renderPage(fakeBillingApi({ plan: 'free', storedBytes: 12.5 * 1024 * 1024 }));
    const storage = await screen.findByTestId('storage-usage');
    expect(storage).toHaveTextContent('12,5 MB de 50 MB usados');
    const bar = within(storage).getByRole('progressbar', { name: 'Almacenamiento' });
    expect(bar).toHaveAttribute('aria-valuenow', String(12.5 * 1024 * 1024));
    expect(bar).toHaveAttribute('aria-valuemax', String(50 * 1024 * 1024));
    expect(storage).toHaveTextContent('Documentos, conversaciones, voces de marca y plantillas');

    await act(() => changeLocale('en'));
    expect(screen.getByTestId('storage-usage')).toHaveTextContent('12.5 MB of 50 MB used');
    await act(() => changeLocale('es'));
  });

  it('a Pro workspace has 5 GB; a full one is told what to do', async () => {
    renderPage(fakeBillingApi({ plan: 'pro_monthly', storedBytes: 5 * 1024 * 1024 * 1024 }));
    const storage = await screen.findByTestId('storage-usage');
    expect(storage).toHaveTextContent('5 GB de 5 GB usados');
    expect(storage).toHaveTextContent('Has llenado el almacenamiento: borra lo que ya no necesites');
  });

  it('adds seats: 1 to 99, the monthly seat price, then the new count and the success message', async () => {
    const { callsTo } = renderPage(fakeBillingApi({ plan: 'pro_monthly' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir asientos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir asientos' });
    const count = within(dialog).getByLabelText('Número de asientos');
    expect(count).toHaveValue('1');
    expect(within(dialog).getByRole('button', { name: 'Un asiento menos' })).toBeDisabled();
    expect(dialog).toHaveTextContent('15 € por asiento al mes');
    await userEvent.clear(count);
    await userEvent.type(count, '12');
    expect(dialog).toHaveTextContent('Total: 180 € más al mes');
    await userEvent.clear(count);
    await userEvent.type(count, '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Un asiento más' }));
    expect(count).toHaveValue('2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir 2 asientos · 30 € al mes' }));
    expect(await screen.findByText('2 asientos añadidos correctamente')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('seats-used')).toHaveTextContent('0 de 5 asientos ocupados');
    expect(callsTo(`POST /api/workspace/${W}/buy-additional-seat`)[0]!.body).toEqual({ numberOfSeats: 2 });
  });

  it('a yearly subscription prices seats per year, and one seat says so in the singular', async () => {
    renderPage(fakeBillingApi({ plan: 'pro_yearly' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir asientos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir asientos' });
    expect(dialog).toHaveTextContent('144 € por asiento al año');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir 1 asiento · 144 € al año' }));
    expect(await screen.findByText('1 asiento añadido correctamente')).toBeInTheDocument();
  });

  it('seats that cannot be added: the reason, and the dialog stays open to try again', async () => {
    renderPage(fakeBillingApi({ plan: 'pro_monthly', fail: { seats: [502, 'BILLING_PROVIDER_ERROR'] } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Añadir asientos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir asientos' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir 1 asiento · 15 € al mes' }));
    expect(
      await screen.findByText(
        'No se pudieron agregar asientos adicionales: No se pudo completar la operación con el servicio de pagos. Inténtalo de nuevo en unos minutos.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No se pudieron agregar asientos');
    expect(within(dialog).getByRole('button', { name: 'Añadir 1 asiento · 15 € al mes' })).toBeEnabled();
    expect(screen.getByTestId('seats-used')).toHaveTextContent('0 de 3 asientos ocupados');
  });

  it('switches a monthly plan to yearly after saying what it costs', async () => {
    const { callsTo } = renderPage(fakeBillingApi({ plan: 'pro_monthly', extraSeats: 2 }));
    expect(
      await screen.findByText('432 € al año en lugar de 49 € al mes: ahorras un 25 %.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pasar a anual' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Pasar a facturación anual?' });
    expect(dialog).toHaveTextContent('Pagarás 432 € al año (36 € al mes) en lugar de 49 € al mes.');
    expect(dialog).toHaveTextContent('Tus 2 asientos adicionales pasan a 144 € al año cada uno.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pasar a anual' }));
    expect(await screen.findByText('Tu suscripción ahora es anual')).toBeInTheDocument();
    expect(planSection()).toHaveTextContent('Facturación anual');
    expect(screen.queryByRole('button', { name: 'Pasar a anual' })).not.toBeInTheDocument();
    expect(callsTo('POST /api/subscription/upgrade-to-yearly')[0]!.body).toEqual({ workspaceId: W });
  });

  it('a failed switch to yearly says "No se pudo actualizar la suscripción" in the dialog', async () => {
    renderPage(fakeBillingApi({ plan: 'pro_monthly', fail: { yearly: [409, 'NO_SUBSCRIPTION'] } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pasar a anual' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Pasar a facturación anual?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pasar a anual' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo actualizar la suscripción');
    expect(alert).toHaveTextContent('Este espacio de trabajo no tiene una suscripción activa.');
    expect(planSection()).toHaveTextContent('Facturación mensual');
  });

  it('cancel: the offer, declined, cancels at the period end; then resume undoes it', async () => {
    const { callsTo } = renderPage(fakeBillingApi({ plan: 'pro_yearly' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar suscripción' }));
    const offer = await screen.findByRole('dialog', { name: 'Antes de que te vayas' });
    expect(offer).toHaveTextContent(
      'Quédate en el Plan Pro con 64,80 € de descuento en tu próxima factura anual: el 60 % de 3 meses de tu plan.',
    );
    expect(offer).toHaveTextContent(
      'Tu factura del 24 de diciembre de 2026 será de 367,20 € en lugar de 432 €. Solo se ofrece una vez.',
    );
    await userEvent.click(within(offer).getByRole('button', { name: 'No, cancelar la suscripción' }));
    const done = await screen.findByRole('dialog', { name: 'Suscripción cancelada' });
    expect(done).toHaveTextContent(
      'Tu Plan Pro sigue activo hasta el 24 de diciembre de 2026. No se te cobrará nada más.',
    );
    expect(callsTo('DELETE /api/subscription/cancel-subscription')[0]!.body).toEqual({ workspaceId: W });
    expect(callsTo('PATCH /api/subscription/request-unsubscription-discount')).toHaveLength(0);
    await userEvent.click(within(done).getByRole('button', { name: 'Ir a mi cuenta' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(planSection()).toHaveTextContent(
      'Tu Plan Pro termina el 24 de diciembre de 2026 y no se renovará',
    );
    expect(planSection()).not.toHaveTextContent('Se renueva');
    expect(screen.getByText(/Reanuda la suscripción antes del 24 de diciembre de 2026/)).toBeInTheDocument();
    expect(planSection()).toHaveTextContent('Se cancela');
    expect(screen.queryByRole('button', { name: 'Añadir asientos' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reanudar suscripción' }));
    expect(await screen.findByText('Tu suscripción sigue activa')).toBeInTheDocument();
    expect(planSection()).toHaveTextContent('Se renueva el 24 de diciembre de 2026');
    expect(callsTo('POST /api/subscription/resume')[0]!.body).toEqual({ workspaceId: W });
  });

  it('cancel: the offer, accepted, applies the discount and keeps the subscription', async () => {
    const { callsTo } = renderPage(fakeBillingApi({ plan: 'pro_monthly' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar suscripción' }));
    const offer = await screen.findByRole('dialog', { name: 'Antes de que te vayas' });
    await userEvent.click(within(offer).getByRole('button', { name: 'Aceptar el descuento' }));
    const done = await screen.findByRole('dialog', { name: 'Descuento aplicado' });
    expect(done).toHaveTextContent(
      'Pagarás 19,60 € en lugar de 49 € en tus próximas 3 facturas mensuales, desde la del 24 de diciembre de 2026: 88,20 € menos en total.',
    );
    await userEvent.click(within(done).getByRole('button', { name: 'Ir a mi cuenta' }));
    expect(planSection()).toHaveTextContent(
      'Descuento del 60 %: 29,40 € menos en cada factura mensual hasta el 24 de marzo de 2027',
    );
    expect(planSection()).toHaveTextContent('Se renueva el 24 de diciembre de 2026');
    expect(callsTo('PATCH /api/subscription/request-unsubscription-discount')[0]!.body).toEqual({
      workspaceId: W,
    });
    expect(callsTo('DELETE /api/subscription/cancel-subscription')).toHaveLength(0);
  });

  it('with the offer already used, cancelling asks for a plain confirmation', async () => {
    const { callsTo } = renderPage(fakeBillingApi({ plan: 'pro_monthly', discountUsed: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar suscripción' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Cancelar la suscripción?' });
    expect(within(confirm).queryByRole('button', { name: 'Aceptar el descuento' })).not.toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar suscripción' }));
    expect(await screen.findByRole('dialog', { name: 'Suscripción cancelada' })).toBeInTheDocument();
    expect(callsTo('DELETE /api/subscription/cancel-subscription')).toHaveLength(1);
  });

  it('a failed cancellation stays on the offer with the reason', async () => {
    renderPage(fakeBillingApi({ plan: 'pro_monthly', fail: { cancel: [502, 'BILLING_PROVIDER_ERROR'] } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar suscripción' }));
    const offer = await screen.findByRole('dialog', { name: 'Antes de que te vayas' });
    await userEvent.click(within(offer).getByRole('button', { name: 'No, cancelar la suscripción' }));
    expect(await within(offer).findByRole('alert')).toHaveTextContent('No se pudo actualizar la suscripción');
    expect(planSection()).not.toHaveTextContent('se cancela');
  });

  it('payment details open the portal; a failure stays quiet but says so below the button, which keeps working', async () => {
    const assign = stubLocation();
    const billing = fakeBillingApi({
      plan: 'pro_monthly',
      fail: { portal: [502, 'BILLING_PROVIDER_ERROR'] },
    });
    const { callsTo } = renderPage(billing);
    const button = await screen.findByRole('button', { name: 'Información de pago' });
    await userEvent.click(button);
    expect(
      await screen.findByText(
        'No se ha podido abrir la información de pago. Inténtalo de nuevo en unos minutos.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/servicio de pagos/)).not.toBeInTheDocument();
    delete billing.state.fail.portal;
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/portal/session'));
    expect(callsTo('POST /api/subscription/create-portal-session')[1]!.body).toEqual({ workspaceId: W });
  });

  it('in the sandbox the page and the dialogs that charge are labelled as test mode, with no payment details to open', async () => {
    renderPage(fakeBillingApi({ plan: 'pro_monthly', mode: 'sandbox' }));
    expect(await screen.findByRole('button', { name: 'Cancelar suscripción' })).toBeInTheDocument();
    expect(screen.getByText('Modo de prueba — no se cobra nada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Información de pago' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Añadir asientos' }));
    const seats = await screen.findByRole('dialog', { name: 'Añadir asientos' });
    expect(within(seats).getByText('Modo de prueba — no se cobra nada')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Pasar a anual' }));
    const yearly = await screen.findByRole('dialog', { name: '¿Pasar a facturación anual?' });
    expect(within(yearly).getByText('Modo de prueba — no se cobra nada')).toBeInTheDocument();
  });

  it('past due: the owner is told and gets a link to fix the payment', async () => {
    const assign = stubLocation();
    renderPage(fakeBillingApi({ plan: 'pro_monthly', status: 'past_due' }));
    expect(await screen.findByText('No hemos podido cobrar el último pago')).toBeInTheDocument();
    expect(planSection()).toHaveTextContent('Pago pendiente');
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar el método de pago' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/portal/session'));
  });

  it('a member sees the plan and the seats but no action, and why', async () => {
    renderPage(fakeBillingApi({ plan: 'pro_monthly', ownerIsLuis: true, status: 'past_due', seatsUsed: 1 }));
    expect(await screen.findByTestId('plan-label')).toHaveTextContent('Plan Pro');
    expect(screen.getByTestId('seats-used')).toHaveTextContent('1 de 3 asientos ocupados');
    expect(
      screen.getByText('Solo el propietario del espacio de trabajo puede cambiar el plan y los pagos.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Avisa al propietario/)).toBeInTheDocument();
    for (const name of [
      'Añadir asientos',
      'Pasar a anual',
      'Información de pago',
      'Cancelar suscripción',
      'Actualizar el método de pago',
    ])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('the free plan: the upgrade button opens the upgrade modal; the sandbox is labelled', async () => {
    renderPage(fakeBillingApi({ plan: 'free', mode: 'sandbox' }));
    expect(await screen.findByTestId('plan-label')).toHaveTextContent('Plan gratuito');
    expect(screen.getByText('Modo de prueba — no se cobra nada')).toBeInTheDocument();
    expect(screen.getByText(/El Plan gratuito no incluye asientos/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mejora al Plan Pro' }));
    expect(await screen.findByRole('dialog', { name: 'Mejora al Plan Pro' })).toBeInTheDocument();
  });

  it('with billing off the owner is told to ask the administrator and has nothing to buy', async () => {
    renderPage(fakeBillingApi({ plan: 'free', mode: 'off' }));
    expect(await screen.findByText(/Pide a tu administrador que cambie el plan/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mejora al Plan Pro' })).not.toBeInTheDocument();
  });

  it('a summary that fails to load says so and loads again on retry', async () => {
    const billing = fakeBillingApi({ plan: 'pro_monthly', fail: { summary: [500, 'INTERNAL'] } });
    renderPage(billing);
    expect(await screen.findByText('No se pudo cargar la suscripción')).toBeInTheDocument();
    delete billing.state.fail.summary;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('plan-label')).toHaveTextContent('Plan Pro');
  });
});

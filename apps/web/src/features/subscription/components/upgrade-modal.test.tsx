import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSession, startSignedOut } from '../../../../test/session';
import { fakeBillingApi, stubLocation, W } from '../test/fake-billing-api';
import { UpgradeModal } from './upgrade-modal';

function renderModal(billing: ReturnType<typeof fakeBillingApi>) {
  const view = renderInSession(
    [{ path: '/labs', element: <UpgradeModal open onOpenChange={() => {}} /> }],
    billing.handlers,
  );
  return { ...view, dialog: () => screen.findByRole('dialog', { name: 'Mejora al Plan Pro' }) };
}

describe('upgrade modal', () => {
  beforeEach(startSignedOut);

  it('opens on the yearly tab with the prices from the server, and the monthly tab shows the monthly price', async () => {
    const { dialog } = renderModal(fakeBillingApi({ plan: 'free' }));
    const modal = await dialog();
    expect(within(modal).getByRole('tab', { name: /Anual/ })).toHaveAttribute('aria-selected', 'true');
    const panel = within(modal).getByRole('tabpanel');
    expect(await within(panel).findByText('36 €')).toBeInTheDocument();
    expect(panel).toHaveTextContent('432 € facturados una vez al año');
    expect(within(modal).getByRole('tab', { name: /Anual/ })).toHaveTextContent('Ahorra un 25 %');
    await userEvent.click(within(modal).getByRole('tab', { name: 'Mensual' }));
    expect(within(modal).getByRole('tabpanel')).toHaveTextContent('49 €');
    expect(within(modal).queryByTestId('sandbox-label')).not.toBeInTheDocument();
  });

  it('the owner buys: a checkout for the chosen period, a busy button, then the browser goes to the checkout', async () => {
    const assign = stubLocation('/labs');
    const billing = fakeBillingApi({ plan: 'free', mode: 'sandbox' });
    const { dialog, callsTo } = renderModal(billing);
    const modal = await dialog();
    expect(await within(modal).findByText('Modo de prueba — no se cobra nada')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('tab', { name: 'Mensual' }));
    billing.hold('checkout');
    const buy = await within(modal).findByRole('button', { name: 'Continuar con el pago' });
    await userEvent.click(buy);
    await waitFor(() => expect(buy).toHaveAttribute('aria-busy', 'true'));
    expect(assign).not.toHaveBeenCalled();
    billing.release('checkout');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://localhost:3000/subscription/sandbox-checkout?session=sbx_abcdefghijklmnopqrstuvwx',
      ),
    );
    expect(callsTo('POST /api/subscription/create-subscription')[0]!.body).toEqual({
      lookupKey: 'proMonthly',
      workspaceId: W,
      successUrl: 'http://localhost:3000/chat?stripe=true',
      cancelUrl: 'http://localhost:3000/labs',
    });
  });

  it('a failed checkout says so in the modal and the button works again', async () => {
    stubLocation('/chat');
    const billing = fakeBillingApi({ plan: 'free', fail: { checkout: [502, 'BILLING_PROVIDER_ERROR'] } });
    const { dialog, callsTo } = renderModal(billing);
    const modal = await dialog();
    const buy = await within(modal).findByRole('button', { name: 'Continuar con el pago' });
    await userEvent.click(buy);
    const alert = await within(modal).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo iniciar el pago');
    expect(alert).toHaveTextContent('No se pudo completar la operación con el servicio de pagos');
    expect(callsTo('POST /api/subscription/create-subscription')[0]!.body).toMatchObject({
      lookupKey: 'proYearly',
    });
    delete billing.state.fail.checkout;
    expect(buy).toBeEnabled();
    await userEvent.click(buy);
    await waitFor(() => expect(callsTo('POST /api/subscription/create-subscription')).toHaveLength(2));
  });

  it('prices that cannot be fetched: the catalogue message, a retry, and nothing to buy until then', async () => {
    const billing = fakeBillingApi({ plan: 'free', fail: { prices: [502, 'PRICES_UNAVAILABLE'] } });
    const { dialog } = renderModal(billing);
    const modal = await dialog();
    expect(
      await within(modal).findByText('No se han podido recuperar todos los precios'),
    ).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Continuar con el pago' })).not.toBeInTheDocument();
    delete billing.state.fail.prices;
    await userEvent.click(within(modal).getByRole('button', { name: 'Reintentar' }));
    expect(await within(modal).findByText('36 €')).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Continuar con el pago' })).toBeEnabled();
  });

  it('a member is told to ask the owner and cannot buy', async () => {
    const { dialog } = renderModal(fakeBillingApi({ plan: 'free', ownerIsLuis: true }));
    const modal = await dialog();
    expect(
      await within(modal).findByText(
        /Solo Luis Pérez, propietario de este espacio de trabajo, puede contratar/,
      ),
    ).toBeInTheDocument();
    expect(within(modal).getByText('36 €')).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Continuar con el pago' })).not.toBeInTheDocument();
  });

  it('with billing off everyone is told to ask the administrator instead of buying', async () => {
    const { dialog } = renderModal(fakeBillingApi({ plan: 'free', mode: 'off' }));
    const modal = await dialog();
    expect(await within(modal).findByText(/Pide a tu administrador que cambie el plan/)).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Continuar con el pago' })).not.toBeInTheDocument();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInSession, startSignedOut } from '../../../../test/session';
import { fakeBillingApi, SANDBOX_SESSION, stubLocation } from '../test/fake-billing-api';
import SandboxCheckoutPage from './sandbox-checkout-page';

function renderPage(billing: ReturnType<typeof fakeBillingApi>, session = SANDBOX_SESSION) {
  return renderInSession(
    [{ path: '/subscription/sandbox-checkout', element: <SandboxCheckoutPage /> }],
    billing.handlers,
    { initialPath: `/subscription/sandbox-checkout?session=${session}` },
  );
}

describe('sandbox checkout page', () => {
  beforeEach(startSignedOut);

  it('shows what is bought, for which workspace and the price, labelled as test mode; confirm follows the answer', async () => {
    const assign = stubLocation('/subscription/sandbox-checkout');
    const { callsTo } = renderPage(fakeBillingApi({ plan: 'free', mode: 'sandbox' }));
    expect(await screen.findByText('Plan Pro · Facturación anual')).toBeInTheDocument();
    expect(screen.getByText('Para el espacio de trabajo «Espacio de Ana»')).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-amount')).toHaveTextContent('432 € al año');
    expect(screen.getByText('Modo de prueba — no se cobra nada')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar el pago de prueba' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/chat?stripe=true'));
    expect(callsTo(`POST /api/subscription/sandbox/${SANDBOX_SESSION}/confirm`)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  });

  it('cancel asks the server and goes where it says', async () => {
    const assign = stubLocation('/subscription/sandbox-checkout');
    const { callsTo } = renderPage(fakeBillingApi({ plan: 'free', mode: 'sandbox' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/subscription'));
    expect(callsTo(`POST /api/subscription/sandbox/${SANDBOX_SESSION}/cancel`)).toHaveLength(1);
  });

  it('a completed checkout cannot be confirmed again', async () => {
    const billing = fakeBillingApi({ plan: 'free', mode: 'sandbox' });
    billing.state.sandbox = { ...billing.state.sandbox, state: 'complete' };
    renderPage(billing);
    expect(await screen.findByText('Este pago de prueba ya se ha completado.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar el pago de prueba' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Suscripción' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('an unknown session says so', async () => {
    renderPage(fakeBillingApi({ plan: 'free', mode: 'sandbox' }), 'sbx_000000000000000000000000');
    expect(await screen.findByText('No se ha encontrado este pago de prueba.')).toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { useLocation } from 'react-router';
import { json } from '../../../../test/render';
import { renderInSession, startSignedOut } from '../../../../test/session';
import { me, workspaceFixture } from '../../../../test/fixtures';
import { useSession } from '@/features/session';
import { CHECKOUT_CONFIRM_TIMEOUT_MS, CHECKOUT_POLL_MS } from './use-checkout-return';

/** What the sidebar decides from: the current workspace's Pro flag, and the address. */
function PlanProbe() {
  const { workspace } = useSession();
  const { search } = useLocation();
  return (
    <p data-testid="probe">
      {workspace?.isPro ? 'pro' : 'free'} {search}
    </p>
  );
}

/** The workspace list answers free `freeAnswers` times, then Pro. */
function start(freeAnswers: number) {
  let answers = 0;
  return renderInSession(
    [
      { path: '/chat', element: <PlanProbe /> },
      { path: '/workspace-settings', element: <p data-testid="settings-probe" /> },
    ],
    {
      'GET /api/auth/refresh': () => json(200, { accessToken: 't', user: me }),
      'GET /api/workspace/list': () =>
        json(200, [workspaceFixture({ plan: ++answers > freeAnswers ? 'pro_yearly' : 'free' })]),
    },
    { initialPath: '/chat?stripe=true' },
  );
}

const probe = () => screen.getByTestId('probe');
const lists = (calls: Array<{ key: string }>) =>
  calls.filter((call) => call.key === 'GET /api/workspace/list').length;

describe('return from checkout (stripe=true)', () => {
  beforeEach(async () => {
    await startSignedOut();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => vi.useRealTimers());

  it('shows Pro at once and keeps it while the server still says free, until the server confirms', async () => {
    const { calls } = start(3);
    // Pro at once, and the flag leaves the address.
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent(/^pro\s*$/));
    for (let poll = 0; poll < 3; poll++) {
      await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS));
      expect(probe()).toHaveTextContent(/^pro/);
    }
    expect(lists(calls)).toBeGreaterThanOrEqual(4);
    const confirmedAfter = lists(calls);
    // Confirmed: no more polling beyond the session's own reloads.
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS * 5));
    expect(lists(calls) - confirmedAfter).toBeLessThanOrEqual(1);
    expect(probe()).toHaveTextContent(/^pro/);
    // Confirmed: the dialog says so, and what changed.
    const welcome = await screen.findByRole('dialog', { name: 'Ya tienes el Plan Pro' });
    expect(welcome).toHaveTextContent('Palabras ilimitadas: ya no hay límite mensual.');
    expect(welcome).toHaveTextContent('3 asientos para tu equipo, además de ti.');
    expect(within(welcome).getByRole('button', { name: 'Invitar a un compañero' })).toBeInTheDocument();
  });

  it('already confirmed when the browser comes back (the sandbox): the dialog at once; invite leads to the members', async () => {
    start(0);
    const welcome = await screen.findByRole('dialog', { name: 'Ya tienes el Plan Pro' });
    expect(welcome).toHaveTextContent('El pago se ha confirmado. Esto cambia en «Espacio de Ana»:');
    await userEvent.click(within(welcome).getByRole('button', { name: 'Invitar a un compañero' }));
    expect(await screen.findByTestId('settings-probe')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('in English', async () => {
    await changeLocale('en');
    try {
      start(0);
      const welcome = await screen.findByRole('dialog', { name: "You're on Plan Pro now" });
      expect(welcome).toHaveTextContent('Unlimited words: no more monthly limit.');
      expect(welcome).toHaveTextContent('3 seats for your team, besides you.');
    } finally {
      await act(() => changeLocale('es'));
    }
  });

  it('with no confirmation after 30 s, shows what the server says and explains', async () => {
    start(Number.POSITIVE_INFINITY);
    expect(await screen.findByTestId('probe')).toHaveTextContent(/^pro/);
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_CONFIRM_TIMEOUT_MS - CHECKOUT_POLL_MS));
    expect(probe()).toHaveTextContent(/^pro/);
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS * 2));
    expect(probe()).toHaveTextContent(/^free/);
    expect(screen.getByText(/Aún no hemos recibido la confirmación del pago/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Ya tienes el Plan Pro' })).not.toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
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
    [{ path: '/chat', element: <PlanProbe /> }],
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
  });

  it('with no confirmation after 30 s, shows what the server says and explains', async () => {
    start(Number.POSITIVE_INFINITY);
    expect(await screen.findByTestId('probe')).toHaveTextContent(/^pro/);
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_CONFIRM_TIMEOUT_MS - CHECKOUT_POLL_MS));
    expect(probe()).toHaveTextContent(/^pro/);
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_POLL_MS * 2));
    expect(probe()).toHaveTextContent(/^free/);
    expect(screen.getByText(/Aún no hemos recibido la confirmación del pago/)).toBeInTheDocument();
  });
});

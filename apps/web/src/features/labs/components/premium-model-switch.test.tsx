import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../../test/render';
import { renderInSession, startSignedOut } from '../../../../test/session';
import { me, WORKSPACE_ID as W, workspaceFixture } from '../../../../test/fixtures';
import { PremiumModelSwitch } from './premium-model-switch';

const workspace = (plan: 'free' | 'pro_monthly') =>
  workspaceFixture({ plan, userSeats: 3, usage: { limit: null, remaining: null } });
const status = (on: boolean, available = true) => ({
  isGpt4TurnedOn: on,
  available,
  modelLabel: 'GPT-4.1',
  activeModelLabel: on ? 'GPT-4.1' : 'GPT-4.1 mini',
  demo: false,
  setupHelp: false,
});

function renderSwitch(plan: 'free' | 'pro_monthly', handlers: Parameters<typeof fakeApi>[0] = {}) {
  return renderInSession([{ path: '/labs', element: <PremiumModelSwitch /> }], {
    'GET /api/auth/refresh': () => json(200, { accessToken: 't', user: me }),
    'GET /api/workspace/list': () => json(200, [workspace(plan)]),
    [`GET /api/workspace/${W}/gpt-4/status`]: () => json(200, status(false, plan !== 'free')),
    ...handlers,
  }).calls;
}

describe('GPT-4 in Chat switch', () => {
  beforeEach(startSignedOut);

  it('a paid workspace turns it on and sees which model answers', async () => {
    const calls = renderSwitch('pro_monthly', {
      'PATCH /api/workspace/gpt-4/enable': () => json(200, status(true)),
    });
    const toggle = await screen.findByRole('switch', { name: 'GPT-4 en el chat' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(screen.getByText(/ahora responde: GPT-4.1 mini/)).toBeInTheDocument();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByText(/ahora responde: GPT-4.1$/)).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'PATCH /api/workspace/gpt-4/enable')?.body).toEqual({
      workspaceId: W,
    });
  });

  it("a failure shows the server's message and the switch stays as it was", async () => {
    renderSwitch('pro_monthly', {
      'PATCH /api/workspace/gpt-4/enable': () =>
        json(403, {
          error: { code: 'PLAN_REQUIRED', message: 'The premium model is available on paid plans only' },
        }),
    });
    const toggle = await screen.findByRole('switch', { name: 'GPT-4 en el chat' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByText('The premium model is available on paid plans only')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('free members see why it is off and can open the upgrade modal', async () => {
    renderSwitch('free');
    const toggle = await screen.findByRole('switch', { name: 'GPT-4 en el chat' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(/Solo para miembros de pago/);
    await userEvent.click(screen.getByRole('button', { name: 'Mejora al Plan Pro' }));
    const upgrade = await screen.findByRole('dialog', { name: 'Mejora al Plan Pro' });
    expect(within(upgrade).getByRole('tab', { name: /Anual/ })).toHaveAttribute('aria-selected', 'true');
  });
});

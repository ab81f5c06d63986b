import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UsageBreakdown } from '@redacta/shared';
import { json, type ApiHandler } from '../../../test/render';
import { renderInSession, startSignedOut } from '../../../test/session';
import { anaInWorkspace, luis, me, WORKSPACE_ID, workspaceFixture } from '../../../test/fixtures';
import UsagePage from './pages/usage-page';

beforeEach(startSignedOut);

const month = new Date().toISOString().slice(0, 7);
const BREAKDOWN = `GET /api/workspace/${WORKSPACE_ID}/usage/breakdown?month=${month}`;
const budgetOf = (userId: string) => `PUT /api/workspace/${WORKSPACE_ID}/member/${userId}/budget`;
const PROJECT = '33333333-3333-4333-8333-333333333333';

const teamMonth: UsageBreakdown = {
  month,
  words: 1500,
  members: [
    {
      userId: me.id,
      name: 'Ana García',
      email: me.email,
      isMember: true,
      words: 1200,
      apiKeys: [{ apiKeyId: '66666666-6666-4666-8666-666666666666', name: 'Catálogo', words: 200 }],
      monthlyWords: null,
    },
    {
      userId: luis.id,
      name: 'Luis Pérez',
      email: luis.email,
      isMember: true,
      words: 300,
      apiKeys: [],
      monthlyWords: 5000,
    },
  ],
  projects: [
    { projectId: PROJECT, name: 'Campaña de otoño', words: 1300 },
    { projectId: null, name: null, words: 200 },
  ],
};

function renderPage(handlers: Record<string, ApiHandler>, { owner = true } = {}) {
  const workspace = owner
    ? workspaceFixture({ invitedUsers: [luis] })
    : workspaceFixture({ ownerId: luis.id, owner: luis, invitedUsers: [anaInWorkspace] });
  return renderInSession([{ path: '/settings/usage', element: <UsagePage /> }], {
    'GET /api/auth/refresh': () => json(200, { accessToken: 'token', user: me }),
    'GET /api/workspace/list': () => json(200, [workspace]),
    ...handlers,
  });
}

describe('the usage page', () => {
  it("shows the month's words by member, with their API keys, and by project", async () => {
    renderPage({ [BREAKDOWN]: () => json(200, teamMonth) });
    expect(await screen.findByTestId('usage-total')).toHaveTextContent('1500 palabras este mes');
    const members = screen.getByRole('list', { name: 'Por miembro' });
    const rows = within(members).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Ana García');
    expect(rows[0]).toHaveTextContent('API · Catálogo: 200');
    expect(rows[1]).toHaveTextContent('Luis Pérez300 palabras');
    const projects = within(screen.getByRole('list', { name: 'Por proyecto' })).getAllByRole('listitem');
    expect(projects.map((row) => row.textContent)).toEqual([
      'Campaña de otoño1300 palabras',
      'Sin proyecto200 palabras',
    ]);
  });

  it('the owner sets a budget in digits only: anything else is refused with the reason and not sent', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderPage({
      [BREAKDOWN]: () => json(200, teamMonth),
      [budgetOf(luis.id)]: (body) => {
        sent.push(body);
        return json(200, { userId: luis.id, monthlyWords: 8000 });
      },
    });
    const field = await screen.findByRole('textbox', { name: 'Presupuesto mensual de Luis Pérez' });
    expect(field).toHaveValue('5000');
    await user.clear(field);
    await user.type(field, '8.000');
    await user.click(within(field.closest('li')!).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Escribe solo cifras, sin puntos ni espacios, o déjalo vacío para no poner límite.',
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    await user.clear(field);
    await user.type(field, '8000{Enter}');
    expect(await screen.findByText('Presupuesto de Luis Pérez guardado')).toBeInTheDocument();
    expect(sent).toEqual([{ monthlyWords: 8000 }]);
  });

  it('an emptied field removes the cap', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderPage({
      [BREAKDOWN]: () => json(200, teamMonth),
      [budgetOf(luis.id)]: (body) => {
        sent.push(body);
        return json(200, { userId: luis.id, monthlyWords: null });
      },
    });
    const field = await screen.findByRole('textbox', { name: 'Presupuesto mensual de Luis Pérez' });
    await user.clear(field);
    await user.type(field, '{Enter}');
    expect(await screen.findByText('Presupuesto de Luis Pérez guardado')).toBeInTheDocument();
    expect(sent).toEqual([{ monthlyWords: null }]);
  });

  it('a member sees their own words and budget, with nothing to edit', async () => {
    renderPage(
      {
        [BREAKDOWN]: () =>
          json(200, {
            ...teamMonth,
            words: 300,
            members: [{ ...teamMonth.members[1]!, userId: me.id, name: 'Ana García', words: 300 }],
            projects: [{ projectId: PROJECT, name: 'Campaña de otoño', words: 300 }],
          }),
      },
      { owner: false },
    );
    const members = await screen.findByRole('list', { name: 'Por miembro' });
    expect(members).toHaveTextContent('Presupuesto: 5000 palabras al mes · te quedan 4700');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('a month that fails to load says so and loads again on Reintentar', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPage({
      [BREAKDOWN]: () =>
        fail
          ? json(500, { error: { code: 'INTERNAL', message: 'boom' } })
          : json(200, { ...teamMonth, words: 0, members: [], projects: [] }),
    });
    expect(await screen.findByText('No se pudo cargar el uso de este mes.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Aún no hay palabras este mes')).toBeInTheDocument();
  });
});

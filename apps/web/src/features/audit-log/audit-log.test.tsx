import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditActorList, AuditEntry, AuditList } from '@redacta/shared';
import { json, type ApiHandler } from '../../../test/render';
import { renderInSession, startSignedOut } from '../../../test/session';
import { anaInWorkspace, luis, me, WORKSPACE_ID, workspaceFixture } from '../../../test/fixtures';
import AuditLogPage from './pages/audit-log-page';

beforeEach(startSignedOut);

const LIST = `GET /api/workspace/${WORKSPACE_ID}/audit`;
const FORMER_ID = '00000000-0000-4000-8000-0000000000f1';
const KEY_ID = '00000000-0000-4000-8000-0000000000f2';
/** Who the log names as having acted: the members, a member who left and a revoked key. */
const actors: AuditActorList = {
  actors: [
    { id: me.id, kind: 'user', label: 'Ana García', former: false },
    { id: luis.id, kind: 'user', label: 'Luis Pérez', former: false },
    { id: KEY_ID, kind: 'api_key', label: 'API · Catálogo', former: true },
    { id: FORMER_ID, kind: 'user', label: 'Pedro Pasado', former: true },
  ],
};

let counter = 0;
function entry(fields: Partial<AuditEntry> & Pick<AuditEntry, 'action'>): AuditEntry {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    at: '2026-12-01T09:30:00Z',
    actor: 'Ana García',
    actorKind: 'user',
    actorUserId: me.id,
    actorApiKeyId: null,
    target: { type: 'project', id: null, label: null },
    before: null,
    after: null,
    ip: '203.0.113.7',
    userAgent: 'Mozilla/5.0 Firefox/140.0',
    ...fields,
  };
}
const page = (entries: AuditEntry[], nextCursor: string | null = null): AuditList => ({
  entries,
  nextCursor,
});

function renderPage(handlers: Record<string, ApiHandler>, { owner = true } = {}) {
  const workspace = owner
    ? workspaceFixture({ invitedUsers: [luis] })
    : workspaceFixture({ ownerId: luis.id, owner: luis, invitedUsers: [anaInWorkspace] });
  return renderInSession([{ path: '/settings/audit', element: <AuditLogPage /> }], {
    'GET /api/auth/refresh': () => json(200, { accessToken: 'token', user: me }),
    'GET /api/workspace/list': () => json(200, [workspace]),
    [`${LIST}/actors`]: () => json(200, actors),
    ...handlers,
  });
}

describe('the audit log page', () => {
  it('shows each entry with what, to what, who, when, from where and its before → after', async () => {
    renderPage({
      [LIST]: () =>
        json(
          200,
          page([
            entry({
              action: 'project.shared',
              target: { type: 'project', id: null, label: 'Campaña de Navidad' },
              before: { isShared: false },
              after: { isShared: true },
            }),
            entry({ action: 'api_key.created', actor: 'API · Catálogo', ip: null, userAgent: null }),
            entry({ action: 'auth.signed_in', after: { method: 'google' } }),
            // A deleted account's entry: the log names nobody, and the page says so in its words.
            entry({
              action: 'workspace.owner_changed',
              actor: 'Former member',
              actorUserId: null,
              ip: null,
              userAgent: null,
              before: { owner: 'Former member' },
              after: { owner: 'Luis Pérez' },
            }),
          ]),
        ),
    });
    const list = await screen.findByRole('list', { name: 'Entradas del registro' });
    const [shared, key, signIn, erased] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(shared).toHaveTextContent('Proyecto compartido · Campaña de Navidad');
    expect(shared).toHaveTextContent('por Ana García · desde 203.0.113.7');
    expect(shared).toHaveTextContent('Mozilla/5.0 Firefox/140.0');
    expect(shared).toHaveTextContent('Compartido: no → sí');
    expect(shared).toHaveTextContent('1 dic 2026');
    expect(key).toHaveTextContent('Clave de API creada');
    expect(key).toHaveTextContent('por API · Catálogo · dirección desconocida');
    expect(signIn).toHaveTextContent('Método: Google');
    expect(erased).toHaveTextContent('por Antiguo miembro · dirección desconocida');
    expect(erased).toHaveTextContent('Propietario: Antiguo miembro → Luis Pérez');
    expect(screen.getByText(/Se guarda 30 días en tu plan/)).toBeInTheDocument();
  });

  it('filters by action and person, and loads older entries with the focus on the first of them', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderPage({
      [LIST]: () => json(200, page([entry({ action: 'workspace.renamed' })], 'next')),
      [`${LIST}?cursor=next`]: () => json(200, page([entry({ action: 'member.left', actor: 'Luis Pérez' })])),
      [`${LIST}?action=member.left`]: () => json(200, page([])),
      [`${LIST}?action=member.left&actor=${luis.id}`]: () =>
        json(200, page([entry({ action: 'member.left', actor: 'Luis Pérez' })])),
      [`${LIST}?action=member.left&actor=${FORMER_ID}`]: () =>
        json(200, page([entry({ action: 'member.left', actor: 'Pedro Pasado', actorUserId: FORMER_ID })])),
    });
    const list = await screen.findByRole('list', { name: 'Entradas del registro' });
    expect(list).toHaveTextContent('Espacio de trabajo renombrado');
    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    const older = await within(list).findByText('Miembro salió');
    expect(older.closest('li')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Acción'), 'member.left');
    expect(await screen.findByText('Nada coincide con estos filtros')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Persona'), 'Luis Pérez');
    expect(await screen.findByText('por Luis Pérez · desde 203.0.113.7')).toBeInTheDocument();
    expect(callsTo(`${LIST}?action=member.left&actor=${luis.id}`)).toHaveLength(1);
    // Who left is still there to filter by, said as such; so is a revoked key.
    const person = screen.getByLabelText('Persona');
    expect(
      within(person)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Todas las personas',
      'Ana García',
      'Luis Pérez',
      'API · Catálogo (revocada)',
      'Pedro Pasado (antiguo miembro)',
    ]);
    await user.selectOptions(person, 'Pedro Pasado (antiguo miembro)');
    expect(await screen.findByText('por Pedro Pasado · desde 203.0.113.7')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    const whole = await screen.findByRole('list', { name: 'Entradas del registro' });
    expect(await within(whole).findByText('Espacio de trabajo renombrado')).toBeInTheDocument();
  });

  it('says when there is nothing yet, and offers a retry when the log cannot be read', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderPage({
      [LIST]: () => (fail ? json(500, { error: { code: 'INTERNAL', message: 'x' } }) : json(200, page([]))),
    });
    expect(
      await screen.findByText('No se pudo cargar el registro.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Aún no hay actividad')).toBeInTheDocument();
  });

  it('tells a member that only the owner sees it, and asks for nothing', async () => {
    const { callsTo } = renderPage({}, { owner: false });
    expect(
      await screen.findByText('Solo el propietario y los administradores ven el registro'),
    ).toBeInTheDocument();
    expect(screen.getByText(/lo ven Luis Pérez, su propietario, y sus administradores/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Exportar CSV' })).not.toBeInTheDocument();
    expect(callsTo(LIST)).toHaveLength(0);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SsoDomain, SsoSettings } from '@redacta/shared';
import { json, type ApiHandler } from '../../../test/render';
import { changeLocale } from '@/lib/i18n';
import { renderInSession, startSignedOut } from '../../../test/session';
import { anaInWorkspace, luis, me, WORKSPACE_ID, workspaceFixture } from '../../../test/fixtures';
import SsoSettingsPage from './pages/sso-settings-page';

beforeEach(startSignedOut);

const SETTINGS = `GET /api/workspace/${WORKSPACE_ID}/sso`;
const SAVE = `PUT /api/workspace/${WORKSPACE_ID}/sso`;
const VERIFY = `POST /api/workspace/${WORKSPACE_ID}/sso/domains/acme.es/verify`;
const REDIRECT_URI = 'https://redacta.example/api/auth/sso/callback';

const pending: SsoDomain = {
  domain: 'acme.es',
  txtRecord: 'redacta-verification=Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5',
  verifiedAt: null,
};
const saved: SsoSettings = {
  provider: { issuer: 'https://login.acme.es', clientId: 'redacta', hasClientSecret: true },
  enforced: false,
  defaultRole: 'member',
  domains: [pending],
  redirectUri: REDIRECT_URI,
};

function renderPage(
  handlers: Record<string, ApiHandler>,
  { owner = true, plan = 'enterprise' as 'enterprise' | 'pro_monthly' } = {},
) {
  const enterprise = plan === 'enterprise';
  const workspace = owner
    ? workspaceFixture({ plan, isEnterprise: enterprise, enterprisePlan: enterprise })
    : workspaceFixture({ plan, ownerId: luis.id, owner: luis, invitedUsers: [anaInWorkspace] });
  return renderInSession([{ path: '/settings/sso', element: <SsoSettingsPage /> }], {
    'GET /api/auth/refresh': () => json(200, { accessToken: 'token', user: me }),
    'GET /api/workspace/list': () => json(200, [workspace]),
    ...handlers,
  });
}

describe('the SSO settings page', () => {
  it('saves the provider, keeping the saved secret when its field is left empty', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderPage({
      [SETTINGS]: () => json(200, saved),
      [SAVE]: (body) => json(200, { ...saved, provider: { ...saved.provider!, ...(body as object) } }),
    });
    const issuer = await screen.findByLabelText('Emisor (issuer)');
    expect(issuer).toHaveValue('https://login.acme.es');
    expect(screen.getByLabelText('URI de redirección')).toHaveValue(REDIRECT_URI);
    expect(screen.getByLabelText('Secreto de cliente')).toHaveAttribute('placeholder', 'Guardado');

    await user.clear(issuer);
    await user.type(issuer, 'no es una dirección');
    await user.click(screen.getByRole('button', { name: 'Guardar proveedor' }));
    expect(await screen.findByText('Escribe una dirección que empiece por https://')).toBeInTheDocument();
    expect(callsTo(SAVE)).toHaveLength(0);

    await user.clear(issuer);
    await user.type(issuer, 'https://sso.acme.es');
    await user.click(screen.getByRole('button', { name: 'Guardar proveedor' }));
    expect(await screen.findByText('Proveedor guardado')).toBeInTheDocument();
    expect(callsTo(SAVE)[0]!.body).toEqual({
      issuer: 'https://sso.acme.es',
      clientId: 'redacta',
      enforced: false,
    });
  });

  it('shows the TXT record to publish, says when it is not found, and verifies the domain once it is', async () => {
    const user = userEvent.setup();
    let published = false;
    renderPage({
      [SETTINGS]: () => json(200, saved),
      [VERIFY]: () =>
        published
          ? json(200, { ...pending, verifiedAt: '2026-12-07T09:00:00Z' })
          : json(409, { error: { code: 'SSO_DOMAIN_NOT_VERIFIED', message: 'No TXT record' } }),
    });
    const row = await screen.findByTestId('sso-domain');
    expect(within(row).getByRole('textbox', { name: 'Registro TXT para acme.es' })).toHaveValue(
      pending.txtRecord,
    );
    expect(row).toHaveTextContent('Pendiente');
    // Requiring SSO waits for a verified domain.
    expect(screen.getByRole('switch', { name: 'Requerir SSO' })).toBeDisabled();
    expect(screen.getByText('Verifica al menos un dominio para poder requerir SSO.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Verificar' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'El dominio aún no está verificado: publica el registro TXT e inténtalo de nuevo',
    );
    published = true;
    await user.click(within(row).getByRole('button', { name: 'Verificar' }));
    expect(await within(row).findByText('Verificado')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Verificar' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Requerir SSO' })).toBeEnabled();
  });

  it('says Enterprise is needed on another plan, without asking for the settings', async () => {
    const { callsTo } = renderPage({ [SETTINGS]: () => json(200, saved) }, { plan: 'pro_monthly' });
    expect(await screen.findByRole('heading', { name: 'El SSO es del plan Enterprise' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver planes' })).toHaveAttribute('href', '/subscription');
    expect(callsTo(SETTINGS)).toHaveLength(0);
  });

  it('tells a member who manages SSO', async () => {
    const { callsTo } = renderPage({ [SETTINGS]: () => json(200, saved) }, { owner: false });
    expect(
      await screen.findByRole('heading', {
        name: 'Solo el propietario y los administradores gestionan el SSO',
      }),
    ).toBeInTheDocument();
    expect(callsTo(SETTINGS)).toHaveLength(0);
  });

  it('offers a retry when the settings fail to load, in English', async () => {
    await changeLocale('en');
    const user = userEvent.setup();
    let fail = true;
    renderPage({
      [SETTINGS]: () => (fail ? json(500, { error: { code: 'INTERNAL', message: 'x' } }) : json(200, saved)),
    });
    expect(await screen.findByText('The SSO settings could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Issuer')).toHaveValue('https://login.acme.es');
    expect(screen.getByRole('switch', { name: 'Require SSO' })).toBeDisabled();
  });
});

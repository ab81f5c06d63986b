import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Webhook, WebhookDelivery } from '@redacta/shared';
import { json, type ApiHandler } from '../../../test/render';
import { changeLocale } from '@/lib/i18n';
import { renderInSession, startSignedOut } from '../../../test/session';
import { luis, me, WORKSPACE_ID, workspaceFixture } from '../../../test/fixtures';
import ApiSettingsPage from './pages/api-settings-page';

beforeEach(startSignedOut);

const KEYS = `GET /api/workspace/${WORKSPACE_ID}/api-keys`;
const LIST = `GET /api/workspace/${WORKSPACE_ID}/webhooks`;
const CREATE = `POST /api/workspace/${WORKSPACE_ID}/webhooks`;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function webhook(fields: Partial<Webhook> & Pick<Webhook, 'id' | 'url'>): Webhook {
  return {
    events: ['batch.finished'],
    enabled: true,
    disabledReason: null,
    secretPrefix: 'whsec_MfKQ',
    createdAt: '2026-11-20T10:00:00Z',
    lastDeliveryAt: null,
    ...fields,
  };
}
const shop = webhook({
  id: '66666666-6666-4666-8666-666666666666',
  url: 'https://tienda.example/hooks/redacta',
  events: ['batch.finished', 'reply.finished'],
  lastDeliveryAt: '2026-12-01T09:30:00Z',
});
const failing = webhook({
  id: '77777777-7777-4777-8777-777777777777',
  url: 'https://crm.example/in',
  enabled: false,
  disabledReason: 'failures',
});
const delivered: WebhookDelivery = {
  id: '88888888-8888-4888-8888-888888888881',
  deliveryId: '99999999-9999-4999-8999-999999999991',
  eventId: 'msg_2pQ3',
  event: 'reply.finished',
  attempt: 1,
  outcome: 'succeeded',
  statusCode: 200,
  responseMs: 1250,
  error: null,
  at: '2026-12-01T09:30:00Z',
};
const unreachable: WebhookDelivery = {
  ...delivered,
  id: '88888888-8888-4888-8888-888888888882',
  deliveryId: '99999999-9999-4999-8999-999999999992',
  event: 'batch.finished',
  attempt: 3,
  outcome: 'failed',
  statusCode: null,
  responseMs: null,
  error: 'Connection refused',
};

function renderPage(handlers: Record<string, ApiHandler>) {
  return renderInSession([{ path: '/settings/api', element: <ApiSettingsPage /> }], {
    'GET /api/auth/refresh': () => json(200, { accessToken: 'token', user: me }),
    'GET /api/workspace/list': () => json(200, [workspaceFixture({ invitedUsers: [luis] })]),
    [KEYS]: () => json(200, []),
    ...handlers,
  });
}

const section = () => screen.findByRole('region', { name: 'Webhooks' });

describe('the webhooks on the API settings page', () => {
  it('adds an endpoint with its events and shows its signing secret once', async () => {
    const user = userEvent.setup();
    let webhooks: Webhook[] = [];
    const { callsTo } = renderPage({
      [LIST]: () => json(200, webhooks),
      [CREATE]: () => {
        webhooks = [
          webhook({ id: shop.id, url: 'https://tienda.example/hooks', events: ['reply.finished'] }),
        ];
        return json(201, { id: shop.id, secret: SECRET });
      },
    });
    const webhooksSection = await section();
    expect(
      await within(webhooksSection).findByRole('heading', { name: 'Aún no hay webhooks' }),
    ).toBeInTheDocument();
    await user.click(within(webhooksSection).getByRole('button', { name: 'Añadir endpoint' }));

    const form = await screen.findByRole('dialog', { name: 'Añadir endpoint' });
    const url = within(form).getByLabelText('Dirección (URL)');
    await user.type(url, 'tienda.example');
    await user.tab();
    expect(
      within(form).getByText('Escribe una dirección completa que empiece por https://'),
    ).toBeInTheDocument();
    await user.clear(url);
    await user.type(url, 'https://tienda.example/hooks');
    const submit = within(form).getByRole('button', { name: 'Añadir endpoint' });
    expect(submit).toBeDisabled();
    await user.click(within(form).getByRole('checkbox', { name: /^Respuesta terminada/ }));
    await user.click(submit);

    const shown = await screen.findByRole('dialog', { name: 'Secreto de firma' });
    expect(callsTo(CREATE).map((call) => call.body)).toEqual([
      { url: 'https://tienda.example/hooks', events: ['reply.finished'] },
    ]);
    expect(shown).toHaveTextContent('No lo volverás a ver: cópialo ahora.');
    expect(within(shown).getByLabelText('Secreto')).toHaveValue(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copiar' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Ya lo he guardado' }));

    const row = await within(webhooksSection).findByRole('listitem', {
      name: 'https://tienda.example/hooks',
    });
    expect(within(row).getByTestId('webhook-state')).toHaveTextContent('Activo');
    expect(within(row).getByRole('list', { name: 'Eventos' })).toHaveTextContent('Respuesta terminada');
    await waitFor(() =>
      expect(within(webhooksSection).getByRole('button', { name: 'Añadir endpoint' })).toHaveFocus(),
    );
  });

  it("words the server's refusal of an address in the person's language", async () => {
    const user = userEvent.setup();
    renderPage({
      [LIST]: () => json(200, []),
      [CREATE]: () =>
        json(400, {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The address must be on the public internet',
            issues: [{ path: 'url', message: 'The address must be on the public internet' }],
          },
        }),
    });
    await user.click(await within(await section()).findByRole('button', { name: 'Añadir endpoint' }));
    const form = await screen.findByRole('dialog', { name: 'Añadir endpoint' });
    await user.type(within(form).getByLabelText('Dirección (URL)'), 'https://192.168.1.10/hook');
    await user.click(within(form).getByRole('checkbox', { name: /^Lote terminado/ }));
    await user.click(within(form).getByRole('button', { name: 'Añadir endpoint' }));
    expect(await within(form).findByText(/Redacta no envía avisos a esa dirección/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Dirección (URL)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says why an endpoint was turned off after failures, and turns it on again', async () => {
    const user = userEvent.setup();
    let list = [shop, failing];
    const { callsTo } = renderPage({
      [LIST]: () => json(200, list),
      [`PATCH /api/webhook/${failing.id}`]: () => {
        list = [shop, { ...failing, enabled: true, disabledReason: null }];
        return json(200, list[1]);
      },
    });
    const row = await within(await section()).findByRole('listitem', { name: failing.url });
    expect(within(row).getByTestId('webhook-state')).toHaveTextContent('Desactivado por fallos');
    expect(row).toHaveTextContent('falló muchas veces seguidas y avisó al propietario por correo');
    await user.click(within(row).getByRole('button', { name: 'Activar' }));
    expect(await screen.findByText('Endpoint activado')).toBeInTheDocument();
    expect(callsTo(`PATCH /api/webhook/${failing.id}`).map((call) => call.body)).toEqual([{ enabled: true }]);
    expect(await within(row).findByTestId('webhook-state')).toHaveTextContent('Activo');
    expect(within(row).queryByRole('button', { name: 'Activar' })).not.toBeInTheDocument();
  });

  it('shows the delivery log and redelivers an attempt', async () => {
    const user = userEvent.setup();
    const redeliver = `POST /api/webhook-delivery/${unreachable.deliveryId}/redeliver`;
    const { callsTo } = renderPage({
      [LIST]: () => json(200, [shop]),
      [`GET /api/webhook/${shop.id}/deliveries`]: () => json(200, [delivered, unreachable]),
      [redeliver]: () => json(202, { eventId: unreachable.eventId }),
    });
    const row = await within(await section()).findByRole('listitem', { name: shop.url });
    expect(row).toHaveTextContent('Última entrega: 1 dic 2026');
    const show = within(row).getByRole('button', { name: 'Ver entregas' });
    await user.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    const log = await within(row).findByRole('region', { name: 'Entregas' });
    const [first, second] = await within(log).findAllByTestId('webhook-delivery');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Respuesta terminadareply.finished',
      '200',
      '1250 ms',
      '1',
      expect.stringMatching(/^1 dic 2026, \d\d:30$/),
      'Reenviar',
    ]);
    expect(second).toHaveTextContent('Sin respuestaConnection refused');
    expect(second).toHaveTextContent('—');

    await user.click(
      within(second!).getByRole('button', { name: /^Reenviar batch\.finished del 1 dic 2026/ }),
    );
    expect(await screen.findByText('Reenvío en cola')).toBeInTheDocument();
    expect(callsTo(redeliver)).toHaveLength(1);
  });

  it('waits to redeliver until an endpoint that is off is on again, saying so', async () => {
    const user = userEvent.setup();
    renderPage({
      [LIST]: () => json(200, [failing]),
      [`GET /api/webhook/${failing.id}/deliveries`]: () => json(200, [unreachable]),
    });
    const row = await within(await section()).findByRole('listitem', { name: failing.url });
    await user.click(within(row).getByRole('button', { name: 'Ver entregas' }));
    const redeliver = await within(row).findByRole('button', { name: /^Reenviar batch\.finished/ });
    expect(redeliver).toBeDisabled();
    expect(redeliver).toHaveAccessibleDescription('Activa el endpoint para reenviar sus entregas.');
  });

  it('edits the events, makes a new secret and deletes, from the endpoint’s menu', async () => {
    const user = userEvent.setup();
    let list = [shop];
    const { callsTo } = renderPage({
      [LIST]: () => json(200, list),
      [`PATCH /api/webhook/${shop.id}`]: (body) => {
        list = [{ ...shop, ...(body as Partial<Webhook>) }];
        return json(200, list[0]);
      },
      [`POST /api/webhook/${shop.id}/rotate-secret`]: () => json(200, { secret: SECRET }),
      [`DELETE /api/webhook/${shop.id}`]: () => json(204),
    });
    const webhooksSection = await section();
    const menuButton = await within(webhooksSection).findByRole('button', {
      name: `Acciones de ${shop.url}`,
    });
    // The menu opened from the keyboard, as someone who tabs to it does.
    const openMenu = async () => {
      menuButton.focus();
      await user.keyboard('{Enter}');
      return screen.findByRole('menu');
    };

    await user.click(within(await openMenu()).getByRole('menuitem', { name: 'Editar' }));
    const form = await screen.findByRole('dialog', { name: 'Editar endpoint' });
    expect(within(form).getByLabelText('Dirección (URL)')).toHaveValue(shop.url);
    await user.click(within(form).getByRole('checkbox', { name: /^Lote terminado/ }));
    await user.click(within(form).getByRole('checkbox', { name: /^Miembro incorporado/ }));
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Endpoint guardado')).toBeInTheDocument();
    expect(callsTo(`PATCH /api/webhook/${shop.id}`).map((call) => call.body)).toEqual([
      { url: shop.url, events: ['reply.finished', 'member.joined'] },
    ]);
    await waitFor(() => expect(menuButton).toHaveFocus());

    await user.click(within(await openMenu()).getByRole('menuitem', { name: 'Generar un secreto nuevo' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Generar un secreto nuevo?' })).getByRole('button', {
        name: 'Generar secreto',
      }),
    );
    const shown = await screen.findByRole('dialog', { name: 'Secreto de firma' });
    expect(shown).toHaveTextContent('el anterior ya no sirve');
    expect(within(shown).getByLabelText('Secreto')).toHaveValue(SECRET);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(menuButton).toHaveFocus());

    await user.click(within(await openMenu()).getByRole('menuitem', { name: 'Eliminar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '¿Eliminar el endpoint?' })).getByRole('button', {
        name: 'Eliminar endpoint',
      }),
    );
    expect(await screen.findByText('Endpoint eliminado')).toBeInTheDocument();
    expect(callsTo(`DELETE /api/webhook/${shop.id}`)).toHaveLength(1);
    expect(
      await within(webhooksSection).findByRole('heading', { name: 'Aún no hay webhooks' }),
    ).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await changeLocale('en');
    renderPage({ [LIST]: () => json(200, [failing]) });
    const row = await within(await screen.findByRole('region', { name: 'Webhooks' })).findByRole('listitem', {
      name: failing.url,
    });
    expect(within(row).getByTestId('webhook-state')).toHaveTextContent('Off after failures');
    expect(within(row).getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });
});

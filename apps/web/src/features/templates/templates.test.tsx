import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Template } from '@redacta/shared';
import { json } from '../../../test/render';
import { renderInSession, startAsAna } from '../../../test/session';
import { luis, USER_ID, WORKSPACE_ID as W, workspaceFixture } from '../../../test/fixtures';
import TemplatesPage from './pages/templates-page';
import NewTemplatePage from './pages/new-template-page';
import EditTemplatePage from './pages/edit-template-page';

const workspace = workspaceFixture();

const productAd: Template = {
  id: '00000000-0000-4000-8000-000000000101',
  name: 'Anuncio de producto',
  description: 'Un anuncio para redes con titular y ventajas.',
  language: 'es',
  prompt: 'Escribe un anuncio de {{producto}} para {{publico}}.',
  fields: [
    { key: 'producto', label: 'Producto', type: 'text', required: true },
    { key: 'publico', label: 'Público', type: 'text', required: false },
  ],
  output: {
    parts: [
      { key: 'titular', label: 'Titular', maxChars: 30 },
      { key: 'ventajas', label: 'Ventajas', maxChars: 40, items: 3 },
    ],
  },
  builtIn: true,
  createdBy: null,
  updatedAt: '2026-12-01T10:00:00.000Z',
};

const ownByLuis: Template = {
  ...productAd,
  id: '00000000-0000-4000-8000-000000000202',
  name: 'Boletín semanal',
  description: 'La entradilla del boletín.',
  output: undefined,
  builtIn: false,
  createdBy: luis.id,
};

const ownByAna: Template = {
  ...ownByLuis,
  id: '00000000-0000-4000-8000-000000000303',
  name: 'Respuesta a clientes',
  description: 'Una respuesta amable a un cliente.',
  createdBy: USER_ID,
};

const listKey = (language: string) => `GET /api/workspace/${W}/templates?language=${language}`;

function renderTemplates(path: string, handlers: Parameters<typeof renderInSession>[1] = {}, asOwner = true) {
  return renderInSession(
    [
      { path: '/templates', element: <TemplatesPage /> },
      { path: '/templates/new', element: <NewTemplatePage /> },
      { path: '/templates/:id/edit', element: <EditTemplatePage /> },
      { path: '/chat', element: <p>chat</p> },
    ],
    {
      'GET /api/workspace/list': () =>
        json(200, [asOwner ? workspace : workspaceFixture({ ownerId: luis.id })]),
      [listKey('es')]: () => json(200, { templates: [productAd, ownByLuis, ownByAna] }),
      ...handlers,
    },
    { initialPath: path },
  );
}

describe('templates', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await startAsAna();
  });

  it('lists the templates of a language with their fields and parts, and searches them', async () => {
    const view = renderTemplates('/templates', {
      [listKey('en')]: () => json(200, { templates: [{ ...productAd, name: 'Product ad', language: 'en' }] }),
    });
    const card = (await screen.findByRole('heading', { name: 'Anuncio de producto' })).closest('article')!;
    expect(within(card).getByText(/Incluida · 2 campos/)).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Partes de la respuesta' })).toHaveTextContent(
      /Titular≤ 30.*Ventajas≤ 40× 3/,
    );
    expect(within(card).getByRole('link', { name: 'Ejecutar en lote' })).toHaveAttribute(
      'href',
      `/batches/new?template=${productAd.id}`,
    );

    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar plantillas' }), 'boletin');
    expect(screen.getAllByTestId('template-card')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Boletín semanal' })).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar plantillas' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Buscar plantillas' }), 'nada así');
    expect(screen.getByRole('status')).toHaveTextContent('Ninguna plantilla coincide con «nada así».');

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Buscar plantillas' }));
    await userEvent.selectOptions(screen.getByLabelText('Plantillas en'), 'en');
    expect(await screen.findByRole('heading', { name: 'Product ad' })).toBeInTheDocument();
    expect(view.callsTo(listKey('en'))).toHaveLength(1);
  });

  it('offers a built-in template only to duplicate, and edit and delete to whoever may', async () => {
    renderTemplates('/templates', {}, false);
    const menuOf = async (name: string) => {
      await userEvent.click(await screen.findByRole('button', { name: `Más acciones de «${name}»` }));
      const menu = await screen.findByRole('menu');
      const items = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      await userEvent.keyboard('{Escape}');
      return items;
    };
    expect(await menuOf('Anuncio de producto')).toEqual(['Duplicar para editar']);
    // Ana is not the owner here: Luis's template is his to change, hers is hers.
    expect(await menuOf('Boletín semanal')).toEqual(['Duplicar']);
    expect(await menuOf('Respuesta a clientes')).toEqual(['Duplicar', 'Editar', 'Eliminar']);
  });

  it("shows the server's reason when it refuses a delete", async () => {
    renderTemplates('/templates', {
      [`DELETE /api/template/${ownByAna.id}`]: () =>
        json(403, {
          error: { code: 'FORBIDDEN', message: 'Solo quien la creó o el propietario puede cambiarla' },
        }),
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Más acciones de «Respuesta a clientes»' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar la plantilla?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(
      await screen.findByText('Solo quien la creó o el propietario puede cambiarla'),
    ).toBeInTheDocument();
  });

  it('an empty library says what goes there, and a failed one offers to try again', async () => {
    let fail = true;
    renderTemplates('/templates', {
      [listKey('es')]: () =>
        fail ? json(500, { error: { code: 'INTERNAL', message: 'x' } }) : json(200, { templates: [] }),
    });
    fail = true;
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudieron recuperar las plantillas');
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Aún no hay plantillas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nueva plantilla' })).toHaveAttribute('href', '/templates/new');
  });

  it('the editor puts each problem beside its input, as the server would, and saves what passes', async () => {
    const view = renderTemplates('/templates/new', {
      [`POST /api/workspace/${W}/templates`]: (body) =>
        json(201, {
          ...(body as object),
          builtIn: false,
          createdBy: USER_ID,
          updatedAt: '2026-12-06T10:00:00.000Z',
        }),
    });
    await userEvent.type(await screen.findByLabelText('Nombre'), 'Titulares SEO');
    await userEvent.type(
      screen.getByLabelText('Prompt'),
      'Escribe un titular sobre {{{{tema}} para {{{{canal}}.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Añadir campo' }));
    await userEvent.type(screen.getByLabelText('Etiqueta'), 'Tema');
    await userEvent.tab();
    // The key comes from the label once it is left.
    expect(screen.getByLabelText('Clave')).toHaveValue('tema');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir campo' }));
    const second = screen.getAllByTestId('field-row')[1]!;
    await userEvent.type(within(second).getByLabelText('Etiqueta'), 'Tema');
    await userEvent.tab();
    await userEvent.selectOptions(within(second).getByLabelText('Tipo'), 'choice');

    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText('El prompt nombra {{canal}}, que no es ningún campo.')).toBeInTheDocument();
    expect(within(second).getByText('Otro campo ya usa esta clave.')).toBeInTheDocument();
    expect(within(second).getByText('Un campo de opciones necesita sus opciones.')).toBeInTheDocument();
    expect(view.callsTo(`POST /api/workspace/${W}/templates`)).toHaveLength(0);

    await userEvent.clear(within(second).getByLabelText('Clave'));
    await userEvent.type(within(second).getByLabelText('Clave'), 'Canal');
    expect(within(second).getByText(/Usa minúsculas, números y _/)).toBeInTheDocument();
    await userEvent.clear(within(second).getByLabelText('Clave'));
    await userEvent.type(within(second).getByLabelText('Clave'), 'canal');
    await userEvent.type(within(second).getByLabelText('Opciones'), 'Blog');
    expect(within(second).getByText('Escribe al menos 2 opciones.')).toBeInTheDocument();
    await userEvent.type(within(second).getByLabelText('Opciones'), '{Enter}Instagram');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir parte' }));
    await userEvent.type(screen.getByLabelText('Nombre de la parte'), 'Titular');
    await userEvent.type(within(screen.getByTestId('part-row')).getByLabelText(/Máximo de caracteres/), '60');

    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/templates'));
    expect(await screen.findByText('Plantilla creada')).toBeInTheDocument();
    const [call] = view.callsTo(`POST /api/workspace/${W}/templates`);
    expect(call!.body).toEqual({
      id: expect.any(String),
      name: 'Titulares SEO',
      description: '',
      language: 'es',
      prompt: 'Escribe un titular sobre {{tema}} para {{canal}}.',
      fields: [
        { key: 'tema', label: 'Tema', type: 'text', required: true },
        { key: 'canal', label: 'Tema', type: 'choice', required: true, options: ['Blog', 'Instagram'] },
      ],
      output: { parts: [{ key: 'titular', label: 'Titular', maxChars: 60 }] },
    });
  });

  it('the preview shows the prompt with sample inputs as it is written, and fields go in at the caret', async () => {
    renderTemplates('/templates/new');
    const prompt = await screen.findByLabelText('Prompt');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir campo' }));
    await userEvent.type(screen.getByLabelText('Etiqueta'), 'Producto');
    await userEvent.tab();
    await userEvent.type(prompt, 'Anuncio de  en dos frases.');
    // The caret goes after "de ", and the field's button puts its key there.
    (prompt as HTMLTextAreaElement).setSelectionRange(11, 11);
    await userEvent.click(screen.getByRole('button', { name: '{{producto}}' }));
    expect(prompt).toHaveValue('Anuncio de {{producto}} en dos frases.');
    const preview = screen.getByTestId('template-preview');
    expect(preview).toHaveTextContent('Anuncio de [Producto] en dos frases.');
    const samples = within(screen.getByRole('complementary'));
    await userEvent.type(samples.getByLabelText('Producto'), 'zapatillas de trail');
    expect(preview).toHaveTextContent('Anuncio de zapatillas de trail en dos frases.');
  });

  it('a built-in template is copied to be edited, and leaving with changes asks first', async () => {
    const view = renderTemplates(`/templates/new?from=${productAd.id}`, {
      [`GET /api/template/${productAd.id}`]: () => json(200, productAd),
    });
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Anuncio de producto (copia)');
    expect(screen.getAllByTestId('field-row')).toHaveLength(2);
    expect(screen.getAllByTestId('part-row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    const question = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Salir sin guardar' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/templates'));
  });

  it('an edit sends the changes but not the language, which a saved template keeps', async () => {
    const patch = vi.fn();
    const view = renderTemplates(`/templates/${ownByAna.id}/edit`, {
      [`GET /api/template/${ownByAna.id}`]: () => json(200, ownByAna),
      [`PATCH /api/template/${ownByAna.id}`]: (body) => {
        patch(body);
        // A template saved without parts has none (the PATCH's `output: null` takes them away).
        const { output: _none, ...saved } = body as Partial<Template>;
        return json(200, { ...ownByAna, ...saved });
      },
    });
    const name = await screen.findByLabelText('Nombre');
    expect(screen.getByRole('radio', { name: 'Español' })).toBeDisabled();
    await userEvent.clear(name);
    await userEvent.type(name, 'Respuesta amable');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/templates'));
    expect(patch).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Respuesta amable', fields: ownByAna.fields, output: null }),
    );
    expect(patch.mock.calls[0]![0]).not.toHaveProperty('language');
  });
});

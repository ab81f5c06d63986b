import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Toaster } from 'react-hot-toast';
import type { DocumentVersion } from '@redacta/shared';
import { fakeApi, json, renderRoutes } from '../../../../../test/render';
import { startAsAna } from '../../../../../test/session';
import { PROJECT_ID } from '../../../../../test/fixtures';
import { HistoryButton } from './history-button';

const ana = {
  id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Ana',
  lastName: 'García',
  email: 'ana@example.com',
};
const version = (id: string, overrides: Partial<DocumentVersion> = {}): DocumentVersion => ({
  id,
  kind: 'auto',
  name: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  createdBy: null,
  authors: [ana],
  ...overrides,
});
const named = version('44444444-4444-4444-8444-444444444444', {
  kind: 'manual',
  name: 'Aprobada',
  createdBy: ana,
});
const auto = version('55555555-5555-4555-8555-555555555555', { authors: [] });
const byKey = version('66666666-6666-4666-8666-666666666666', {
  kind: 'manual',
  createdBy: ana,
  createdByApiKey: { id: '77777777-7777-4777-8777-777777777777', name: 'Catálogo' },
});
const base = `/api/project/${PROJECT_ID}/document/versions`;

let editor: Editor;
beforeEach(async () => {
  await startAsAna();
  editor = new Editor({
    extensions: [StarterKit],
    content: '<p>Hola equipo de ventas</p>',
  });
});
afterEach(() => editor.destroy());

function renderHistory(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <HistoryButton projectId={PROJECT_ID} editor={editor} />
            <Toaster />
          </>
        ),
      },
    ],
    '/',
  );
  return api;
}

describe('version history panel', () => {
  it('lists versions with their time, name and authors, and shows one read-only against the live text', async () => {
    const user = userEvent.setup();
    renderHistory({
      [`GET ${base}`]: () => json(200, { versions: [named, auto, byKey] }),
      [`GET ${base}/${named.id}`]: () =>
        json(200, { ...named, content: { type: 'doc', content: [] }, text: 'Hola equipo de marketing' }),
    });
    const opener = screen.getByRole('button', { name: 'Historial' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Historial de versiones' });
    const list = await within(dialog).findByRole('list', { name: 'Versiones' });
    const items = within(list).getAllByRole('button');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Aprobada.*por Ana García.*Editaron: Ana García$/),
      expect.stringMatching(/^Guardada automáticamente.*Sin cambios desde la anterior$/),
      // Saved through an API key: the key is its author.
      expect.stringMatching(/por API · Catálogo.*Editaron: Ana García$/),
    ]);

    await user.click(items[0]!);
    const preview = await within(dialog).findByTestId('version-preview');
    expect(preview.querySelector('ins')?.textContent).toBe('marketing');
    expect(preview.querySelector('del')?.textContent).toBe('ventas');
    // The comparison follows the live document as it changes.
    editor.commands.setContent('<p>Hola equipo de marketing</p>');
    await waitFor(() => expect(preview.querySelector('del')).toBeNull());
    expect(within(dialog).getByText('Esta versión es igual al texto actual.')).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('saves a named version, and restores one, closing the panel with the way to undo it', async () => {
    const user = userEvent.setup();
    const api = renderHistory({
      [`GET ${base}`]: () => json(200, { versions: [named] }),
      [`POST ${base}`]: () => json(201, auto),
      [`GET ${base}/${named.id}`]: () =>
        json(200, { ...named, content: { type: 'doc', content: [] }, text: 'Hola' }),
      [`POST ${base}/${named.id}/restore`]: () =>
        json(200, { updatedAt: '2026-11-26T11:00:00.000Z', savedVersionId: auto.id }),
    });
    await user.click(screen.getByRole('button', { name: 'Historial' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nombre de la versión (opcional)'), '  Para el cliente ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar versión' }));
    await screen.findByText('Versión guardada');
    expect(api.calls.find((call) => call.key === `POST ${base}`)?.body).toEqual({ name: 'Para el cliente' });

    await user.click(await within(dialog).findByRole('button', { name: /Aprobada/ }));
    await user.click(await within(dialog).findByRole('button', { name: 'Restaurar esta versión' }));
    await screen.findByText(/Versión restaurada para todos/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((call) => call.key === `POST ${base}/${named.id}/restore`)).toBe(true);
  });

  it('says when the list could not be loaded and loads it again on retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderHistory({
      [`GET ${base}`]: () =>
        fail ? json(500, { error: { code: 'INTERNAL', message: 'x' } }) : json(200, { versions: [] }),
    });
    await user.click(screen.getByRole('button', { name: 'Historial' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('No se pudieron cargar las versiones');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    await within(dialog).findByText(/Aún no hay versiones/);
  });
});

import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as Y from 'yjs';
import { changeLocale } from '@/lib/i18n';
import { me, PROJECT_ID } from '../../../test/fixtures';
import { json } from '../../../test/render';
import { startLiveServer, teammate, type LiveServer } from './test/live-server';
import { lostEdits } from './state/lost-edits';
import { layOutRanges } from './test/lay-out-ranges';
import { doc, paragraph, projectFixture, renderDocument } from './test/render-document';

const reply = [
  '## Titular',
  '',
  'Un café **intenso** para *tus mañanas*. <img src=x onerror="alert(1)"><script>alert(2)</script>',
  '',
  '- Tostado local',
  '- [Tienda](https://cafe.example)',
  '',
  '[Truco](javascript:alert(3)) final',
].join('\n');

const editorBox = () => screen.findByRole('textbox', { name: 'Texto del documento' });
const status = () => screen.getByTestId('document-panel').querySelector('[data-save-state]');

let server: LiveServer;

// The editor chunk is transformed on first use; under a loaded machine that takes seconds.
describe('document panel on the live document', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await changeLocale('es');
    server = await startLiveServer();
  });
  afterEach(async () => {
    lostEdits.set(null);
    await server.stop();
  });

  it('shows the live content and sends an inserted reply through it, as rich text without raw HTML', async () => {
    await server.seed(PROJECT_ID, doc(paragraph('Texto previo')));
    const user = userEvent.setup();
    renderDocument(server, { reply });

    const editor = await editorBox();
    await waitFor(() => expect(editor).toHaveTextContent('Texto previo'));
    await waitFor(() => expect(status()).toHaveTextContent('Guardado'));
    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));

    await waitFor(() =>
      expect(within(editor).getByRole('heading', { level: 2 })).toHaveTextContent('Titular'),
    );
    expect(within(editor).getByText('intenso').tagName).toBe('STRONG');
    expect(within(editor).getAllByRole('listitem')).toHaveLength(2);
    expect(editor.querySelector('img, script, a[href^="javascript"]')).toBeNull();

    await waitFor(async () => {
      const stored = JSON.stringify(await server.content(PROJECT_ID));
      expect(stored).toContain('Texto previo');
      expect(stored).toContain('"href":"https://cafe.example"');
    });
    expect(JSON.stringify(await server.content(PROJECT_ID))).not.toContain('javascript');
    await waitFor(() => expect(status()).toHaveTextContent('Guardado'));
  });

  it('appends a reply through the live document when no panel is mounted', async () => {
    await server.seed(PROJECT_ID, doc(paragraph('Antes')));
    const user = userEvent.setup();
    renderDocument(server, { reply: '# Idea', withPanel: false });
    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));
    await waitFor(
      async () =>
        expect(await server.content(PROJECT_ID)).toEqual(
          doc(
            paragraph('Antes'),
            { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Idea' }] },
            {
              type: 'paragraph',
            },
          ),
        ),
      { timeout: 8000 },
    );
  });

  it('undoes, from the panel shown afterwards, a reply appended while no panel was mounted', async () => {
    await server.seed(PROJECT_ID, doc(paragraph('Antes')));
    const user = userEvent.setup();
    renderDocument(server, { reply: 'Eslogan insertado', withPanel: false });
    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));
    await waitFor(
      async () => expect(JSON.stringify(await server.content(PROJECT_ID))).toContain('Eslogan insertado'),
      { timeout: 8000 },
    );

    await user.click(screen.getByRole('button', { name: 'Documento' }));
    onTestFinished(layOutRanges());
    const editor = await editorBox();
    await waitFor(() => expect(editor).toHaveTextContent('Eslogan insertado'));
    const undo = screen.getByRole('button', { name: /^Deshacer/ });
    await waitFor(() => expect(undo).toBeEnabled());
    await user.click(undo);

    await waitFor(() => expect(editor).not.toHaveTextContent('Eslogan insertado'));
    expect(editor).toHaveTextContent('Antes');
    await waitFor(
      async () => expect(JSON.stringify(await server.content(PROJECT_ID))).not.toContain('Eslogan insertado'),
      { timeout: 8000 },
    );
    expect(screen.getByRole('button', { name: /^Rehacer/ })).toBeEnabled();
  });

  it("shows a teammate's change as it happens, and the teammate among those in the document", async () => {
    await server.seed(PROJECT_ID, doc(paragraph('Uno')));
    renderDocument(server);
    const editor = await editorBox();
    await waitFor(() => expect(editor).toHaveTextContent('Uno'));

    const { provider: ben, leave } = teammate(server, PROJECT_ID, {
      id: '99999999-9999-4999-8999-999999999999',
      name: 'Ben Ruiz',
    });
    try {
      await waitFor(() =>
        expect(screen.getByTestId('document-presence')).toHaveAccessibleName(
          `En el documento: ${me.name}, Ben Ruiz`,
        ),
      );
      await waitFor(() => expect(ben.isSynced).toBe(true));
      ben.document.transact(() => {
        const line = new Y.XmlElement('paragraph');
        line.insert(0, [new Y.XmlText('De Ben')]);
        ben.document.getXmlFragment('default').push([line]);
      });
      await waitFor(() => expect(editor).toHaveTextContent('UnoDe Ben'));
    } finally {
      leave();
    }
    await waitFor(() =>
      expect(screen.getByTestId('document-presence')).toHaveAccessibleName(`En el documento: ${me.name}`),
    );
  });

  it('renews an expired access token and reconnects, keeping what was inserted meanwhile', async () => {
    await server.seed(PROJECT_ID, doc(paragraph('Base')));
    server.tokens.expired.add('old-token');
    const user = userEvent.setup();
    const { calls } = renderDocument(server, {
      reply: 'Mientras tanto',
      token: 'old-token',
      handlers: { 'GET /api/auth/refresh': () => json(200, { accessToken: 'good-token', user: me }) },
    });
    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));
    const editor = await editorBox();
    await waitFor(() => expect(editor).toHaveTextContent('BaseMientras tanto'), { timeout: 8000 });
    expect(calls.filter((call) => call.key === 'GET /api/auth/refresh')).toHaveLength(1);
    await waitFor(async () =>
      expect(await server.content(PROJECT_ID)).toEqual(doc(paragraph('Base'), paragraph('Mientras tanto'))),
    );
    expect(server.tokens.seen).toContain('old-token');
    expect(server.tokens.seen.at(-1)).toBe('good-token');
    await waitFor(() => expect(status()).toHaveTextContent('Guardado'));
  });

  it('says offline while the browser is, and sends what was inserted offline when it is back', async () => {
    await server.seed(PROJECT_ID, doc(paragraph('Base')));
    const user = userEvent.setup();
    renderDocument(server, { reply: 'Sin red' });
    await editorBox();
    await waitFor(() => expect(status()).toHaveTextContent('Guardado'));

    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(status()).toHaveTextContent('Sin conexión — los cambios se guardarán al volver');
    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));
    expect(await editorBox()).toHaveTextContent('BaseSin red');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await server.content(PROJECT_ID)).toEqual(doc(paragraph('Base')));

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(
      async () =>
        expect(await server.content(PROJECT_ID)).toEqual(doc(paragraph('Base'), paragraph('Sin red'))),
      {
        timeout: 8000,
      },
    );
    await waitFor(() => expect(status()).toHaveTextContent('Guardado'));
  });

  it('turns read-only at once when access ends, says why, offers the text and stops connecting', async () => {
    await server.seed(PROJECT_ID, doc(paragraph('Mi borrador')));
    renderDocument(server);
    const editor = await editorBox();
    await waitFor(() => expect(status()).toHaveTextContent('Guardado'));
    expect(editor).toHaveAttribute('contenteditable', 'true');

    server.tokens.valid.clear();
    server.end(PROJECT_ID, 'forbidden');

    expect(await screen.findByTestId('document-ended')).toHaveTextContent(
      'Ya no tienes acceso a este proyecto',
    );
    expect(editor).toHaveAttribute('contenteditable', 'false');
    expect(status()).toHaveTextContent('Ya no se guarda');
    const dialog = await screen.findByRole('dialog', { name: 'Ya no puedes editar este documento' });
    expect(within(dialog).getByRole('textbox', { name: 'Texto del documento sin guardar' })).toHaveValue(
      'Mi borrador',
    );

    const attempts = server.tokens.seen.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(server.tokens.seen).toHaveLength(attempts);
    expect(server.connections(PROJECT_ID)).toBe(0);

    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('after a refused change, offers the text and a way back to the server state', async () => {
    await server.seed(PROJECT_ID, doc(paragraph('Guardado en el servidor')));
    const user = userEvent.setup();
    renderDocument(server);
    await editorBox();
    await waitFor(() => expect(status()).toHaveTextContent('Guardado'));

    server.end(PROJECT_ID, 'too-large');
    expect(await screen.findByTestId('document-ended')).toHaveTextContent('superara el máximo de 1 MB');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Volver a cargar' }));
    await waitFor(() => expect(screen.queryByTestId('document-ended')).toBeNull());
    expect(await editorBox()).toHaveTextContent('Guardado en el servidor');
    await waitFor(() => expect(status()).toHaveTextContent('Guardado'));
  });

  it('saves on Ctrl+S once the server holds everything, and shows counts in both languages', async () => {
    await server.seed(PROJECT_ID, doc(paragraph('Hola, ¿qué tal?'), paragraph('Bien')));
    renderDocument(server);
    await waitFor(async () => expect(await editorBox()).toHaveTextContent('Bien'));
    expect(screen.getByTestId('document-word-count')).toHaveTextContent('4 palabras');
    expect(screen.getByTestId('document-character-count')).toHaveTextContent('19 caracteres');
    await act(() => changeLocale('en'));
    expect(await screen.findByRole('textbox', { name: 'Document text' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Saved');
    await act(() => changeLocale('es'));

    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(await screen.findByText('¡Proyecto guardado correctamente!')).toBeInTheDocument();
  });

  it('switching project closes the old connection and opens the new document', async () => {
    const other = '33333333-3333-4333-8333-333333333333';
    await server.seed(PROJECT_ID, doc(paragraph('Primero')));
    await server.seed(other, doc(paragraph('Segundo')));
    const { switchProject } = renderDocument(server, {
      handlers: {
        [`GET /api/project/${other}`]: () => json(200, { ...projectFixture, id: other, name: 'Otro' }),
      },
    });
    await waitFor(async () => expect(await editorBox()).toHaveTextContent('Primero'));
    act(() => switchProject(other));
    await waitFor(async () => expect(await editorBox()).toHaveTextContent('Segundo'));
    expect(await editorBox()).not.toHaveTextContent('Primero');
    await waitFor(() => expect(server.connections(PROJECT_ID)).toBe(0));
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { json } from '../../../test/render';
import { sessionStore } from '@/lib/session-store';
import {
  accessToken,
  deferred,
  documentUrl,
  paragraph,
  projectFixture,
  renderDocument,
} from './test/render-document';

/** The server's answer to a save: when it was saved, never the document again. */
const savedEcho = () => json(200, { updatedAt: '2026-11-23T10:00:00Z' });

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

const editorBox = () => screen.getByRole('textbox', { name: 'Texto del documento' });

// The editor chunk is transformed on first use; under a loaded machine that takes seconds.
describe('document panel', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await changeLocale('es');
  });

  it('applies a reply inserted while the document is still loading, as rich text without raw HTML', async () => {
    const load = deferred<Response>();
    const user = userEvent.setup();
    const { saves } = renderDocument(
      { [`GET ${documentUrl}`]: () => load.promise, [`PATCH ${documentUrl}`]: savedEcho },
      { reply },
    );

    expect(screen.getByRole('status', { name: 'Cargando el documento…' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));
    load.resolve(json(200, { content: { type: 'doc', content: [paragraph('Texto previo')] } }));

    const editor = await screen.findByRole('textbox', { name: 'Texto del documento' });
    await waitFor(() =>
      expect(within(editor).getByRole('heading', { level: 2 })).toHaveTextContent('Titular'),
    );
    expect(editor.querySelector('p')).toHaveTextContent('Texto previo');
    expect(within(editor).getByText('intenso').tagName).toBe('STRONG');
    expect(within(editor).getByText('tus mañanas').tagName).toBe('EM');
    expect(within(editor).getAllByRole('listitem')).toHaveLength(2);
    expect(within(editor).getByRole('link', { name: 'Tienda' })).toHaveAttribute(
      'href',
      'https://cafe.example',
    );
    expect(editor.querySelector('img, script')).toBeNull();
    expect(within(editor).getByText(/Truco/)).toBeInTheDocument();
    expect(editor.querySelector('a[href^="javascript"]')).toBeNull();

    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 3000 });
    const saved = JSON.stringify(saves()[0]!.body);
    expect(saved).toContain('"href":"https://cafe.example"');
    expect(saved).not.toContain('javascript');
    expect(editor).not.toHaveTextContent('onerror');
  });

  it('autosaves the document JSON once typing pauses for a second, not before', async () => {
    const { saves } = renderDocument(
      {
        [`GET ${documentUrl}`]: () => json(200, { content: { type: 'doc', content: [paragraph('Hola')] } }),
        [`PATCH ${documentUrl}`]: savedEcho,
      },
      { reply: '**Nuevo** texto' },
    );
    await screen.findByRole('textbox', { name: 'Texto del documento' });
    expect(screen.getByText('Guardado')).toBeInTheDocument();

    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Insertar respuesta' }));
      expect(screen.getByText('Cambios sin guardar')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(900));
      expect(saves()).toHaveLength(0);
      act(() => vi.advanceTimersByTime(150));
      expect(saves()).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
    expect(saves()[0]!.body).toEqual({
      content: {
        type: 'doc',
        content: [
          paragraph('Hola'),
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Nuevo', marks: [{ type: 'bold' }] },
              { type: 'text', text: ' texto' },
            ],
          },
        ],
      },
    });
    expect(await screen.findByText('Guardado')).toBeInTheDocument();
  });

  it('tries a failed autosave again by itself, keeping the text meanwhile', async () => {
    let fail = true;
    const { saves } = renderDocument(
      {
        [`GET ${documentUrl}`]: () => json(200, { content: { type: 'doc', content: [paragraph('Hola')] } }),
        [`PATCH ${documentUrl}`]: () =>
          fail ? json(503, { error: { code: 'INTERNAL', message: 'down' } }) : savedEcho(),
      },
      { reply: 'Otra línea' },
    );
    await screen.findByRole('textbox', { name: 'Texto del documento' });

    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Insertar respuesta' }));
      await act(() => vi.advanceTimersByTimeAsync(1100));
      expect(saves()).toHaveLength(1);
      expect(screen.getByText('Error al guardar')).toBeInTheDocument();
      expect(editorBox()).toHaveTextContent('Otra línea');

      fail = false;
      await act(() => vi.advanceTimersByTimeAsync(4800));
      expect(saves()).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(300));
      expect(saves()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText('Guardado')).toBeInTheDocument();
    expect(saves()[1]!.body).toEqual({
      content: { type: 'doc', content: [paragraph('Hola'), paragraph('Otra línea')] },
    });
  });

  it('appends a reply and saves it even when no panel is mounted', async () => {
    const user = userEvent.setup();
    const { saves } = renderDocument(
      {
        [`GET ${documentUrl}`]: () => json(200, { content: { type: 'doc', content: [paragraph('Antes')] } }),
        [`PATCH ${documentUrl}`]: savedEcho,
      },
      { reply: '# Idea', withPanel: false },
    );
    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));
    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 4000 });
    expect(saves()[0]!.body).toEqual({
      content: {
        type: 'doc',
        content: [
          paragraph('Antes'),
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Idea' }] },
          // The editor keeps an empty paragraph after a closing heading, so there is a line to type on.
          { type: 'paragraph' },
        ],
      },
    });
  });

  it('puts a reply into an empty document without a blank line above it', async () => {
    const user = userEvent.setup();
    const { saves } = renderDocument(
      {
        [`GET ${documentUrl}`]: () =>
          json(200, { content: { type: 'doc', content: [{ type: 'paragraph' }] } }),
        [`PATCH ${documentUrl}`]: savedEcho,
      },
      { reply: '**Hola** mundo' },
    );
    await screen.findByRole('textbox', { name: 'Texto del documento' });
    expect(screen.getByText('Inserta respuestas del chat o escribe aquí')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));
    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 3000 });
    expect(saves()[0]!.body).toEqual({
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Hola', marks: [{ type: 'bold' }] },
              { type: 'text', text: ' mundo' },
            ],
          },
        ],
      },
    });
    expect(screen.queryByText('Inserta respuestas del chat o escribe aquí')).toBeNull();
  });

  it('saves on Ctrl+S with the saved toast, and shows word and character counts', async () => {
    const { saves } = renderDocument({
      [`GET ${documentUrl}`]: () =>
        json(200, { content: { type: 'doc', content: [paragraph('Hola, ¿qué tal?'), paragraph('Bien')] } }),
      [`PATCH ${documentUrl}`]: savedEcho,
    });
    await screen.findByRole('textbox', { name: 'Texto del documento' });
    expect(screen.getByTestId('document-word-count')).toHaveTextContent('4 palabras');
    expect(screen.getByTestId('document-character-count')).toHaveTextContent('19 caracteres');
    await act(() => changeLocale('en'));
    expect(await screen.findByRole('textbox', { name: 'Document text' })).toBeInTheDocument();
    expect(screen.getByTestId('document-word-count')).toHaveTextContent('4 words');
    await act(() => changeLocale('es'));

    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(await screen.findByText('¡Proyecto guardado correctamente!')).toBeInTheDocument();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.body).toEqual({
      content: { type: 'doc', content: [paragraph('Hola, ¿qué tal?'), paragraph('Bien')] },
    });
  });

  it.each([
    {
      why: 'the document is too large',
      code: 'DOCUMENT_TOO_LARGE',
      alert: 'El documento supera el máximo de 1 MB y no se ha guardado',
      status: 'Demasiado grande para guardar',
    },
    {
      why: 'the workspace has no storage left',
      code: 'STORAGE_FULL',
      alert: 'Tu espacio de trabajo ha llenado su almacenamiento y el documento no se ha guardado',
      status: 'Sin almacenamiento libre',
    },
  ])('keeps the text and says what to do when the server refuses a save because $why', async (refusal) => {
    const user = userEvent.setup();
    let refuse = true;
    const { saves } = renderDocument(
      {
        [`GET ${documentUrl}`]: () => json(200, { content: { type: 'doc', content: [paragraph('Base')] } }),
        [`PATCH ${documentUrl}`]: () =>
          refuse ? json(413, { error: { code: refusal.code, message: 'Refused' } }) : savedEcho(),
      },
      { reply: 'Texto largo' },
    );
    await screen.findByRole('textbox', { name: 'Texto del documento' });
    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));

    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(refusal.alert);
    expect(screen.getByText(refusal.status)).toBeInTheDocument();
    expect(editorBox()).toHaveTextContent('Texto largo');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('¡Proyecto guardado correctamente!')).toBeInTheDocument();
    expect(saves().at(-1)!.body).toEqual({
      content: { type: 'doc', content: [paragraph('Base'), paragraph('Texto largo')] },
    });
  });

  it('shows its error when the document cannot be loaded', async () => {
    renderDocument({
      [`GET ${documentUrl}`]: () => json(500, { error: { code: 'INTERNAL', message: 'boom' } }),
    });
    const messages = await screen.findAllByText('Fallo al recuperar el documento del proyecto');
    expect(messages.length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByRole('textbox', { name: 'Texto del documento' })).toBeNull();
  });

  it('sends unsaved changes at once when the page is left, and with keepalive when it unloads', async () => {
    const user = userEvent.setup();
    const { saves, router } = renderDocument(
      {
        [`GET ${documentUrl}`]: () => json(200, { content: { type: 'doc', content: [paragraph('Uno')] } }),
        [`PATCH ${documentUrl}`]: savedEcho,
      },
      { reply: 'Dos' },
    );
    await screen.findByRole('textbox', { name: 'Texto del documento' });

    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));
    act(() => {
      window.dispatchEvent(new Event('beforeunload'));
    });
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.keepalive).toBe(true);
    expect(saves()[0]!.body).toEqual({
      content: { type: 'doc', content: [paragraph('Uno'), paragraph('Dos')] },
    });

    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));
    await act(() => router.navigate('/elsewhere'));
    expect(saves()).toHaveLength(2);
    expect(saves()[1]!.keepalive).toBe(false);
    expect(saves()[1]!.body).toEqual({
      content: { type: 'doc', content: [paragraph('Uno'), paragraph('Dos'), paragraph('Dos')] },
    });
  });

  it('reopening a project straight after leaving it shows what the leaving save sent', async () => {
    const user = userEvent.setup();
    let stored: unknown = { type: 'doc', content: [paragraph('Uno')] };
    const answer = deferred<void>();
    const { saves, calls, router } = renderDocument(
      {
        [`GET ${documentUrl}`]: () => json(200, { content: stored }),
        [`PATCH ${documentUrl}`]: async (body) => {
          await answer.promise;
          stored = (body as { content: unknown }).content;
          return savedEcho();
        },
      },
      { reply: 'Dos' },
    );
    await screen.findByRole('textbox', { name: 'Texto del documento' });
    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));
    await act(() => router.navigate('/elsewhere'));
    expect(saves()).toHaveLength(1);

    await act(() => router.navigate('/chat'));
    const loads = () => calls.filter((call) => call.key === `GET ${documentUrl}`);
    expect(loads()).toHaveLength(1);
    answer.resolve();
    await waitFor(() => expect(loads()).toHaveLength(2));
    await waitFor(() => expect(editorBox()).toHaveTextContent('UnoDos'));
  });

  it('switching project saves the old one at once and opens the new one', async () => {
    const other = '33333333-3333-4333-8333-333333333333';
    const otherUrl = `/api/project/${other}/document`;
    const user = userEvent.setup();
    const { saves, calls, switchProject } = renderDocument(
      {
        [`GET ${documentUrl}`]: () =>
          json(200, { content: { type: 'doc', content: [paragraph('Primero')] } }),
        [`PATCH ${documentUrl}`]: savedEcho,
        [`GET /api/project/${other}`]: () => json(200, { ...projectFixture, id: other, name: 'Otro' }),
        [`GET ${otherUrl}`]: () => json(200, { content: { type: 'doc', content: [paragraph('Segundo')] } }),
      },
      { reply: 'Añadido' },
    );
    await screen.findByRole('textbox', { name: 'Texto del documento' });
    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));

    act(() => switchProject(other));
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.body).toEqual({
      content: { type: 'doc', content: [paragraph('Primero'), paragraph('Añadido')] },
    });
    await waitFor(() => expect(editorBox()).toHaveTextContent('Segundo'));
    expect(editorBox()).not.toHaveTextContent('Primero');
    expect(calls.some((call) => call.key.startsWith('PATCH') && call.key.includes(other))).toBe(false);
  });

  it('asks the browser to hold the page when an unload save cannot work, and saves as usual if the user stays', async () => {
    const user = userEvent.setup();
    const { saves } = renderDocument(
      {
        [`GET ${documentUrl}`]: () => json(200, { content: { type: 'doc', content: [paragraph('Uno')] } }),
        [`PATCH ${documentUrl}`]: savedEcho,
      },
      { reply: 'Dos' },
    );
    await screen.findByRole('textbox', { name: 'Texto del documento' });
    await user.click(screen.getByRole('button', { name: 'Insertar respuesta' }));

    sessionStore.setAccessToken(accessToken(-60));
    const leaving = new Event('beforeunload', { cancelable: true });
    act(() => {
      window.dispatchEvent(leaving);
    });
    expect(leaving.defaultPrevented).toBe(true);
    expect(saves()).toHaveLength(0);

    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 3000 });
    expect(saves()[0]!.keepalive).toBe(false);
  });
});

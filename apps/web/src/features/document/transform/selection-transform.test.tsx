import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import { changeLocale } from '@/lib/i18n';
import { PROJECT_ID } from '../../../../test/fixtures';
import { startLiveServer, type LiveServer } from '../test/live-server';
import { layOutRanges } from '../test/lay-out-ranges';
import { doc, paragraph, renderDocument } from '../test/render-document';

/** The transform's stream as the server sends it: start, the text, finish. */
const transformStream = () =>
  new Response(
    [
      { type: 'start', model: 'Demo', demo: true },
      { type: 'text', text: 'Texto más formal.' },
      { type: 'finish', wordsCharged: 3, remaining: 100 },
    ]
      .map((part) => `${JSON.stringify(part)}\n`)
      .join(''),
    { status: 200, headers: { 'content-type': 'application/x-ndjson' } },
  );

/** Selects the whole text of the document's paragraph at `index`, as a triple click does. */
function selectParagraph(editor: Editor, index: number) {
  let range = { from: 0, to: 0 };
  editor.state.doc.forEach((node, offset, i) => {
    if (i === index) range = { from: offset + 1, to: offset + 1 + node.content.size };
  });
  act(() => {
    editor.chain().focus().setTextSelection(range).run();
  });
}

let server: LiveServer;

// The editor chunk is transformed on first use; under a loaded machine that takes seconds.
describe("the selection's transform request", { timeout: 20_000 }, () => {
  // Descartar puts the selection back and scrolls to it.
  beforeEach(() => layOutRanges());
  beforeEach(async () => {
    await changeLocale('es');
    server = await startLiveServer();
  });
  afterEach(async () => {
    await server.stop();
  });

  it('says whether the selection reaches the end of the document', async () => {
    await server.seed(
      PROJECT_ID,
      doc(paragraph('Título'), paragraph('Un párrafo en medio.'), paragraph('El cierre.'), {
        type: 'paragraph',
      }),
    );
    const user = userEvent.setup();
    const { calls } = renderDocument(server, {
      inSession: true,
      handlers: { 'POST /api/document/transform': () => transformStream() },
    });
    const box = await screen.findByRole('textbox', { name: 'Texto del documento' });
    await waitFor(() => expect(box).toHaveTextContent('El cierre.'));
    const editor = (box as HTMLElement & { editor: Editor }).editor;
    const sent = () =>
      calls.filter((call) => call.key === 'POST /api/document/transform').map((call) => call.body);

    for (const [index, reachesEnd] of [
      [1, false],
      [2, true],
    ] as const) {
      selectParagraph(editor, index);
      const menu = await screen.findByRole('menu', { name: 'Acciones de IA sobre la selección' });
      await user.click(within(menu).getByRole('menuitem', { name: 'Cambiar tono' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Más formal' }));
      const preview = await screen.findByRole('group', { name: 'Resultado de la IA' });
      await waitFor(() => expect(within(preview).getByRole('status')).toHaveTextContent('Listo'));
      expect(sent().at(-1)).toMatchObject({
        action: 'tone',
        tone: 'formal',
        text: editor.state.doc.child(index).textContent,
        reachesEnd,
      });
      await user.click(within(preview).getByRole('button', { name: 'Descartar' }));
      await waitFor(() => expect(screen.queryByRole('group', { name: 'Resultado de la IA' })).toBeNull());
    }
    expect(sent()).toHaveLength(2);
  });
});

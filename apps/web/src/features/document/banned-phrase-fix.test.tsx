import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { changeLocale } from '@/lib/i18n';
import { me, PROJECT_ID, WORKSPACE_ID, workspaceFixture } from '../../../test/fixtures';
import { json } from '../../../test/render';
import { startLiveServer, type LiveServer } from './test/live-server';
import { lostEdits } from './state/lost-edits';
import { layOutRanges } from './test/lay-out-ranges';
import { doc, paragraph, renderDocument } from './test/render-document';

const rules = [{ id: '00000000-0000-4000-8000-000000000001', kind: 'ban', phrase: 'complicaciones' }];
const text = 'Hola. Compra sin complicaciones y disfruta. Adiós.';

/** The transform's stream as the server sends it: start, the text in two chunks, finish. */
function transformStream(result: string) {
  const cut = Math.ceil(result.length / 2);
  const parts = [
    { type: 'start', model: 'GPT-4.1 mini', demo: false },
    { type: 'text', text: result.slice(0, cut) },
    { type: 'text', text: result.slice(cut) },
    { type: 'finish', wordsCharged: 3, remaining: 1987 },
  ];
  return new Response(parts.map((part) => JSON.stringify(part)).join('\n') + '\n', {
    status: 200,
    headers: { 'content-type': 'application/x-ndjson' },
  });
}

function renderSignedIn(server: LiveServer) {
  return renderDocument(server, {
    inSession: true,
    handlers: {
      'GET /api/auth/refresh': () => json(200, { accessToken: 'good-token', user: me }),
      'GET /api/workspace/list': () => json(200, [workspaceFixture()]),
      [`GET /api/workspace/${WORKSPACE_ID}/style-rules`]: () =>
        json(200, { rules, language: 'es', updatedAt: '2026-11-27T00:00:00.000Z' }),
      [`GET /api/brand-voice/workspace/${WORKSPACE_ID}`]: () => json(200, []),
      'POST /api/document/transform': () => transformStream('Compra y disfruta.'),
    },
  });
}

/** TipTap keeps its editor on the editable element (for tests); jsdom cannot place a caret by clicking. */
const editorOf = (box: HTMLElement) => (box as HTMLElement & { editor: Editor }).editor;

let server: LiveServer;

beforeEach(() => layOutRanges());

// The editor chunk is transformed on first use; under a loaded machine that takes seconds.
describe("a banned phrase's fix in the document", { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await changeLocale('es');
    server = await startLiveServer();
  });
  afterEach(async () => {
    lostEdits.set(null);
    await server.stop();
  });

  it('Corregir shows the sentence rewritten without it; accepting replaces only that sentence', async () => {
    await server.seed(PROJECT_ID, doc(paragraph(text), paragraph('Otra línea.')));
    const user = userEvent.setup();
    const { calls } = renderSignedIn(server);
    const box = await screen.findByRole('textbox', { name: 'Texto del documento' });
    await waitFor(() => expect(box.querySelector('.style-issue')).toHaveTextContent('complicaciones'));

    const editor = editorOf(box);
    const at = editor.state.doc.textContent.indexOf('complicaciones') + 3;
    editor.commands.setTextSelection(at);
    const popover = await screen.findByTestId('style-issue-popover');
    await user.click(within(popover).getByRole('button', { name: 'Corregir' }));

    const panel = await screen.findByTestId('selection-transform');
    expect(within(panel).getByText('Reescribir sin la frase prohibida')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel).getByTestId('transform-result')).toHaveTextContent('Compra y disfruta.'),
    );
    const sent = calls.filter((call) => call.key === 'POST /api/document/transform');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      workspaceId: WORKSPACE_ID,
      projectId: PROJECT_ID,
      action: 'avoid',
      phrase: 'complicaciones',
      text: 'Compra sin complicaciones y disfruta.',
    });
    // A preview: the document keeps its words until accepted.
    expect(box).toHaveTextContent(text);

    await user.click(within(panel).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(box).toHaveTextContent('Hola. Compra y disfruta. Adiós.Otra línea.'));
    expect(screen.queryByTestId('selection-transform')).not.toBeInTheDocument();
    // Through the live document, like any edit.
    await waitFor(async () =>
      expect(await server.content(PROJECT_ID)).toEqual(
        doc(paragraph('Hola. Compra y disfruta. Adiós.'), paragraph('Otra línea.')),
      ),
    );
  });

  it('discarding leaves the sentence as it was', async () => {
    await server.seed(PROJECT_ID, doc(paragraph(text)));
    const user = userEvent.setup();
    renderSignedIn(server);
    const box = await screen.findByRole('textbox', { name: 'Texto del documento' });
    await waitFor(() => expect(box.querySelector('.style-issue')).toBeInTheDocument());
    const editor = editorOf(box);
    editor.commands.setTextSelection(editor.state.doc.textContent.indexOf('complicaciones') + 3);
    await user.click(
      within(await screen.findByTestId('style-issue-popover')).getByRole('button', { name: 'Corregir' }),
    );
    const panel = await screen.findByTestId('selection-transform');
    await within(panel).findByText('Compra y disfruta.');
    await user.click(within(panel).getByRole('button', { name: 'Descartar' }));
    expect(screen.queryByTestId('selection-transform')).not.toBeInTheDocument();
    expect(box).toHaveTextContent(text);
  });
});

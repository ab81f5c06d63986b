/**
 * The benchmark's editors: each a real Hocuspocus provider on a WebSocket of its own (`ws`), as a
 * browser tab opens a document, with its own Yjs copy of the document.
 *
 * Every editor writes in a paragraph of its own, which starts with its name (`E12 `) and grows by one
 * character per keystroke at its end, and moves its caret with each keystroke (an awareness update,
 * as TipTap's collaboration caret sends). Editor-to-editor latency is the time from a keystroke until
 * another editor of the same document has applied it: the sender notes when it typed its n-th
 * character, a receiver sees the sender's paragraph reach n characters after its name. Every client
 * is in this process, so both times come from one clock.
 */
import { performance } from 'node:perf_hooks';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

const FRAGMENT = 'default';

/**
 * `ws` as the provider's WebSocket: a socket closed while it is still connecting (an editor closed
 * while its provider reconnects) emits an error the provider has no listener for, which would end
 * the benchmark; the close that follows is what counts.
 */
class EditorWebSocket extends WebSocket {
  constructor(address: string, protocols?: string | string[]) {
    super(address, protocols);
    this.on('error', () => {});
  }
}
const nameOf = (index: number) => `E${index} `;
const ownName = /^E(\d+) /;

export interface Editor {
  index: number;
  documentIndex: number;
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** When each keystroke was typed (performance.now()), by its number from 1. */
  typedAt: number[];
  /** The editor's own paragraph's text, once added: found once, not per keystroke. */
  ownText: Y.XmlText | null;
  /** Closes of the socket this benchmark did not ask for. */
  unexpectedCloses: number;
  close(): void;
}

export interface Deliveries {
  /** Editor-to-editor latencies (ms) of keystrokes typed within the measured window. */
  latencies: number[];
  /** The measured window, in performance.now() time; keystrokes outside it are not counted. */
  window: { from: number; to: number };
}

/** Polls `check` every 20 ms; fails naming `what` after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The text of editor `index`'s paragraph, once it is in this copy of the document. */
function paragraphTexts(doc: Y.Doc): Map<number, Y.XmlText> {
  const texts = new Map<number, Y.XmlText>();
  for (const child of doc.getXmlFragment(FRAGMENT).toArray()) {
    if (!(child instanceof Y.XmlElement)) continue;
    const text = child.get(0);
    if (!(text instanceof Y.XmlText)) continue;
    const owner = ownName.exec(text.toString())?.[1];
    if (owner !== undefined) texts.set(Number(owner), text);
  }
  return texts;
}

/**
 * Opens one editor on `projectId` and notes, in `deliveries`, the latency of every keystroke of
 * another editor it receives. Resolves once its copy is synced with the server.
 */
export async function openEditor(options: {
  url: string;
  projectId: string;
  token: string;
  index: number;
  documentIndex: number;
  typedAtOf: (index: number) => number[];
  deliveries: Deliveries;
}): Promise<Editor> {
  const { index, deliveries } = options;
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({ url: options.url, WebSocketPolyfill: EditorWebSocket });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: options.projectId,
    document: doc,
    token: options.token,
  });
  let closing = false;
  const editor: Editor = {
    index,
    documentIndex: options.documentIndex,
    doc,
    provider,
    typedAt: [],
    ownText: null,
    unexpectedCloses: 0,
    close() {
      closing = true;
      provider.destroy();
      socket.destroy();
    },
  };
  socket.on('close', () => {
    if (!closing) editor.unexpectedCloses += 1;
  });

  // The length each other editor's paragraph had when this copy last saw it, in characters typed.
  const seen = new Map<Y.XmlText, { owner: number; typed: number }>();
  doc.getXmlFragment(FRAGMENT).observeDeep((events, transaction) => {
    if (transaction.local) return;
    const now = performance.now();
    for (const event of events) {
      if (!(event.target instanceof Y.XmlText)) continue;
      const text = event.target;
      let known = seen.get(text);
      if (!known) {
        // Nobody types before every editor has every paragraph: each is seen first with its name only.
        const owner = ownName.exec(text.toString())?.[1];
        if (owner === undefined) continue;
        known = { owner: Number(owner), typed: 0 };
        seen.set(text, known);
      }
      const typed = text.length - nameOf(known.owner).length;
      const typedAt = options.typedAtOf(known.owner);
      for (let n = known.typed + 1; n <= typed; n += 1) {
        const at = typedAt[n];
        if (at !== undefined && at >= deliveries.window.from && at < deliveries.window.to) {
          deliveries.latencies.push(now - at);
        }
      }
      known.typed = typed;
    }
  });

  provider.setAwarenessField('user', { name: `Editor ${index}`, color: '#3b82f6' });
  provider.attach();
  await until(() => provider.synced, `editor ${index} to sync`);
  return editor;
}

/** Adds the editor's own paragraph at the end of the document. */
export function addOwnParagraph(editor: Editor) {
  const paragraph = new Y.XmlElement('paragraph');
  editor.ownText = new Y.XmlText(nameOf(editor.index));
  paragraph.insert(0, [editor.ownText]);
  const fragment = editor.doc.getXmlFragment(FRAGMENT);
  fragment.insert(fragment.length, [paragraph]);
}

/** Whether the editor's copy has the paragraphs of all these editors. */
export const seesParagraphsOf = (editor: Editor, indexes: number[]) => {
  const texts = paragraphTexts(editor.doc);
  return indexes.every((index) => texts.has(index));
};

/** Characters each editor's paragraph holds in this editor's copy, after its name. */
export function typedIn(editor: Editor): Map<number, number> {
  const typed = new Map<number, number>();
  for (const [owner, text] of paragraphTexts(editor.doc))
    typed.set(owner, text.length - nameOf(owner).length);
  return typed;
}

/**
 * One keystroke: a character at the end of the editor's paragraph, then the caret after it (as
 * relative positions, the way the collaboration caret shares a selection).
 */
export function type(editor: Editor) {
  const text = editor.ownText!;
  editor.typedAt[text.length - nameOf(editor.index).length + 1] = performance.now();
  text.insert(text.length, 'a');
  const caret = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(text, text.length));
  editor.provider.setAwarenessField('cursor', { anchor: caret, head: caret });
}

/**
 * Every editor types at `keystrokesPerSecond` on average (each pause drawn between half and one and a
 * half times the mean, so the editors drift apart as people do) until the returned function is called.
 */
export function typeContinuously(editors: Editor[], keystrokesPerSecond: number): () => void {
  const meanPauseMs = 1000 / keystrokesPerSecond;
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  for (const editor of editors) {
    const next = () => {
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          if (stopped) return;
          type(editor);
          next();
        },
        meanPauseMs * (0.5 + Math.random()),
      );
      timers.add(timer);
    };
    next();
  }
  return () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
  };
}

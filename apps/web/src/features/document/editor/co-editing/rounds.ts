import type { Editor, JSONContent } from '@tiptap/core';
import { getSchema } from '@tiptap/core';
import { prosemirrorJSONToYXmlFragment, yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { FRAGMENT } from '../../live/live-document';
import { documentExtensions } from '../extensions';
import {
  emptyTextblockPosition,
  liveEditor,
  paste,
  placeCaret,
  positionOf,
  pressKey,
  textOf,
  typeKey,
} from './editors';
import { Clock, hubNetwork, roundDoc, seededRandom } from './network';

/** One key every 25 ms: a quick typist. */
export const KEY_INTERVAL_MS = 25;

const NAMES = ['Ana', 'Ben', 'Cai'];
/**
 * What each person types, key by key. No sentence is part of another, but they begin alike, as
 * people's sentences do: equal letters on both sides of a caret are where the binding used to go wrong.
 */
export const sentenceOf = (person: number) => `Nota de ${NAMES[person]}. `;
/** What the last person pastes in the cases where one pastes: a whole paragraph. */
export const PASTED = 'Cai pega un párrafo entero.';

const paragraph = (text?: string): JSONContent =>
  text ? { type: 'paragraph', content: [{ type: 'text', text }] } : { type: 'paragraph' };

export interface CoEditingCase {
  name: string;
  /** The document everyone has open. */
  content: JSONContent;
  /** The server's Yjs document when it is not `content` written by the binding. */
  stored?: () => Y.Doc;
  /** Where everyone's caret is when they start. */
  caret: (editor: Editor) => number;
  /** Everyone presses Enter there first, and types in the paragraph it makes. */
  enterFirst?: boolean;
  /** The last person pastes a paragraph while the others type. */
  lastPastes?: boolean;
  /** The document's text once each person's text is taken out of it once. */
  rest: (people: number) => string;
}

const line = 'Una línea de texto ya escrita.';
const around = [paragraph('Primer párrafo.'), paragraph('Último párrafo.')];
const withLine = { type: 'doc', content: [around[0]!, paragraph(line), around[1]!] };
const lineText = `Primer párrafo.\n${line}\nÚltimo párrafo.`;

export const CASES = {
  emptyParagraph: {
    name: 'one empty paragraph',
    content: { type: 'doc', content: [around[0]!, paragraph(), around[1]!] },
    caret: (editor) => emptyTextblockPosition(editor),
    rest: () => 'Primer párrafo.\n\nÚltimo párrafo.',
  },
  enter: {
    name: 'a new paragraph made with Enter',
    content: withLine,
    caret: (editor) => positionOf(editor, line, line.length),
    enterFirst: true,
    rest: (people) => `Primer párrafo.\n${line}${'\n'.repeat(people)}\nÚltimo párrafo.`,
  },
  lineStart: {
    name: 'the start of one line',
    content: withLine,
    caret: (editor) => positionOf(editor, line),
    rest: () => lineText,
  },
  lineEnd: {
    name: 'the end of one line',
    content: withLine,
    caret: (editor) => positionOf(editor, line, line.length),
    rest: () => lineText,
  },
  insideWord: {
    name: 'inside one word',
    content: withLine,
    caret: (editor) => positionOf(editor, 'texto', 3),
    rest: () => lineText,
  },
  pasteWhileTyping: {
    name: 'a paragraph pasted while another types',
    content: { type: 'doc', content: [around[0]!, paragraph(), around[1]!] },
    caret: (editor) => emptyTextblockPosition(editor),
    lastPastes: true,
    rest: () => 'Primer párrafo.\n\nÚltimo párrafo.',
  },
} satisfies Record<string, CoEditingCase>;

const schema = getSchema(documentExtensions());

/** The server's document holding `content`, written by the binding as an editor would write it. */
export function serverDocument(content: JSONContent): Y.Doc {
  // Not random, and below every client's (network.ts draws theirs from 1 up): the seed replays a round.
  const doc = roundDoc(0);
  prosemirrorJSONToYXmlFragment(schema, content, doc.getXmlFragment(FRAGMENT));
  return doc;
}

/**
 * A socket's delays for one round: usually a fast network (up to 120 ms), sometimes a slow one (up to
 * a second and a half), each message with its own jitter.
 */
function delays(random: () => number): () => number {
  const base = random() < 0.2 ? 300 + random() * 700 : random() * 80;
  const jitter = random() * Math.max(40, base / 2);
  return () => base + random() * jitter;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

/** What broke the people's intent, or null: the same text everywhere, each person's text once and whole. */
export function intentProblem(texts: string[], typed: string[], rest: string): string | null {
  const [first] = texts;
  if (texts.some((text) => text !== first)) return `the editors differ: ${JSON.stringify(texts)}`;
  for (const part of typed) {
    const count = occurrences(first!, part);
    if (count !== 1) return `"${part}" appears ${count} times in ${JSON.stringify(first)}`;
  }
  const left = typed.reduce((text, part) => text.replace(part, ''), first!);
  if (left !== rest) return `${JSON.stringify(first)} is not the document plus each text once`;
  return null;
}

/**
 * One round: `people` editors on one server type their text at the same spot at once, key by key,
 * over sockets whose delays the seed draws; once everything has arrived, their intent must hold.
 * Returns what broke it, or null.
 */
export function runRound(testCase: CoEditingCase, people: number, seed: number): string | null {
  const random = seededRandom(seed);
  const clock = new Clock();
  const server = testCase.stored?.() ?? serverDocument(testCase.content);
  const clients = hubNetwork(
    clock,
    server,
    Array.from({ length: people }, () => delays(random)),
    random,
  );
  const editors = clients.map((client) => liveEditor(client.doc));
  try {
    const typed: string[] = [];
    editors.forEach((editor, person) => {
      placeCaret(editor, testCase.caret(editor));
      const start = random() * KEY_INTERVAL_MS;
      if (testCase.enterFirst) pressKey(editor, 'Enter');
      if (testCase.lastPastes && person === people - 1) {
        const during = random() * sentenceOf(0).length * KEY_INTERVAL_MS;
        clock.at(start + during, () => paste(editor, `<p>${PASTED}</p>`));
        typed.push(PASTED);
        return;
      }
      const sentence = sentenceOf(person);
      [...sentence].forEach((key, index) =>
        clock.at(start + (index + 1) * KEY_INTERVAL_MS, () => typeKey(editor, key)),
      );
      typed.push(sentence);
    });
    clock.runAll();
    const serverText = yDocText(server);
    return intentProblem([...editors.map(textOf), serverText], typed, testCase.rest(people));
  } finally {
    for (const editor of editors) editor.destroy();
    for (const client of clients) client.doc.destroy();
    server.destroy();
  }
}

/** The server's document as text, read as an editor that opens it now would read it. */
function yDocText(doc: Y.Doc): string {
  const node = yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(FRAGMENT), schema);
  return node.textBetween(0, node.content.size, '\n');
}

/** Runs `rounds` seeded rounds; the first failure names its seed, which replays it with runRound. */
export function firstFailure(testCase: CoEditingCase, people: number, rounds: number): string | null {
  for (let seed = 1; seed <= rounds; seed += 1) {
    const problem = runRound(testCase, people, seed);
    if (problem) return `${testCase.name}, ${people} editors, seed ${seed}: ${problem}`;
  }
  return null;
}

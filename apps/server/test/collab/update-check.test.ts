import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DOCUMENT_MAX_BYTES, type DocumentContent } from '@redacta/shared';
import { stateFromContent } from '../../src/modules/collab/prosemirror-yjs.ts';
import {
  checkUpdate,
  checkWhole,
  deriveContent,
  sizeOf,
  type DocumentSize,
} from '../../src/modules/collab/validation.ts';

/** A seeded generator, so that a failing sequence can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: T[]) => list[Math.floor(next() * list.length)]!,
  };
}

const paragraph = (text: string) => ({
  type: 'paragraph',
  content: [
    { type: 'text', text },
    { type: 'text', text: ' en negrita', marks: [{ type: 'bold' }] },
  ],
});

/** Nodes nested `depth` levels, the innermost a paragraph. */
const nested = (depth: number): Record<string, unknown> =>
  depth === 1 ? paragraph('En lo más hondo') : { type: 'blockquote', content: [nested(depth - 1)] };

/** About 100 KB of JSON: paragraphs, lists of lists, and one quote nested 62 levels deep at the end. */
const largeContent: DocumentContent = {
  type: 'doc',
  content: [
    ...Array.from({ length: 160 }, (_, i) =>
      i % 4 === 3
        ? {
            type: 'bulletList',
            content: [
              {
                type: 'listItem',
                content: [
                  paragraph(`Punto ${i}`),
                  {
                    type: 'bulletList',
                    content: [{ type: 'listItem', content: [paragraph(`Subpunto ${i}`)] }],
                  },
                ],
              },
            ],
          }
        : i % 4 === 1
          ? { ...paragraph(`Título ${i}`), type: 'heading', attrs: { level: 2 } }
          : paragraph(`Párrafo ${i}: ${'texto de prueba '.repeat(30)}`),
    ),
    nested(62),
  ],
} as DocumentContent;

function open() {
  const server = new Y.Doc();
  Y.applyUpdate(server, stateFromContent(largeContent));
  const derived = deriveContent(server);
  if (typeof derived === 'string') throw new Error('the large document is invalid');
  const size = sizeOf({ maxBytes: DOCUMENT_MAX_BYTES, currentBytes: derived.bytes });
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  return { server, client, size };
}

/** The update an edit of the client makes. */
function edit(client: Y.Doc, change: (fragment: Y.XmlFragment) => void): Uint8Array {
  const before = Y.encodeStateVector(client);
  change(client.getXmlFragment('default'));
  return Y.encodeStateAsUpdate(client, before);
}

function descendants(fragment: Y.XmlFragment) {
  const elements: Y.XmlElement[] = [];
  const texts: Y.XmlText[] = [];
  const walk = (node: Y.XmlFragment) => {
    for (const child of node.toArray()) {
      if (child instanceof Y.XmlText) texts.push(child);
      else if (child instanceof Y.XmlElement) {
        elements.push(child);
        walk(child);
      }
    }
  };
  walk(fragment);
  return { elements, texts };
}

/** The verdict of the whole-document check, without changing `size`. */
const wholeVerdict = (doc: Y.Doc, update: Uint8Array, size: DocumentSize) =>
  checkWhole(doc, update, { ...size, limit: { ...size.limit } });

type Change = (fragment: Y.XmlFragment, r: ReturnType<typeof random>) => void;

const validChanges: Record<string, Change> = {
  type(fragment, r) {
    const text = r.pick(descendants(fragment).texts);
    text.insert(
      r.int(text.length + 1),
      r.pick(['a', 'ñ', '"comillas"', 'línea\nnueva', '😀', 'x'.repeat(40)]),
    );
  },
  format(fragment, r) {
    const text = r.pick(descendants(fragment).texts);
    const at = r.int(text.length);
    const mark = r.pick([
      { bold: {} },
      { italic: {} },
      { link: { href: 'https://example.com', target: null } },
      { bold: null },
    ]);
    text.format(at, 1 + r.int(Math.max(1, text.length - at)), mark);
  },
  remove(fragment, r) {
    const text = r.pick(descendants(fragment).texts);
    if (text.length > 0) text.delete(r.int(text.length), 1 + r.int(5));
  },
  block(fragment, r) {
    const { elements } = descendants(fragment);
    const parent = r.next() < 0.5 ? fragment : r.pick(elements);
    const added = new Y.XmlElement(r.pick(['paragraph', 'heading']));
    if (added.nodeName === 'heading') added.setAttribute('level', 2 as unknown as string);
    added.insert(0, [new Y.XmlText('Nuevo bloque')]);
    parent.insert(r.int(parent.length + 1), [added]);
  },
  attribute(fragment, r) {
    const headings = descendants(fragment).elements.filter((element) => element.nodeName === 'heading');
    r.pick(headings).setAttribute('level', r.pick([1, 2, 3]) as unknown as string);
  },
  drop(fragment, r) {
    if (fragment.length > 1) fragment.delete(r.int(fragment.length - 1));
  },
};

const invalidChanges: Record<string, Change> = {
  'an attribute that is an object'(fragment, r) {
    r.pick(descendants(fragment).elements).setAttribute('level', { nested: true } as unknown as string);
  },
  'text that cannot be stored'(fragment, r) {
    const text = r.pick(descendants(fragment).texts);
    text.insert(r.int(text.length + 1), 'a\u0000b');
  },
  'a mark whose attributes are not plain'(fragment, r) {
    const text = r.pick(descendants(fragment).texts.filter((t) => t.length > 0));
    text.format(0, text.length, { link: { href: { nested: true } } });
  },
  'a script element'(fragment, r) {
    const parent = r.pick([fragment, ...descendants(fragment).elements]);
    const script = new Y.XmlElement('script');
    script.insert(0, [new Y.XmlText('alert(1)')]);
    parent.insert(r.int(parent.length + 1), [script]);
  },
  'an iframe'(fragment, r) {
    const iframe = new Y.XmlElement('iframe');
    iframe.setAttribute('src', 'https://example.com');
    fragment.insert(r.int(fragment.length + 1), [iframe]);
  },
  'an attribute the node does not have'(fragment, r) {
    r.pick(descendants(fragment).elements).setAttribute('onclick', 'alert(1)');
  },
  'a javascript: link'(fragment, r) {
    const text = r.pick(descendants(fragment).texts.filter((t) => t.length > 0));
    text.format(0, text.length, { link: { href: ' JavaScript:alert(1)' } });
  },
  'a mark the editor does not have'(fragment, r) {
    const text = r.pick(descendants(fragment).texts.filter((t) => t.length > 0));
    text.format(0, 1, { highlight: { color: 'red' } });
  },
  'an embed in a text'(fragment, r) {
    r.pick(descendants(fragment).texts).insertEmbed(0, { image: 'x' });
  },
  'a node type beyond 64 characters'(fragment, r) {
    const parent = r.pick(descendants(fragment).elements);
    parent.insert(r.int(parent.length + 1), [new Y.XmlElement('x'.repeat(65))]);
  },
  'a hook among the nodes'(fragment, r) {
    const parent = r.pick(descendants(fragment).elements);
    parent.insert(0, [new Y.XmlHook('hook') as unknown as Y.XmlElement]);
  },
  "a shared type outside the editor's fragment"(fragment) {
    fragment.doc!.getMap('other').set('a', 1);
  },
};

/** The deepest element of the document (62 levels down, in its last block). */
function deepest(fragment: Y.XmlFragment): Y.XmlElement {
  let node = fragment.get(fragment.length - 1) as Y.XmlElement;
  while (node.get(0) instanceof Y.XmlElement) node = node.get(0) as Y.XmlElement;
  return node;
}

describe('checking an update from what it touches', () => {
  it('agrees with the whole-document check over random edits of a large document, and bounds its size', () => {
    const r = random(2026);
    const { server, client, size } = open();
    const names = Object.keys(validChanges);
    let fast = 0;
    for (let step = 0; step < 100; step += 1) {
      const update = edit(client, (fragment) => validChanges[r.pick(names)]!(fragment, r));
      const whole = wholeVerdict(server, update, size);
      const verdict = checkUpdate(server, update, size);
      expect(whole).toBeNull();
      expect([null, 'whole']).toContain(verdict);
      if (verdict === null) fast += 1;
      Y.applyUpdate(server, update);
      const derived = deriveContent(server);
      if (typeof derived === 'string') throw new Error(`step ${step} left the document invalid`);
      // The size kept is an upper bound of the document's: a change can never slip past the limit.
      expect(derived.bytes).toBeLessThanOrEqual(size.bytes);
    }
    // Far from the limit, every one of these edits is decided from what it touches.
    expect(fast).toBe(100);
  }, 120_000);

  it.each(Object.keys(invalidChanges))(
    'refuses %s deep in a large document without trying the whole document',
    (name) => {
      for (let seed = 0; seed < 5; seed += 1) {
        const { server, client, size } = open();
        const update = edit(client, (fragment) => invalidChanges[name]!(fragment, random(seed)));
        expect(wholeVerdict(server, update, size)).toBe('invalid-update');
        expect(checkUpdate(server, update, size)).toBe('invalid-update');
      }
    },
  );

  it('refuses nodes deeper than the rule allows, counting the depth of the document around them', () => {
    const { server, client, size } = open();
    // The innermost paragraph is at depth 62: a quote in it and a paragraph in that reach 64, the
    // deepest a node may be, and a text in that paragraph 65.
    const quote = new Y.XmlElement('blockquote');
    const inner = new Y.XmlElement('paragraph');
    const update = edit(client, () => {
      const holder = deepest(client.getXmlFragment('default'));
      holder.insert(0, [quote]);
      quote.insert(0, [inner]);
    });
    expect(checkUpdate(server, update, size)).toBeNull();
    Y.applyUpdate(server, update);
    const deeper = edit(client, () => inner.insert(0, [new Y.XmlText('demasiado hondo')]));
    expect(wholeVerdict(server, deeper, size)).toBe('invalid-update');
    expect(checkUpdate(server, deeper, size)).toBe('invalid-update');
  });

  it('leaves to the whole check an update built on changes the server has not got, and a growth near the limit', () => {
    const { server, client, size } = open();
    const text = deepest(client.getXmlFragment('default')).get(0) as Y.XmlText;
    edit(client, () => text.insert(0, 'primero '));
    const second = edit(client, () => text.insert(8, 'segundo '));
    expect(checkUpdate(server, second, size)).toBe('whole');

    const near = open();
    near.size.limit.maxBytes = near.size.bytes + 10;
    const typed = edit(near.client, (fragment) => (deepest(fragment).get(0) as Y.XmlText).insert(0, 'más '));
    expect(checkUpdate(near.server, typed, near.size)).toBe('whole');
    expect(checkWhole(near.server, typed, near.size)).toBeNull();
    Y.applyUpdate(near.server, typed);
    const long = edit(near.client, (fragment) =>
      (deepest(fragment).get(0) as Y.XmlText).insert(0, 'x'.repeat(20)),
    );
    expect(checkWhole(near.server, long, near.size)).toBe('too-large');
  });
});

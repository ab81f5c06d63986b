import * as Y from 'yjs';
import { DOCUMENT_MAX_DEPTH, documentContentSchema } from '@redacta/shared';
import { FRAGMENT_NAME, markOf } from './prosemirror-yjs.ts';

/**
 * What an update was found to do to the open document, told without applying it: `invalid` when
 * something it adds could never be part of a valid document; `fits` with `growth`, an upper bound of
 * the bytes it can add to the document's JSON; `undecided` when the update and the document alone
 * cannot tell (it builds on changes the server has not got, or on content already dropped).
 */
export type UpdateVerdict = { kind: 'invalid' } | { kind: 'undecided' } | { kind: 'fits'; growth: number };

/** Where content lands: a list of nodes (the fragment, an element) or a text. */
interface Place {
  kind: 'list' | 'text' | 'invalid';
  /** The depth of the nodes it holds (the fragment's children are at 1). */
  nodesAt: number;
  type: AnyType | null;
}

/** Bytes a new node can add to the JSON beside its text and marks (`{"type":"text","text":…}`, separators). */
const NODE_BYTES = 64;
const INVALID: Place = { kind: 'invalid', nodesAt: 0, type: null };
const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Yjs types differ in their event type only
type AnyType = Y.AbstractType<any>;
type Struct = Y.Item | Y.GC | Y.Skip;
type DeleteSet = { clients: Map<number, { clock: number; len: number }[]> };

/** A struct the update builds on is neither in the document nor in the update. */
class Unresolved extends Error {}

/**
 * Checks every piece of content an update adds — a node, an attribute, a text, a mark — under the
 * document rule at the depth where it lands, and bounds how much the update can grow the document.
 * It reads only what the update touches (the ancestors of each place for its depth, the touched texts
 * for their marks), never the rest of the document. The document holds only content checked this
 * way, so a document that was valid stays valid.
 *
 * `mode` 'arriving': structs the document already has are skipped, and the marks the update removes
 * are counted. 'applied': the update is already in the document; only its growth is wanted (the marks
 * it removed are gone from the document by then and are not counted).
 */
export function inspectUpdate(doc: Y.Doc, update: Uint8Array, mode: 'arriving' | 'applied'): UpdateVerdict {
  let decoded: { structs: Struct[]; ds: DeleteSet };
  try {
    decoded = Y.decodeUpdate(update) as typeof decoded;
  } catch {
    return { kind: 'invalid' };
  }
  const own = new Map<number, Struct[]>();
  for (const struct of decoded.structs) {
    const list = own.get(struct.id.client);
    if (list) list.push(struct);
    else own.set(struct.id.client, [struct]);
  }
  const places = new Map<object, Place>();
  const texts = new Map<Place, { nodes: number; markBytes: number }>();

  const find = (id: Y.ID): Struct => {
    if (id.clock < Y.getState(doc.store, id.client)) return Y.getItem(doc.store, id) as Struct;
    const found = own.get(id.client)?.find((s) => s.id.clock <= id.clock && id.clock < s.id.clock + s.length);
    if (!found) throw new Unresolved();
    return found;
  };

  /** The place a type makes for its content once it is in `parent` (under `parentSub`: a map entry). */
  const placeInside = (parent: Place, parentSub: string | null, type: AnyType): Place => {
    if (parent.kind !== 'list' || parentSub !== null) return INVALID;
    if (type instanceof Y.XmlText) return { kind: 'text', nodesAt: parent.nodesAt, type };
    if (type instanceof Y.XmlElement) return { kind: 'list', nodesAt: parent.nodesAt + 1, type };
    return INVALID;
  };

  /** The place of a type in the document, from its ancestors. */
  const placeOfType = (type: AnyType): Place => {
    let place = places.get(type);
    if (place) return place;
    const item = type._item;
    if (item === null) {
      place = Y.findRootTypeKey(type) === FRAGMENT_NAME ? { kind: 'list', nodesAt: 1, type } : INVALID;
    } else {
      place = placeInside(placeOfType(item.parent as AnyType), item.parentSub, type);
    }
    places.set(type, place);
    return place;
  };

  /** The place a type-holding item makes for its content: the document's type, or the update's. */
  const placeOfHolder = (holder: Y.Item): Place => {
    const type = (holder.content as Y.ContentType).type as AnyType;
    if (type.doc === doc) return placeOfType(type);
    let place = places.get(holder);
    if (place) return place;
    const { place: parent, parentSub } = parentOf(holder);
    place = placeInside(parent, parentSub, type);
    places.set(holder, place);
    return place;
  };

  /** Where an item of the update lands, and under which attribute name if it is one. */
  const parentOf = (item: Y.Item): { place: Place; parentSub: string | null } => {
    const { parent } = item;
    if (parent instanceof Y.AbstractType) {
      return { place: placeOfType(parent as AnyType), parentSub: item.parentSub };
    }
    if (typeof parent === 'string') {
      if (parent !== FRAGMENT_NAME) return { place: INVALID, parentSub: null };
      return { place: placeOfType(doc.getXmlFragment(FRAGMENT_NAME)), parentSub: item.parentSub };
    }
    if (parent instanceof Y.ID) {
      const holder = find(parent);
      if (!(holder instanceof Y.Item)) throw new Unresolved();
      if (!(holder.content instanceof Y.ContentType)) return { place: INVALID, parentSub: null };
      return { place: placeOfHolder(holder), parentSub: item.parentSub };
    }
    // Without parent information an item sits beside its origin: in its parent, under its key.
    const neighbour = item.origin ?? item.rightOrigin;
    if (!neighbour) throw new Unresolved();
    const next = find(neighbour);
    if (!(next instanceof Y.Item)) throw new Unresolved();
    return parentOf(next);
  };

  /** How many nodes a text holds at most, and the bytes of every mark in it. */
  const textOf = (place: Place) => {
    let stats = texts.get(place);
    if (stats) return stats;
    stats = { nodes: 0, markBytes: 0 };
    for (let item = place.type!._start; item !== null; item = item.right) {
      if (item.deleted) continue;
      const { content } = item;
      if (!(content instanceof Y.ContentFormat)) stats.nodes += 1;
      else if (content.value !== null) stats.markBytes += jsonBytes(markOf(content.key, content.value)) + 1;
    }
    texts.set(place, stats);
    return stats;
  };

  // The pieces the update adds, checked together under the rule as one small document.
  const pieces: unknown[] = [];
  const strings: { place: Place; bytes: number }[] = [];
  const formats: { place: Place; bytes: number }[] = [];
  let growth = 0;
  try {
    for (const struct of decoded.structs) {
      if (!(struct instanceof Y.Item)) continue;
      const { client, clock } = struct.id;
      if (mode === 'arriving' && clock + struct.length <= Y.getState(doc.store, client)) continue;
      const { place, parentSub } = parentOf(struct);
      const { content } = struct;
      if (place.kind === 'invalid') return { kind: 'invalid' };
      if (content instanceof Y.ContentDeleted) continue;
      if (parentSub !== null) {
        // An element's attribute: a plain value under a word.
        if (!(place.type instanceof Y.XmlElement) || !(content instanceof Y.ContentAny))
          return { kind: 'invalid' };
        const { nodeName } = place.type;
        for (const value of content.arr) pieces.push({ type: nodeName, attrs: { [parentSub]: value } });
        growth += jsonBytes({ [parentSub]: content.arr.at(-1) }) + NODE_BYTES;
      } else if (place.kind === 'list') {
        if (!(content instanceof Y.ContentType)) return { kind: 'invalid' };
        const { type } = content;
        if (type instanceof Y.XmlElement) {
          if (place.nodesAt > DOCUMENT_MAX_DEPTH) return { kind: 'invalid' };
          pieces.push({ type: type.nodeName });
          growth += jsonBytes(type.nodeName) + NODE_BYTES;
        } else if (!(type instanceof Y.XmlText)) return { kind: 'invalid' };
      } else if (content instanceof Y.ContentString) {
        if (place.nodesAt > DOCUMENT_MAX_DEPTH) return { kind: 'invalid' };
        pieces.push({ type: 'text', text: content.str });
        strings.push({ place, bytes: jsonBytes(content.str) });
      } else if (content instanceof Y.ContentFormat) {
        if (content.value === null) continue;
        const mark = markOf(content.key, content.value);
        pieces.push({ type: 'text', text: 'x', marks: [mark] });
        formats.push({ place, bytes: jsonBytes(mark) + 1 });
      } else return { kind: 'invalid' };
    }
    if (pieces.length > 0 && !documentContentSchema.safeParse({ type: 'doc', content: pieces }).success)
      return { kind: 'invalid' };
    if (mode === 'arriving') {
      for (const item of removedMarks(doc, decoded.ds)) {
        const content = item.content as Y.ContentFormat;
        const place = placeOfType(item.parent as AnyType);
        formats.push({ place, bytes: jsonBytes(markOf(content.key, content.value)) + 1 });
      }
    }
  } catch (error) {
    if (error instanceof Unresolved) return { kind: 'undecided' };
    throw error;
  }

  // An inserted text can start a node of its own carrying every mark of its text; a mark applied or
  // removed can reach every node of its text and split two of them.
  const added = new Map<Place, { nodes: number; markBytes: number }>();
  for (const { place } of strings) add(added, place, 1, 0);
  for (const { place, bytes } of formats) add(added, place, 0, bytes);
  const marks = (place: Place) => textOf(place).markBytes + added.get(place)!.markBytes;
  const nodes = (place: Place) => textOf(place).nodes + added.get(place)!.nodes;
  for (const { place, bytes } of strings) growth += bytes + NODE_BYTES + marks(place);
  for (const { place, bytes } of formats)
    growth += (nodes(place) + 2) * bytes + 2 * (NODE_BYTES + marks(place));
  return { kind: 'fits', growth };
}

function add(
  to: Map<Place, { nodes: number; markBytes: number }>,
  place: Place,
  nodes: number,
  bytes: number,
) {
  const entry = to.get(place) ?? { nodes: 0, markBytes: 0 };
  entry.nodes += nodes;
  entry.markBytes += bytes;
  to.set(place, entry);
}

/** The marks of the document (formatting not yet removed) that an update's deletions remove. */
function* removedMarks(doc: Y.Doc, ds: DeleteSet): Generator<Y.Item> {
  for (const [client, ranges] of ds.clients) {
    const structs = doc.store.clients.get(client);
    if (!structs) continue;
    const known = Y.getState(doc.store, client);
    for (const { clock, len } of ranges) {
      if (clock >= known) continue;
      for (let i = Y.findIndexSS(structs, clock); i < structs.length; i += 1) {
        const struct = structs[i]!;
        if (struct.id.clock >= clock + len) break;
        if (
          struct instanceof Y.Item &&
          !struct.deleted &&
          struct.content instanceof Y.ContentFormat &&
          struct.content.value !== null
        )
          yield struct;
      }
    }
  }
}

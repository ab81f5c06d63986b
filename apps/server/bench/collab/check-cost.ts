/**
 * What checking one keystroke's update costs the server, on documents of growing size: the check from
 * what the update touches (what the server runs) and the check on a copy of the whole document (what
 * it falls back to near the size limit). Measured in this process's CPU time (process.cpuUsage), which
 * other work on the machine barely moves, unlike the latency of the editors.
 */
import * as Y from 'yjs';
import { DOCUMENT_MAX_BYTES, type DocumentContent } from '@redacta/shared';
import { stateFromContent } from '../../src/modules/collab/prosemirror-yjs.ts';
import { checkUpdate, checkWhole, deriveContent, sizeOf } from '../../src/modules/collab/validation.ts';
import { seedContent } from './protocol.ts';

export interface CheckCost {
  documentBytes: number;
  /** CPU time per update of the check from what it touches, in µs. */
  touchedUs: number;
  /** CPU time per update of the check on a copy of the whole document, in µs. */
  wholeUs: number;
}

const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** `seedContent` repeated `copies` times, a keystroke at a time at the end of its last paragraph. */
function costOn(copies: number, keystrokes: number): CheckCost {
  const content = {
    type: 'doc',
    content: Array.from({ length: copies }, () => seedContent.content).flat(),
  } as DocumentContent;
  const server = new Y.Doc();
  Y.applyUpdate(server, stateFromContent(content));
  const derived = deriveContent(server);
  if (typeof derived === 'string') throw new Error('the document is invalid');
  const size = sizeOf({ maxBytes: DOCUMENT_MAX_BYTES, currentBytes: derived.bytes });
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server));
  const fragment = client.getXmlFragment('default');
  const last = fragment.get(fragment.length - 1) as Y.XmlElement;
  const text = last.get(last.length - 1) as Y.XmlText;
  let touched = 0;
  let whole = 0;
  for (let i = 0; i < keystrokes; i += 1) {
    const before = Y.encodeStateVector(client);
    text.insert(text.length, 'a');
    const update = Y.encodeStateAsUpdate(client, before);
    let start = cpuUs();
    if (checkUpdate(server, update, size) !== null) throw new Error('a keystroke was not decided at once');
    touched += cpuUs() - start;
    start = cpuUs();
    if (checkWhole(server, update, { ...size }) !== null) throw new Error('a keystroke was refused');
    whole += cpuUs() - start;
    Y.applyUpdate(server, update);
  }
  return {
    documentBytes: derived.bytes,
    touchedUs: Math.round(touched / keystrokes),
    wholeUs: Math.round(whole / keystrokes),
  };
}

/** About 14 KB of JSON (the benchmark's document), 98 KB and 980 KB. */
export function checkCosts(): CheckCost[] {
  costOn(1, 50);
  return [costOn(1, 200), costOn(7, 100), costOn(70, 20)];
}

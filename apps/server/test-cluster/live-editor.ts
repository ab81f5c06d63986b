import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import type { IncomingMessage } from 'node:http';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { UPSTREAM_HEADER } from './nginx.ts';

/**
 * A live-document editor as the browser opens one: a real Hocuspocus provider on a WebSocket through
 * nginx (`ws`), with its own Yjs copy. It notes which instance nginx gave each of its connections to,
 * and keeps tokens whole: it writes `[<letter><3 digits>]` tokens, each one insert at a place between
 * two tokens, and deletes only whole tokens of its own, so every copy is a row of whole tokens and
 * what survives can be checked token by token.
 */
export interface LiveEditor {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** The instance address (`127.0.0.1:port`) of each connection, in order. */
  upstreams: string[];
  /** Reasons the server gave for refusing or closing the document. */
  refusals: string[];
  /** Inserts one new token of this editor at a random place; returns it. */
  insertToken(): string;
  /** Deletes one of this editor's tokens still in the document, if any; returns it. */
  deleteOwnToken(): string | null;
  /** Every token this editor inserted and has not deleted. */
  kept(): Set<string>;
  /** Synced with the server, with nothing of its own left unacknowledged. */
  settled(): boolean;
  destroy(): void;
}

const TOKEN = 6;
const FRAGMENT = 'default';

/** The text of the document's first paragraph: where the editors write. */
function sharedText(doc: Y.Doc): Y.XmlText {
  const paragraph = doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement;
  const text = paragraph.get(0);
  if (!(text instanceof Y.XmlText)) throw new Error('the document has no text to write in');
  return text;
}

/** The tokens of a copy of the document, in order. */
export function tokensOf(doc: Y.Doc): string[] {
  return (
    sharedText(doc)
      .toString()
      .match(/\[[A-Z]\d{3}\]/g) ?? []
  );
}

export function openLiveEditor(options: {
  url: string;
  projectId: string;
  token: string | (() => string);
  letter: string;
}): LiveEditor {
  const upstreams: string[] = [];
  const refusals: string[] = [];
  // The 101 answer names the instance (the cluster's nginx adds UPSTREAM_HEADER).
  class ObservedWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols);
      // A socket destroyed while it connects emits an error nobody else listens for.
      this.on('error', () => {});
      this.on('upgrade', (response: IncomingMessage) => {
        upstreams.push(String(response.headers[UPSTREAM_HEADER.toLowerCase()]));
      });
    }
  }
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: `${options.url.replace(/^http/, 'ws')}/api/collab`,
    WebSocketPolyfill: ObservedWebSocket,
    delay: 100,
    minDelay: 100,
    maxDelay: 1000,
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: options.projectId,
    document: doc,
    token: options.token,
    onAuthenticationFailed: ({ reason }) => refusals.push(reason),
    onClose: ({ event }) => {
      if (event.reason) refusals.push(String(event.reason));
    },
  });
  provider.attach();

  let count = 0;
  const mine = new Set<string>();
  return {
    doc,
    provider,
    upstreams,
    refusals,
    insertToken() {
      count += 1;
      const token = `[${options.letter}${String(count).padStart(3, '0')}]`;
      const text = sharedText(doc);
      const boundaries = Math.floor(text.length / TOKEN);
      text.insert(Math.floor(Math.random() * (boundaries + 1)) * TOKEN, token);
      mine.add(token);
      return token;
    },
    deleteOwnToken() {
      const tokens = tokensOf(doc);
      const own = tokens.map((token, index) => [token, index] as const).filter(([token]) => mine.has(token));
      if (own.length === 0) return null;
      const [token, index] = own[Math.floor(Math.random() * own.length)]!;
      sharedText(doc).delete(index * TOKEN, TOKEN);
      mine.delete(token);
      return token;
    },
    kept: () => new Set(mine),
    settled: () => provider.synced && !provider.hasUnsyncedChanges,
    destroy() {
      provider.destroy();
      socket.destroy();
    },
  };
}

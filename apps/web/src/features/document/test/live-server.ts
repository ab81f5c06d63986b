import { Server } from '@hocuspocus/server';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { getSchema, type JSONContent } from '@tiptap/core';
import { prosemirrorJSONToYXmlFragment, yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { documentExtensions } from '../editor/extensions';
import { FRAGMENT } from '../live/live-document';
import type { Refusal } from '../live/refusal';
import { peerColour } from '../live/peer-colour';

const schema = getSchema(documentExtensions());

/** The close codes the live document server pairs with each reason. */
const codes: Record<Refusal, number> = {
  'token-expired': 4401,
  forbidden: 4403,
  'invalid-update': 4400,
  'too-large': 4413,
  'storage-full': 4507,
};

/** A refusal as a Hocuspocus hook throws it: the reason travels to the client. */
const refusal = (reason: Refusal) => Object.assign(new Error(''), { reason, code: codes[reason] });

/**
 * A real Hocuspocus server on a free local port, speaking the live document protocol the app's
 * server speaks: the document named by the project id, the access token as the provider's token,
 * refusals named by their reason. Tests say which tokens are good and end connections at will.
 */
export async function startLiveServer() {
  const tokens = { valid: new Set<string>(['good-token']), expired: new Set<string>(), seen: [] as string[] };
  /** Authenticated sockets per document, by socket id. */
  const open = new Map<string, Set<string>>();
  const sockets = (name: string) => open.get(name) ?? open.set(name, new Set()).get(name)!;
  const server = new Server({
    port: 0,
    address: '127.0.0.1',
    quiet: true,
    async onAuthenticate({ token }) {
      tokens.seen.push(token);
      if (tokens.expired.has(token)) throw refusal('token-expired');
      if (!tokens.valid.has(token)) throw refusal('forbidden');
      return { token };
    },
    async connected({ documentName, socketId }) {
      sockets(documentName).add(socketId);
    },
    async onDisconnect({ documentName, socketId }) {
      sockets(documentName).delete(socketId);
    },
  });
  await server.listen();
  const url = `ws://127.0.0.1:${server.address.port}`;

  /**
   * Server-side access to a document, as the app's server changes it (PATCH, restore). The first use
   * keeps the document open for the rest of the test: this server stores nothing, so a document
   * nobody holds would be gone.
   */
  const held = new Map<string, Awaited<ReturnType<typeof server.hocuspocus.openDirectConnection>>>();
  async function direct<T>(projectId: string, use: (doc: Y.Doc) => T): Promise<T> {
    let connection = held.get(projectId);
    if (!connection) {
      connection = await server.hocuspocus.openDirectConnection(projectId, {});
      held.set(projectId, connection);
    }
    let result!: T;
    await connection.transact((doc) => {
      result = use(doc);
    });
    return result;
  }

  return {
    url,
    tokens,
    /** Writes content into the live document (as the server seeds one from its stored JSON). */
    seed: (projectId: string, content: JSONContent) =>
      direct(projectId, (doc) => {
        const fragment = doc.getXmlFragment(FRAGMENT);
        fragment.delete(0, fragment.length);
        prosemirrorJSONToYXmlFragment(schema, content, fragment);
      }),
    /** The document as the server holds it. */
    content: (projectId: string) =>
      direct(projectId, (doc) =>
        yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(FRAGMENT), schema).toJSON(),
      ),
    /** How many authenticated WebSocket connections to the document are still open. */
    connections: (projectId: string) => sockets(projectId).size,
    /** Ends every connection to the document with a reason, as the app's server does when access ends. */
    end(projectId: string, reason: Refusal) {
      for (const connection of server.hocuspocus.documents.get(projectId)?.getConnections() ?? []) {
        connection.close({ code: codes[reason], reason });
        connection.webSocket.close(codes[reason], reason);
      }
    },
    async stop() {
      for (const connection of held.values()) await connection.disconnect();
      await server.destroy();
    },
  };
}

export type LiveServer = Awaited<ReturnType<typeof startLiveServer>>;

/** Another person in the same document, from Node: their own Yjs document and awareness. */
export function teammate(server: LiveServer, projectId: string, user: { id: string; name: string }) {
  const socket = new HocuspocusProviderWebsocket({
    url: server.url,
    WebSocketPolyfill: WebSocket,
    autoConnect: false,
  });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: projectId,
    token: 'good-token',
  });
  provider.attach();
  void socket.connect();
  provider.setAwarenessField('user', {
    ...user,
    firstName: user.name,
    lastName: null,
    color: peerColour(user.id),
    picture: null,
  });
  return {
    provider,
    leave() {
      provider.destroy();
      socket.destroy();
    },
  };
}

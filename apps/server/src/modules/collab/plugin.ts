import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WebSocketServer } from 'ws';
import { createCollab, MAX_MESSAGE_BYTES, type Collab } from './collab.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live documents (Hocuspocus on `/api/collab`): reading and changing them, closing connections. */
    collab: Collab;
  }
}

/** Where browsers open live documents, on the API's own server and port. */
export const COLLAB_PATH = '/api/collab';

function refuse(socket: Duplex, status: string) {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Live documents on Fastify's server: WebSocket upgrades on COLLAB_PATH go to Hocuspocus. A stopping
 * server (preClose, before it stops listening) closes the live connections and stores every document
 * with changes not stored yet, while its database is still open.
 */
export const collabPlugin = fp(async (app: FastifyInstance) => {
  const collab = await createCollab({
    db: app.db,
    secret: app.config.JWT_SECRET,
    revoked: app.revokedSessions,
    log: app.log,
    redisUrl: app.config.REDIS_URL,
    debounceMs: app.config.COLLAB_STORE_DEBOUNCE_MS,
    maxDebounceMs: app.config.COLLAB_STORE_MAX_WAIT_MS,
  });
  app.decorate('collab', collab);

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== COLLAB_PATH) {
      // Another path may belong to another upgrade listener; alone, this one answers it.
      if (app.server.listenerCount('upgrade') === 1) refuse(socket, '404 Not Found');
      return;
    }
    if (collab.closing) return refuse(socket, '503 Service Unavailable');
    sockets.handleUpgrade(request, socket, head, (ws) => collab.accept(ws, request));
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    await collab.close();
    sockets.close();
  });
});

import { randomUUID } from 'node:crypto';
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

/** The request id an upgrade is logged under: the proxy's `X-Request-Id` as Fastify takes it, or a new one. */
function upgradeRequestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && given.length > 0 && given.length <= 128 ? given : randomUUID();
}

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
    storageQuotas: app.storageQuotas,
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
    const log = app.log.child({ reqId: upgradeRequestId(request) });
    // Node hands an upgraded socket over without its own error listener: from here on a reset by the
    // client is this connection's end, never an uncaught error that stops the process.
    socket.on('error', (error) => log.debug({ err: error }, 'a live-document socket failed'));
    const path = (request.url ?? '').split('?')[0];
    if (path !== COLLAB_PATH) {
      // Another path may belong to another upgrade listener; alone, this one answers it.
      if (app.server.listenerCount('upgrade') === 1) refuse(socket, '404 Not Found');
      return;
    }
    if (collab.closing) return refuse(socket, '503 Service Unavailable');
    sockets.handleUpgrade(request, socket, head, (ws) => {
      // A frame ws cannot accept (over the size limit, a reserved opcode, text that is not UTF-8, a bad
      // close code) closes this connection with its code (1009, 1002, 1007) and is reported here, in
      // the same step as the WebSocket is made: before authentication, during it and after.
      ws.on('error', (error: Error & { code?: string }) =>
        log.warn(
          { code: error.code, reason: error.message },
          'closed a live-document connection after a bad frame',
        ),
      );
      collab.accept(ws, request);
    });
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', async () => {
    app.server.off('upgrade', onUpgrade);
    await collab.close();
    sockets.close();
  });
});

import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, stopRepliesBodySchema } from '@redacta/shared';
import { signedInSchemas } from '../../../lib/route-options.ts';
import { requireProjectAccess } from '../../projects/access.ts';
import { startNdjsonResponse } from '../reply-writer.ts';
import { followConversation, type LiveStreamOut } from './follow.ts';
import { LiveConversations } from './hub.ts';
import { redisTransport } from './redis-transport.ts';
import { senderNames } from './sender.ts';
import { memoryTransport } from './transport.ts';

/** A reply can run at most the reply timeout; its live entry outlives that by this margin. */
const LIVE_ENTRY_MARGIN_MS = 60_000;

/**
 * The instance's live conversations: through Redis when REDIS_URL is set (every instance sees every
 * reply), in this process otherwise. Listeners' streams end when the server starts to stop, so their
 * clients reconnect to another instance; the transport closes with the app.
 */
export async function liveConversations(app: FastifyInstance): Promise<LiveConversations> {
  const live = new LiveConversations({ senderName: senderNames(app.db), log: app.log });
  const url = app.config.REDIS_URL;
  live.connect(
    url
      ? await redisTransport(url, live, {
          log: app.log,
          maxAgeMs: app.config.AI_REPLY_TIMEOUT_MS + LIVE_ENTRY_MARGIN_MS,
        })
      : memoryTransport(live),
  );
  app.addHook('preClose', async () => live.endAll());
  app.addHook('onClose', () => live.close());
  return live;
}

/** Following a project's conversation as it happens, and stopping one's own replies. */
export const liveConversationRoutes: FastifyPluginAsyncZod<{ live: LiveConversations }> = async (
  app,
  { live },
) => {
  const schema = signedInSchemas({ tag: 'chat', errors: [404] });
  const signals = {
    onAccessChange: app.collab.onAccessChange,
    onRevoked: app.revokedSessions.onRevoked,
  };

  app.get(
    '/project/:id/conversation/live',
    {
      schema: schema({
        operationId: 'followConversation',
        summary: "Follow the project's conversation as it happens (application/x-ndjson, one part per line)",
        description:
          'First `{"type":"replies","replies":[…]}`: the replies being written now, each with its request ' +
          '(`userEntryId`, `sender {id,name}`, `message`, `regenerate`, `projectName` when the request named the project) and its `text` so far. Then, as they ' +
          'happen: `{"type":"request","reply"}` when someone\'s request starts a reply, ' +
          '`{"type":"text","userEntryId","seq","text"}` as a reply grows (append in order), ' +
          '`{"type":"end","userEntryId","messageId"}` once it is saved (`messageId` null when nothing was), ' +
          '`{"type":"edited","entryId","content","ignoredFindings"}` when someone saved a reply\'s style fixes, ' +
          'and `{"type":"ping"}` every 15 s. Whoever can see the project may follow it; someone who loses ' +
          'access is sent nothing more and their stream ends with `{"type":"closed","reason":"access"}` within a second; ' +
          "signing out ends the session's streams.",
        params: idParamsSchema,
      }),
    },
    async (request, reply) => {
      const raw = reply.raw;
      const out: LiveStreamOut = {
        open: () => startNdjsonResponse(request, reply),
        write(lines) {
          if (!raw.destroyed) raw.write(lines);
        },
        end() {
          if (!raw.destroyed) raw.end();
        },
        onGone(listener) {
          raw.once('close', listener);
        },
      };
      await followConversation(
        { db: app.db, live, signals },
        { projectId: request.params.id, userId: request.userId, sessionId: request.sessionId },
        { out, log: request.log },
      );
    },
  );

  app.post(
    '/project/:id/conversation/stop',
    {
      schema: schema({
        operationId: 'stopReplies',
        summary: 'Stop the replies you asked for in this project that are still being written',
        description:
          'From any tab, on any instance: each reply stops, is saved as stopped and charges only its ' +
          'words. Closing the chat stream does not stop a reply (reloads and other tabs follow it); this does.',
        params: idParamsSchema,
        body: stopRepliesBodySchema,
        bodyExample: {},
        response: { 204: z.null().describe('Asked to stop') },
      }),
    },
    async (request, reply) => {
      await requireProjectAccess(app.db, request.params.id, request.userId);
      await live.requestStop(request.params.id, request.userId);
      return reply.status(204).send(null);
    },
  );
};

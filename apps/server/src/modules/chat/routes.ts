import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationPageQuerySchema,
  conversationPageSchema,
  editedReplySchema,
  editReplyBodySchema,
  editReplyParamsSchema,
  idParamsSchema,
  improvePromptBodySchema,
  improvePromptResponseSchema,
  premiumModelStatusSchema,
  premiumModelToggleBodySchema,
  reactionBodySchema,
  reactionParamsSchema,
  reactionResponseSchema,
  sendChatRequestBodySchema,
  showReplyVersionBodySchema,
  showReplyVersionResponseSchema,
} from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { exampleIds } from '../../lib/openapi-examples.ts';
import { whileClientWaits } from '../../lib/client-abort.ts';
import { liveConversationRoutes, liveConversations } from './live/routes.ts';
import { aiDeps } from '../ai-tasks/charged-task.ts';
import { improvePrompt } from './improve.ts';
import { ndjsonReplyWriter } from './reply-writer.ts';
import { sendChatStream } from './send.ts';
import type { ChatDeps } from './turn-types.ts';
import { conversationPage } from './conversation.ts';
import { editReply } from './edit-reply.ts';
import { premiumModelStatus, setPremiumModel, setReaction, showReplyVersion } from './service.ts';
import { chatStorageCheck } from '../storage/service.ts';
import { workspaceInBody } from '../../plugins/idempotency.ts';
import { named } from '../../lib/plugin-name.ts';

/** Chat, improve, conversations, reactions and the premium-model switch. Paths are full (no prefix). */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { models } = app;
  const live = await liveConversations(app);
  const deps: ChatDeps = {
    ...aiDeps(app),
    searchUrl: app.config.SEARCH_URL,
    openStreams: app.openStreams,
    metrics: app.chatMetrics,
    live,
    knowledgeEmbedder: app.knowledge.embedder,
    webhookEvents: app.webhookEvents,
  };
  const requireRoomForChatTurn = chatStorageCheck(app.db, app.storageQuotas);
  // Every route names a workspace or a project: absent or not the user's, it is 404.
  const chatSchema = signedInSchemas({ tag: 'chat', errors: [404] });
  const workspaceSchema = signedInSchemas({ tag: 'workspace', errors: [404] });
  app.addHook('onRequest', app.authenticate);
  await app.register(named(liveConversationRoutes), { live });

  app.post(
    '/chat/send-request-stream',
    {
      schema: chatSchema({
        operationId: 'sendChatRequest',
        summary:
          'Send a chat request, or regenerate the last reply; the reply streams as application/x-ndjson (one JSON part per line)',
        description:
          'On success: 200 `application/x-ndjson`, one JSON object per line: `{"type":"start","userEntryId","model","demo"}`, ' +
          'then `{"type":"text","text"}` per chunk (append in order), then exactly one of ' +
          '`{"type":"finish","messageId","wordsCharged","remaining"}` or ' +
          '`{"type":"error","code":"AI_PROVIDER_ERROR"|"AI_TIMEOUT","message","messageId","wordsCharged","remaining"}` ' +
          '(the partial reply is saved as failed) or `{"type":"aborted","messageId","wordsCharged","remaining"}` (it was stopped). Failures before the first token are ordinary error responses: ' +
          "403 NO_WORDS_LEFT, 404, 409 CONFLICT, 429 REPLIES_IN_PROGRESS (replies in progress hold the words left or fill the plan's cap), " +
          '502 AI_PROVIDER_ERROR, 504 AI_TIMEOUT. Closing the connection does not stop the reply: it goes on to its end ' +
          'and everyone following the conversation (`GET /project/{id}/conversation/live`, a reload included) sees it. ' +
          '`POST /project/{id}/conversation/stop` stops it: the partial reply is saved as aborted, only its words ' +
          'are charged, and the stream ends with its `aborted` part. On a plan with a word limit the reply ' +
          'reserves its words first and stops at the reservation (docs/product.md). ' +
          'With `liveSearch: true` (or a message plainly asking for current facts) the model may search the web ' +
          'through SEARCH_URL and the reply cites its sources; without SEARCH_URL the reply opens by saying live ' +
          'search is not connected. ' +
          "With `regenerate: {entryId}` instead of `message` the conversation's last reply is regenerated: its request is " +
          'answered again as it was sent, no user entry is added, and the new reply becomes the shown version (409 CONFLICT ' +
          'for an earlier reply). The first message of a project that still has its default name names it after its first ' +
          'words (`projectName` in the start part).',
        body: sendChatRequestBodySchema,
        bodyExample: {
          workspaceId: exampleIds.workspace,
          projectId: exampleIds.project,
          message: 'Write three subject lines for our spring sale newsletter',
          tone: 'persuasive',
          length: 'short',
          language: 'en',
        },
        errors: [403, 409, 413, 429, 502, 504],
      }),
      config: { apiKey: 'generate', idempotency: workspaceInBody },
      preHandler: (request) => requireRoomForChatTurn(request.userId, request.body),
    },
    (request, reply) =>
      sendChatStream(
        deps,
        { ...request.body, userId: request.userId },
        { log: request.log, writer: ndjsonReplyWriter(request, reply) },
      ),
  );

  app.post(
    '/chat/improve',
    {
      schema: chatSchema({
        operationId: 'improveRequest',
        summary: 'Rewrite a draft request so it is clearer (its words are counted)',
        body: improvePromptBodySchema,
        bodyExample: { workspaceId: exampleIds.workspace, text: 'subject lines spring sale' },
        response: { 200: improvePromptResponseSchema },
        errors: [403, 502, 504],
      }),
      config: { apiKey: 'generate', idempotency: workspaceInBody },
    },
    (request, reply) =>
      whileClientWaits(reply, (signal) =>
        improvePrompt(deps, { ...request.body, userId: request.userId }, { signal, log: request.log }),
      ),
  );

  app.get(
    '/project/:id/conversation',
    {
      schema: chatSchema({
        operationId: 'getConversationPage',
        summary: "A page of the project's conversation: the newest first, older ones by cursor",
        description:
          'Entries oldest first within the page, each request followed by the shown version of its reply (with ' +
          "every version when Regenerate made several). Without `before`, the newest page; with a page's " +
          '`nextCursor` as `before`, the page just older than it (`hasMore` false and `nextCursor` null on the ' +
          'oldest). A page holds at most `limit` entries (default 50, at most 100) and never splits a request ' +
          'from its reply. Cursors stay valid while new entries arrive; any other `before` is 400 CURSOR_INVALID.',
        params: idParamsSchema,
        querystring: conversationPageQuerySchema,
        response: { 200: conversationPageSchema },
      }),
    },
    (request) =>
      conversationPage(app.db, {
        projectId: request.params.id,
        userId: request.userId,
        query: request.query,
      }),
  );

  app.patch(
    '/project/:id/conversation/shown-version',
    {
      schema: chatSchema({
        operationId: 'showReplyVersion',
        summary:
          "Show another version of a reply (Regenerate's earlier ones): the model's history holds the shown one",
        params: idParamsSchema,
        body: showReplyVersionBodySchema,
        bodyExample: { entryId: exampleIds.entry },
        response: { 200: showReplyVersionResponseSchema },
      }),
    },
    (request) =>
      showReplyVersion(app.db, {
        projectId: request.params.id,
        entryId: request.body.entryId,
        userId: request.userId,
      }),
  );

  app.patch(
    '/project/:id/conversation/entry/:entryId',
    {
      schema: chatSchema({
        operationId: 'saveReplyStyleFixes',
        summary: "Save a reply's style fixes: its new text and the findings ignored on it",
        description:
          'For whoever may chat in the project. `entryId` is one version of a reply (the one shown); its ' +
          'other versions keep their words. `content` replaces the text (the shared text rule, at most ' +
          '100,000 characters); `ignoredFindings`, keys of findings to ignore, join those already ignored; at least one of ' +
          'the two. The words charged do not change. Only a complete reply: a stopped or failed one is 409 ' +
          "CONFLICT, a request or another project's entry 404. Everyone following the conversation gets an " +
          '`edited` part with the saved text and findings.',
        params: editReplyParamsSchema,
        body: editReplyBodySchema,
        bodyExample: { content: 'Our customers love the new range.', ignoredFindings: [] },
        response: { 200: editedReplySchema },
        errors: [409, 413],
      }),
    },
    (request) =>
      editReply(
        { db: app.db, quotas: app.storageQuotas, live },
        {
          ...request.body,
          projectId: request.params.id,
          entryId: request.params.entryId,
          userId: request.userId,
        },
      ),
  );

  app.patch(
    '/workspace/:id/add-reaction/:reactionId',
    {
      schema: chatSchema({
        operationId: 'reactToReply',
        summary: 'React 👍/👎 to a reply (reactionId is the reply entry id); null removes the reaction',
        params: reactionParamsSchema,
        body: reactionBodySchema,
        bodyExample: { value: 'up' },
        response: { 200: reactionResponseSchema },
      }),
    },
    (request) =>
      setReaction(app.db, {
        workspaceId: request.params.id,
        entryId: request.params.reactionId,
        userId: request.userId,
        value: request.body.value,
      }),
  );

  for (const [action, on, operationId] of [
    ['enable', true, 'enablePremiumModel'],
    ['disable', false, 'disablePremiumModel'],
  ] as const) {
    app.patch(
      `/workspace/gpt-4/${action}`,
      {
        schema: workspaceSchema({
          operationId,
          summary: `${on ? 'Turn on' : 'Turn off'} the premium model for the workspace (paid plans; any member)`,
          body: premiumModelToggleBodySchema,
          bodyExample: { workspaceId: exampleIds.workspace },
          response: { 200: premiumModelStatusSchema },
          errors: [403],
        }),
      },
      (request) =>
        setPremiumModel(app.db, models, {
          workspaceId: request.body.workspaceId,
          userId: request.userId,
          on,
        }),
    );
  }

  app.get(
    '/workspace/:id/gpt-4/status',
    {
      schema: workspaceSchema({
        operationId: 'getPremiumModelStatus',
        summary: 'Whether the premium model is on, available on this plan, and its display name',
        params: idParamsSchema,
        response: { 200: premiumModelStatusSchema },
      }),
    },
    (request) => premiumModelStatus(app.db, models, request.params.id, request.userId),
  );
};

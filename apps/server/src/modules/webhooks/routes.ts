import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookSchema,
  createWebhookBodySchema,
  idParamsSchema,
  redeliveredWebhookSchema,
  rotatedWebhookSecretSchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSchema,
} from '@redacta/shared';
import { closedToApiKeys, noStore, signedInSchemas } from '../../lib/route-options.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  rotateWebhookSecret,
  updateWebhook,
} from './service.ts';

/**
 * A workspace's webhook endpoints, managed by its owner in the workspace settings; no API key manages
 * them (an endpoint's secret signs what the workspace sends out, as a key's holder must not choose).
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Another workspace's endpoints or deliveries are 404; a member is 403.
  const schema = signedInSchemas({ tag: 'webhooks', errors: [403, 404] });
  const rules = { allowLoopback: app.config.OUTBOUND_ALLOW_LOOPBACK };
  app.addHook('onRequest', app.authenticate);
  closedToApiKeys(app);

  app.get(
    '/workspace/:id/webhooks',
    {
      schema: schema({
        operationId: 'listWebhooks',
        summary: "The workspace's webhook endpoints, newest first (owner and admins only)",
        params: idParamsSchema,
        response: { 200: webhookListSchema },
      }),
    },
    (request) => listWebhooks(app.db, request.params.id, request.userId),
  );

  app.post(
    '/workspace/:id/webhooks',
    {
      schema: schema({
        operationId: 'createWebhook',
        summary:
          'Add a webhook endpoint (owner and admins only); its signing secret is in this answer and never again',
        description:
          'The address must be https and on the public internet. Deliveries are signed as the Standard ' +
          'Webhooks spec says (`webhook-id`, `webhook-timestamp`, `webhook-signature`). ' +
          '409 CONFLICT when the workspace already keeps the most endpoints it may.',
        params: idParamsSchema,
        body: createWebhookBodySchema,
        bodyExample: {
          url: 'https://example.com/hooks/redacta',
          events: ['batch.finished', 'reply.finished'],
        },
        response: { 201: createdWebhookSchema },
        errors: [409],
      }),
      // The answer holds the secret itself.
      onRequest: noStore,
    },
    async (request, reply) => {
      const created = await createWebhook(app.db, rules, {
        workspaceId: request.params.id,
        userId: request.userId,
        body: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/webhook/:id',
    {
      schema: schema({
        operationId: 'updateWebhook',
        summary: "Change a webhook's address, events, or turn it off or on (owner and admins only)",
        description: 'Turning an endpoint on again forgets the failures that turned it off.',
        params: idParamsSchema,
        body: updateWebhookBodySchema,
        bodyExample: { enabled: true },
        response: { 200: webhookSchema },
      }),
    },
    (request) =>
      updateWebhook(app.db, rules, { id: request.params.id, userId: request.userId, body: request.body }),
  );

  app.delete(
    '/webhook/:id',
    {
      schema: schema({
        operationId: 'deleteWebhook',
        summary: 'Delete a webhook endpoint with its delivery log (owner and admins only)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      }),
    },
    async (request, reply) => {
      await deleteWebhook(app.db, request.params.id, request.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/webhook/:id/rotate-secret',
    {
      schema: schema({
        operationId: 'rotateWebhookSecret',
        summary: 'A new signing secret for a webhook (owner and admins only), in this answer and never again',
        description: 'For 24 hours deliveries carry a signature by the previous secret too.',
        params: idParamsSchema,
        response: { 200: rotatedWebhookSecretSchema },
      }),
      onRequest: noStore,
    },
    (request) => rotateWebhookSecret(app.db, request.params.id, request.userId),
  );

  app.get(
    '/webhook/:id/deliveries',
    {
      schema: schema({
        operationId: 'listWebhookDeliveries',
        summary: "A webhook's delivery log: its latest 100 attempts, newest first (owner and admins only)",
        params: idParamsSchema,
        response: { 200: webhookDeliveryListSchema },
      }),
    },
    (request) => listDeliveries(app.db, request.params.id, request.userId),
  );

  app.post(
    '/webhook-delivery/:id/redeliver',
    {
      schema: schema({
        operationId: 'redeliverWebhook',
        summary: 'Send a delivery again, with the same event id and body (owner and admins only)',
        description: 'One more attempt, not retried; 409 CONFLICT while the endpoint is off.',
        params: idParamsSchema,
        response: { 202: redeliveredWebhookSchema },
        errors: [409],
      }),
    },
    async (request, reply) => {
      const queued = await redeliver(app.db, app.webhookQueue, request.params.id, request.userId);
      return reply.status(202).send(queued);
    },
  );
};

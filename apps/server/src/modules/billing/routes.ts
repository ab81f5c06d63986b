import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  buySeatsBodySchema,
  createSubscriptionBodySchema,
  idParamsSchema,
  priceListResponseSchema,
  redirectUrlResponseSchema,
  sandboxCheckoutSchema,
  sandboxSessionParamsSchema,
  subscriptionSummarySchema,
  workspaceIdBodySchema,
} from '@redacta/shared';
import { AppError } from '../../lib/errors.ts';
import { closedToApiKeys, errorResponses, routeSecurity, signedInSchemas } from '../../lib/route-options.ts';
import { exampleIds } from '../../lib/openapi-examples.ts';
import { cancelSandboxCheckout, confirmSandboxCheckout, sandboxCheckout } from './sandbox.ts';
import {
  billingSummary,
  buyAdditionalSeats,
  cancelSubscription,
  createBilling,
  createPortalSession,
  createSubscription,
  listPrices,
  requestRetentionDiscount,
  resumeSubscription,
  upgradeToYearly,
  type Billing,
} from './service.ts';
import { receiveStripeWebhook } from './webhooks.ts';
import { named } from '../../lib/plugin-name.ts';

/**
 * Billing's routes (docs/decisions/0011-billing-modes-and-webhook-claims.md): prices, the workspace's
 * subscription and the owner's changes to it, the sandbox's checkout page, and Stripe's webhook.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const billing = createBilling(app.database, app.config, app.log, app.webhookEvents);
  app.addHook('onClose', async () => billing.close());
  await app.register(named(signedInBillingRoutes), { billing });
  await app.register(named(stripeWebhookRoute), { billing });
};

const signedInBillingRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (app, { billing }) => {
  const schema = signedInSchemas({ tag: 'billing', errors: [404] });
  const changeErrors = [403, 404, 409, 502] as const;
  app.addHook('onRequest', app.authenticate);
  closedToApiKeys(app);

  app.get(
    '/price',
    {
      schema: schema({
        operationId: 'getPrices',
        summary: "Pro's and extra seats' prices in euros (Stripe's by lookup key, or configured)",
        response: { 200: priceListResponseSchema },
        errors: [502],
      }),
    },
    () => listPrices(billing),
  );

  app.get(
    '/workspace/:id/subscription',
    {
      schema: schema({
        operationId: 'getSubscription',
        summary: "The workspace's plan, subscription and seats (any member; changes are the owner's)",
        params: idParamsSchema,
        response: { 200: subscriptionSummarySchema },
      }),
    },
    (request) => billingSummary(billing, request.params.id, request.userId),
  );

  app.post(
    '/subscription/create-subscription',
    {
      schema: schema({
        operationId: 'startSubscriptionCheckout',
        summary: 'Start buying Pro: a Stripe Checkout page, or the sandbox checkout (owner only)',
        body: createSubscriptionBodySchema,
        bodyExample: {
          lookupKey: 'proMonthly',
          workspaceId: exampleIds.workspace,
          successUrl: 'https://redacta.example/settings/billing?paid=1',
          cancelUrl: 'https://redacta.example/settings/billing',
        },
        response: { 200: redirectUrlResponseSchema },
        errors: changeErrors,
      }),
    },
    (request) => createSubscription(billing, request.userId, request.body),
  );

  app.post(
    '/subscription/create-portal-session',
    {
      schema: schema({
        operationId: 'openBillingPortal',
        summary: "Stripe's billing portal for invoices and the payment method (owner only)",
        body: workspaceIdBodySchema,
        bodyExample: { workspaceId: exampleIds.workspace },
        response: { 200: redirectUrlResponseSchema },
        errors: changeErrors,
      }),
    },
    (request) => createPortalSession(billing, request.userId, request.body.workspaceId),
  );

  app.post(
    '/subscription/upgrade-to-yearly',
    {
      schema: schema({
        operationId: 'upgradeToYearly',
        summary: 'Move Pro and extra seats to yearly billing, prorated (owner only)',
        body: workspaceIdBodySchema,
        bodyExample: { workspaceId: exampleIds.workspace },
        response: { 200: subscriptionSummarySchema },
        errors: changeErrors,
      }),
    },
    (request) => upgradeToYearly(billing, request.userId, request.body.workspaceId),
  );

  app.delete(
    '/subscription/cancel-subscription',
    {
      schema: schema({
        operationId: 'cancelSubscription',
        summary: 'Cancel at the end of the period; Pro until then (owner only)',
        body: workspaceIdBodySchema,
        bodyExample: { workspaceId: exampleIds.workspace },
        response: { 200: subscriptionSummarySchema },
        errors: changeErrors,
      }),
    },
    (request) => cancelSubscription(billing, request.userId, request.body.workspaceId),
  );

  app.post(
    '/subscription/resume',
    {
      schema: schema({
        operationId: 'resumeSubscription',
        summary: 'Undo a cancellation before the period ends (owner only)',
        body: workspaceIdBodySchema,
        bodyExample: { workspaceId: exampleIds.workspace },
        response: { 200: subscriptionSummarySchema },
        errors: changeErrors,
      }),
    },
    (request) => resumeSubscription(billing, request.userId, request.body.workspaceId),
  );

  app.patch(
    '/subscription/request-unsubscription-discount',
    {
      schema: schema({
        operationId: 'takeRetentionOffer',
        summary: 'Take the retention offer, once per workspace (owner only)',
        body: workspaceIdBodySchema,
        bodyExample: { workspaceId: exampleIds.workspace },
        response: { 200: subscriptionSummarySchema },
        errors: changeErrors,
      }),
    },
    (request) => requestRetentionDiscount(billing, request.userId, request.body.workspaceId),
  );

  app.post(
    '/workspace/:id/buy-additional-seat',
    {
      schema: schema({
        operationId: 'buyAdditionalSeats',
        summary: 'Add seats to the subscription, invoiced now (owner only)',
        params: idParamsSchema,
        body: buySeatsBodySchema,
        bodyExample: { numberOfSeats: 2 },
        response: { 200: subscriptionSummarySchema },
        errors: changeErrors,
      }),
    },
    (request) => buyAdditionalSeats(billing, request.userId, request.params.id, request.body.numberOfSeats),
  );

  const requireSandbox = async () => {
    if (billing.mode !== 'sandbox')
      throw new AppError('BILLING_UNAVAILABLE', 'The billing sandbox is not on');
  };

  app.get(
    '/subscription/sandbox/:sessionId',
    {
      onRequest: requireSandbox,
      schema: schema({
        operationId: 'getSandboxCheckout',
        summary: "The sandbox checkout page's purchase (the workspace owner's)",
        params: sandboxSessionParamsSchema,
        response: { 200: sandboxCheckoutSchema },
        errors: [409],
      }),
    },
    (request) => sandboxCheckout(billing.db, request.params.sessionId, request.userId),
  );

  app.post(
    '/subscription/sandbox/:sessionId/confirm',
    {
      onRequest: requireSandbox,
      schema: schema({
        operationId: 'confirmSandboxCheckout',
        summary: 'Sandbox: pay (nothing is charged) and return to the success address',
        params: sandboxSessionParamsSchema,
        response: { 200: redirectUrlResponseSchema },
        errors: [409],
      }),
    },
    async (request) => ({
      url: await confirmSandboxCheckout(
        billing.db,
        billing.webhookEvents,
        request.params.sessionId,
        request.userId,
      ),
    }),
  );

  app.post(
    '/subscription/sandbox/:sessionId/cancel',
    {
      onRequest: requireSandbox,
      schema: schema({
        operationId: 'cancelSandboxCheckout',
        summary: 'Sandbox: abandon the checkout and return to the cancel address',
        params: sandboxSessionParamsSchema,
        response: { 200: redirectUrlResponseSchema },
        errors: [409],
      }),
    },
    async (request) => ({
      url: await cancelSandboxCheckout(billing.db, request.params.sessionId, request.userId),
    }),
  );
};

/**
 * Stripe's webhook: no session, the signature is the authentication. The SDK verifies the signature over
 * the exact bytes Stripe sent, so in this route alone every body is kept raw instead of parsed.
 */
const stripeWebhookRoute: FastifyPluginAsyncZod<{ billing: Billing }> = async (app, { billing }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/stripe/webhook',
    {
      schema: {
        operationId: 'receiveStripeEvent',
        summary: "Stripe's events (checkout, subscription and invoice changes), signed",
        security: routeSecurity.none,
        tags: ['billing'],
        headers: z.object({ 'stripe-signature': z.string().max(2048).optional() }),
        response: { 204: z.null().describe('Received'), ...errorResponses([400, 409, 502]) },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await receiveStripeWebhook(billing, body, request.headers['stripe-signature']);
      return reply.status(204).send(null);
    },
  );
};

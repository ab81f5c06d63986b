import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountDeletionPlanSchema, deleteAccountBodySchema, personalExportSchema } from '@redacta/shared';
import { closedToApiKeys, noStore, signedInSchemas } from '../../lib/route-options.ts';
import { limits } from '../../lib/rate-limits.ts';
import { deleteAccount, requestDeletionCode } from './account-deletion.ts';
import { deletionPlan } from './deletion-plan.ts';
import { personalExport } from './personal-export.ts';
import { recordAuditInEach } from '../audit/index.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Registered under /api/user: a person's own data (docs/product.md, "Your data"). People only: an API
 * key acts for a workspace, not for the person's account (403 `FORBIDDEN`).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = signedInSchemas({ tag: 'user' });
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', noStore);
  closedToApiKeys(app);

  app.get(
    '/export',
    {
      schema: schema({
        operationId: 'exportUserData',
        summary:
          'Download your data: profile, memberships, conversations you wrote in, prompts, voices, templates',
        response: { 200: personalExportSchema },
        errors: [403, 429],
      }),
      preHandler: limits(app, [
        {
          name: 'data-export',
          max: app.config.RATE_LIMIT_DATA_EXPORTS_PER_HOUR,
          timeWindowMs: HOUR,
          key: (request) => request.userId,
        },
      ]),
    },
    async (request, reply) => {
      const data = await personalExport(app.db, request.userId);
      const day = data.exportedAt.slice(0, 10);
      // A person's data belongs to no one workspace: recorded in each they are a member of, as a sign-in is.
      await recordAuditInEach(
        app.db,
        data.memberships.map((membership) => membership.workspaceId),
        {
          action: 'account.data_exported',
          target: { type: 'user', id: request.userId, label: data.profile.email },
        },
      );
      return reply
        .header('content-disposition', `attachment; filename="redacta-data-${day}.json"`)
        .send(data);
    },
  );

  app.get(
    '/deletion',
    {
      schema: schema({
        operationId: 'getAccountDeletionPlan',
        summary:
          'The workspaces you own, each with the members who could take it over if you delete your account',
        response: { 200: accountDeletionPlanSchema },
        errors: [403],
      }),
    },
    (request) => deletionPlan(app.db, request.userId),
  );

  app.post(
    '/deletion-code',
    {
      schema: schema({
        operationId: 'requestAccountDeletionCode',
        summary: 'Mail the code that confirms deleting your account',
        response: { 204: z.null().describe('Code sent to your address') },
        errors: [403, 429],
      }),
    },
    async (request, reply) => {
      await requestDeletionCode(app, request.userId);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/',
    {
      // DELETE /api/user, without a second entry at /api/user/.
      prefixTrailingSlash: 'no-slash',
      schema: schema({
        operationId: 'deleteAccount',
        summary:
          'Delete your account with the mailed code; each owned workspace with members is handed over or deleted as the body says',
        body: deleteAccountBodySchema,
        bodyExample: {
          code: '123456',
          workspaces: [
            {
              workspaceId: '0b7c1f9e-3c1a-4d5e-9f00-2a6b8c4d1e11',
              action: 'transfer',
              newOwnerId: '5d2e8a71-6b4f-4c3a-8e19-7f0a1b2c3d44',
            },
          ],
        },
        response: { 204: z.null().describe('Account deleted; every session ends at once') },
        errors: [403, 404, 409, 429],
      }),
      preHandler: limits(app, [
        {
          name: 'account-deletion',
          max: app.config.RATE_LIMIT_LOGIN_ATTEMPTS_PER_15MIN,
          timeWindowMs: HOUR,
          key: (request) => request.userId,
        },
      ]),
    },
    async (request, reply) => {
      const { userId } = request;
      const { sessionIds, deletedWorkspaceIds } = await deleteAccount(app, userId, request.body);
      const sessions = new Set([...sessionIds, request.sessionId]);
      await Promise.all([...sessions].map((sessionId) => app.revokedSessions.revoke(sessionId)));
      await app.collab.closeConnections({ userId }, 'forbidden');
      for (const workspaceId of deletedWorkspaceIds) {
        await app.collab.closeConnections({ workspaceId }, 'forbidden');
      }
      return reply.status(204).send(null);
    },
  );
};

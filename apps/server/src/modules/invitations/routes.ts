import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationBodySchema,
  acceptInvitationResponseSchema,
  errorBodySchema,
  idParamsSchema,
  invitationPreviewBodySchema,
  invitationPreviewSchema,
  inviteBodySchema,
  inviteResponseSchema,
  pendingInvitationSchema,
  pendingInvitationsResponseSchema,
} from '@redacta/shared';
import { limits } from '../../lib/rate-limits.ts';
import { errorResponses, noStore, routeSecurity, signedInSchemas } from '../../lib/route-options.ts';
import { exampleIds } from '../../lib/openapi-examples.ts';
import { acceptInvitation, previewInvitation } from './accept.ts';
import { inviteToWorkspace, listPendingInvitations, resendInvitation, revokeInvitation } from './service.ts';
import { named } from '../../lib/plugin-name.ts';

const QUARTER_HOUR = 15 * 60 * 1000;

/** Invitation previews per IP: far more than a person opening their links needs, too few to guess tokens. */
export const INVITATION_PREVIEWS_PER_15MIN = 60;

/** Registered under /api with full paths: /workspace/{id}/invite…, /invitation-to-workspace/{id}/… */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  // The invitation page asks what a link is before anyone signs in: the token is the proof.
  app.post(
    '/invitation-to-workspace/preview',
    {
      schema: {
        tags: ['invitation'],
        operationId: 'previewInvitation',
        summary: 'What an invitation link is for and whether it can still be accepted (no session needed)',
        security: routeSecurity.none,
        body: invitationPreviewBodySchema,
        bodyExample: { token: exampleIds.invitationToken },
        response: { 200: invitationPreviewSchema, ...errorResponses([400, 404, 429]) },
      },
      onRequest: noStore,
      preHandler: limits(app, [
        {
          name: 'invitation-preview-ip',
          max: INVITATION_PREVIEWS_PER_15MIN,
          timeWindowMs: QUARTER_HOUR,
          key: (request) => request.ip,
        },
      ]),
    },
    (request) => previewInvitation(app.db, request.body.token),
  );

  const signedInRoutes: FastifyPluginAsyncZod = async (signedIn) => {
    // A workspace or invitation that is absent or in a workspace the user is not in is 404.
    const schema = signedInSchemas({ tag: 'invitation', errors: [404] });
    signedIn.addHook('onRequest', app.authenticate);

    signedIn.post(
      '/workspace/:id/invite',
      {
        schema: schema({
          operationId: 'inviteToWorkspace',
          summary:
            'Invite an address to a Pro or Enterprise workspace (any member); an address already invited is sent its invitation again (by its inviter or the owner)',
          params: idParamsSchema,
          body: inviteBodySchema,
          bodyExample: { email: 'luis@example.com' },
          response: { 200: inviteResponseSchema, 201: inviteResponseSchema },
          errors: [403, 409, 429],
        }),
      },
      async (request, reply) => {
        const result = await inviteToWorkspace(app, {
          workspaceId: request.params.id,
          userId: request.userId,
          email: request.body.email,
        });
        return reply.status(result.resent ? 200 : 201).send(result);
      },
    );

    signedIn.get(
      '/workspace/:id/pending-invitations',
      {
        schema: schema({
          operationId: 'listPendingInvitations',
          summary: 'Invitations not yet accepted, revoked or expired, oldest first, with their inviter',
          params: idParamsSchema,
          response: { 200: pendingInvitationsResponseSchema },
        }),
      },
      (request) => listPendingInvitations(app.db, request.params.id, request.userId),
    );

    signedIn.post(
      '/invitation-to-workspace/:id/resend',
      {
        schema: schema({
          operationId: 'resendInvitation',
          summary: 'Mail an invitation again with a new link and expiry (its inviter, an admin or the owner)',
          params: idParamsSchema,
          response: { 200: pendingInvitationSchema, 410: errorBodySchema },
          errors: [403, 409, 429],
        }),
      },
      (request) => resendInvitation(app, { invitationId: request.params.id, userId: request.userId }),
    );

    signedIn.delete(
      '/invitation-to-workspace/:id/revoke',
      {
        schema: schema({
          operationId: 'revokeInvitation',
          summary: 'Revoke an invitation, freeing its seat (its inviter, an admin or the owner)',
          params: idParamsSchema,
          response: { 204: z.null().describe('Revoked') },
          errors: [403, 409],
        }),
      },
      async (request, reply) => {
        await revokeInvitation(app.db, request.params.id, request.userId);
        return reply.status(204).send(null);
      },
    );

    signedIn.post(
      '/workspace/add-user-by-token',
      {
        schema: schema({
          operationId: 'acceptInvitation',
          summary: 'Accept an invitation as the invited address; answers the workspace joined',
          body: acceptInvitationBodySchema,
          bodyExample: { token: exampleIds.invitationToken },
          // 410: expired or revoked.
          response: { 200: acceptInvitationResponseSchema, 410: errorBodySchema },
          errors: [403, 409],
        }),
        onRequest: noStore,
        // Joining a workspace is the account's own act, not a workspace key's.
        config: { apiKey: 'never' },
      },
      (request) => acceptInvitation(app.db, request.userId, request.body.token, app.webhookEvents),
    );
  };
  await app.register(named(signedInRoutes));
};

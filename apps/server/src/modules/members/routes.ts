import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  memberRoleBodySchema,
  memberSchema,
  membersResponseSchema,
  removeMemberParamsSchema,
} from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { changeMemberRole, leaveWorkspace, listMembers, removeMember } from './service.ts';

/**
 * Registered under /api/workspace: /{id}/members, /{id}/member/{userId}/role,
 * /{id}/remove-invited-user/{userId}, /{id}/leave.
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = signedInSchemas({ tag: 'workspace', errors: [404] });
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/:id/members',
    {
      schema: schema({
        operationId: 'listWorkspaceMembers',
        summary:
          'Members of a workspace: the owner first, then by joining date, with seats used and available',
        params: idParamsSchema,
        response: { 200: membersResponseSchema },
      }),
    },
    (request) => listMembers(app.db, request.params.id, request.userId),
  );

  app.put(
    '/:id/member/:userId/role',
    {
      schema: schema({
        operationId: 'changeWorkspaceMemberRole',
        summary: "Make a member an admin or an admin a member (owner only; never the owner's own role)",
        params: removeMemberParamsSchema,
        body: memberRoleBodySchema,
        bodyExample: { role: 'admin' },
        response: { 200: memberSchema },
        errors: [400, 403, 409],
      }),
      // Roles are granted by a person, never by a program holding a key.
      config: { apiKey: 'never' },
    },
    (request) =>
      changeMemberRole(app.db, {
        workspaceId: request.params.id,
        userId: request.userId,
        memberId: request.params.userId,
        role: request.body.role,
      }),
  );

  app.patch(
    '/:id/remove-invited-user/:userId',
    {
      schema: schema({
        operationId: 'removeWorkspaceMember',
        summary:
          'Remove a member (the owner: members and admins; an admin: members); their private projects pass to the owner and their access ends at once',
        params: removeMemberParamsSchema,
        response: { 204: z.null().describe('Removed') },
        errors: [403, 409],
      }),
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      await removeMember(app.db, app.webhookEvents, {
        workspaceId: id,
        userId: request.userId,
        memberId: userId,
      });
      await app.collab.closeConnections({ workspaceId: id, userId }, 'forbidden');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:id/leave',
    {
      schema: schema({
        operationId: 'leaveWorkspace',
        summary: 'Leave a workspace (members only; its owner cannot); private projects pass to the owner',
        params: idParamsSchema,
        response: { 204: z.null().describe('Left') },
        errors: [409],
      }),
      // Leaving is the account's own act, not a workspace key's.
      config: { apiKey: 'never' },
    },
    async (request, reply) => {
      await leaveWorkspace(app.db, app.webhookEvents, request.params.id, request.userId);
      await app.collab.closeConnections(
        { workspaceId: request.params.id, userId: request.userId },
        'forbidden',
      );
      return reply.status(204).send(null);
    },
  );
};

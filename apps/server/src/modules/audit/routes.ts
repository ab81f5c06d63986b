import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditActorListSchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  auditListSchema,
  idParamsSchema,
  type ErrorBody,
} from '@redacta/shared';
import { closedToApiKeys, signedInSchemas } from '../../lib/route-options.ts';
import { exportAudit, listAudit, listAuditActors } from './service.ts';
import { recordAuditInEach } from './record.ts';

/**
 * A workspace's audit log, read by its owner and admins in the workspace settings. Read only: no route here or
 * anywhere edits or deletes an entry. Closed to API keys: what a key did is in the log, and the log
 * (addresses, browsers) is for the owner and admins.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  // Another workspace's log is 404; a member is 403 NOT_WORKSPACE_OWNER.
  const schema = signedInSchemas({ tag: 'audit', errors: [403, 404] });
  app.addHook('onRequest', app.authenticate);
  closedToApiKeys(app);

  app.get(
    '/workspace/:id/audit',
    {
      schema: schema({
        operationId: 'listAuditEntries',
        summary: "The workspace's audit log, newest first, 50 entries a page (owner and admins only)",
        description:
          "Filters: `action`, `actor` (a person's or an API key's id), `from` (inclusive) and `to` " +
          "(exclusive). `cursor` is the previous page's `nextCursor` under the same filters.",
        params: idParamsSchema,
        querystring: auditListQuerySchema,
        response: { 200: auditListSchema },
      }),
    },
    (request) =>
      listAudit(app.db, { workspaceId: request.params.id, userId: request.userId, query: request.query }),
  );

  app.get(
    '/workspace/:id/audit/actors',
    {
      schema: schema({
        operationId: 'listAuditActors',
        summary:
          "Everyone the workspace's audit log names as having acted, to filter it by (owner and admins)",
        description:
          'People — members and former members — and API keys, revoked or not, each with the id the ' +
          "list's `actor` filter takes. A deleted account's entries name nobody and are not listed.",
        params: idParamsSchema,
        response: { 200: auditActorListSchema },
      }),
    },
    (request) => listAuditActors(app.db, { workspaceId: request.params.id, userId: request.userId }),
  );

  app.get(
    '/workspace/:id/audit/export',
    {
      schema: schema({
        operationId: 'exportAuditEntries',
        summary: "The workspace's audit log as CSV, with the list's filters (owner and admins only)",
        description: 'CSV in UTF-8 with a BOM; cells that start with = + - @ are escaped.',
        params: idParamsSchema,
        querystring: auditExportQuerySchema,
      }),
    },
    async (request, reply) => {
      const file = await exportAudit(app.db, {
        workspaceId: request.params.id,
        userId: request.userId,
        query: request.query,
      });
      // Reading the log out is itself recorded: what left the workspace, and with which filters.
      await recordAuditInEach(app.db, [request.params.id], {
        action: 'audit.exported',
        target: { type: 'audit_log', label: file.fileName },
        after: { ...request.query },
      });
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          // A file, not JSON: with no 200 schema declared, the typed reply knows only the error bodies.
          .send(file.body as unknown as ErrorBody)
      );
    },
  );
};

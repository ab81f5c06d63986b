import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_UNNAMED_VERSIONS_KEPT,
  documentVersionDetailSchema,
  documentVersionListResponseSchema,
  documentVersionParamsSchema,
  documentVersionSchema,
  idParamsSchema,
  restoreDocumentVersionResponseSchema,
  saveDocumentVersionBodySchema,
} from '@redacta/shared';
import { signedInSchemas } from '../../lib/route-options.ts';
import { startAutoVersions } from './auto-versions.ts';
import { getVersion, listVersions, restoreVersion, saveVersion } from './service.ts';

/**
 * Version history of a project's document, under /project/{id}/document/versions: anyone who can see
 * the project may list, open, save and restore versions. Automatic versions start with the routes.
 */
export const documentVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  // A project or version that is absent or not the user's is 404.
  const schema = signedInSchemas({ tag: 'project', errors: [404] });
  app.addHook('onRequest', app.authenticate);

  const auto = startAutoVersions({
    db: app.db,
    storageQuotas: app.storageQuotas,
    live: app.collab,
    log: app.log,
    intervalMs: app.config.DOCUMENT_VERSION_INTERVAL_MS,
    webhookEvents: app.webhookEvents,
  });
  app.addHook('onClose', async () => auto.stop());
  const source = { live: app.collab, creditEditors: auto.creditEditors, webhookEvents: app.webhookEvents };

  app.get(
    '/project/:id/document/versions',
    {
      schema: schema({
        operationId: 'listDocumentVersions',
        summary: 'The versions of the document kept, newest first, with who edited each',
        params: idParamsSchema,
        response: { 200: documentVersionListResponseSchema },
      }),
    },
    async (request) => ({ versions: await listVersions(app.db, request.params.id, request.userId) }),
  );

  app.get(
    '/project/:id/document/versions/:versionId',
    {
      schema: schema({
        operationId: 'getDocumentVersion',
        summary: 'One version of the document, with its content (ProseMirror JSON) and plain text',
        params: documentVersionParamsSchema,
        response: { 200: documentVersionDetailSchema },
      }),
    },
    (request) => getVersion(app.db, request.params.id, request.params.versionId, request.userId),
  );

  app.post(
    '/project/:id/document/versions',
    {
      schema: schema({
        operationId: 'saveDocumentVersion',
        summary:
          'Save the document as it is now as a version, with an optional name. Named versions are kept with the ' +
          `project; of the unnamed ones the newest ${DOCUMENT_UNNAMED_VERSIONS_KEPT}. 413 STORAGE_FULL`,
        params: idParamsSchema,
        body: saveDocumentVersionBodySchema,
        bodyExample: { name: 'Sent to the client' },
        response: { 201: documentVersionSchema },
        errors: [413],
      }),
    },
    async (request, reply) => {
      const version = await saveVersion(
        app.db,
        app.storageQuotas,
        source,
        request.params.id,
        request.userId,
        request.body?.name,
      );
      return reply.status(201).send(version);
    },
  );

  app.post(
    '/project/:id/document/versions/:versionId/restore',
    {
      schema: schema({
        operationId: 'restoreDocumentVersion',
        summary:
          'Restore a version: the document as it is now is saved as a version (restoring it undoes this), then ' +
          "the version's content is applied as one change connected editors see. 413 STORAGE_FULL",
        params: documentVersionParamsSchema,
        response: { 200: restoreDocumentVersionResponseSchema },
        errors: [413],
      }),
    },
    (request) =>
      restoreVersion(
        app.db,
        app.storageQuotas,
        source,
        request.params.id,
        request.params.versionId,
        request.userId,
      ),
  );
};

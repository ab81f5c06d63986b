import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import SCIMMY from 'scimmy';
import { z } from 'zod';
import { AppError, isUniqueViolation, RateLimitedError } from '../../lib/errors.ts';
import { limits } from '../../lib/rate-limits.ts';
import { JSON_BODY_MAX_DEPTH, nestsDeeperThan } from '../../plugins/json-body.ts';
import type { ScimDeps } from './deps.ts';
import { scimError, type ScimError } from './errors.ts';
import { declareScimResources, entraBooleans, SCIM_MAX_RESULTS, type ScimContext } from './protocol.ts';
import { resolveScimToken } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The workspace whose SCIM token the request presented (SCIM routes only). */
    scimWorkspaceId: string;
  }
}

const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** RFC 7644 §3.4.2: list parameters; `count` is capped at the most a page holds, `startIndex` is 1-based. */
const listQuerySchema = z.object({
  filter: z.string().max(2000).optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
  attributes: z.string().max(2000).optional(),
  excludedAttributes: z.string().max(2000).optional(),
});
const idParams = z.object({ id: z.string().max(200) });
/** A SCIM body: its attributes are checked by scimmy against the resource's schema, then by our rules. */
const scimBody = z.looseObject({ schemas: z.array(z.string().max(200)).max(10) });

/** What a SCIM route threw, as a SCIM error: ours and scimmy's as they are, the rest by their status. */
function asScimError(error: FastifyError, request: FastifyRequest): ScimError {
  if (error instanceof SCIMMY.Types.Error) return error;
  if (error instanceof AppError) return scimError(error.status, error.message);
  if (isUniqueViolation(error)) return scimError(409, 'That already exists', 'uniqueness');
  if (error.validation) {
    return scimError(400, `Invalid ${error.validationContext ?? 'request'}`, 'invalidSyntax');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return scimError(error.statusCode, error.message);
  }
  request.log.error({ err: error }, 'unhandled SCIM error');
  return scimError(500, 'Something went wrong');
}

const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** The answer in SCIM's error schema for anything a SCIM route throws (RFC 7644 §3.12). */
function replyWithScimError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RateLimitedError) {
    // RFC 7644 lists no 429, which scimmy's error type refuses: the same error message, written here.
    return reply
      .status(429)
      .type(SCIM_CONTENT_TYPE)
      .header('retry-after', String(error.retryAfterSeconds))
      .send({ schemas: [SCIM_ERROR_SCHEMA], status: '429', detail: error.message });
  }
  const scim = asScimError(error, request);
  // scimmy's error message is itself an Error, which Fastify would treat as one: its fields are sent.
  const message = { ...new SCIMMY.Messages.Error(scim) };
  return reply.status(Number(message.status)).type(SCIM_CONTENT_TYPE).send(message);
}

/**
 * The SCIM 2.0 service (RFC 7643/7644) at /scim/v2, for the identity provider of an Enterprise
 * workspace: Users and Groups, with the discovery resources. scimmy does the protocol (schemas,
 * filters, PatchOp, list paging); modules/scim/users.ts and groups.ts do our rules. Errors are in
 * SCIM's error schema, answers in `application/scim+json`.
 */
export function scimRoutes(deps: Omit<ScimDeps, 'db'>): FastifyPluginAsyncZod {
  return async (app) => {
    declareScimResources();
    const scimDeps: ScimDeps = { ...deps, db: app.db };
    const context = (request: FastifyRequest): ScimContext => ({
      deps: scimDeps,
      workspaceId: request.scimWorkspaceId,
    });
    app.decorateRequest('scimWorkspaceId', '');
    // An identity provider syncing thousands of people stays well under it; a leaked token cannot
    // flood the workspace's members and audit log.
    const perToken = limits(app, [
      {
        name: 'scim-requests',
        max: app.config.RATE_LIMIT_SCIM_REQUESTS_PER_MINUTE,
        timeWindowMs: 60_000,
        key: (request) => request.scimWorkspaceId || null,
      },
    ]);
    app.setErrorHandler(replyWithScimError);
    // Identity providers send SCIM bodies as application/scim+json or application/json: both are read
    // as JSON, with the depth bound every body has.
    app.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (_request, body, done) => {
      const text = body as string;
      if (nestsDeeperThan(text, JSON_BODY_MAX_DEPTH)) {
        return done(
          scimError(400, `The body nests deeper than ${JSON_BODY_MAX_DEPTH} levels`, 'invalidSyntax'),
        );
      }
      try {
        done(null, JSON.parse(text));
      } catch {
        done(scimError(400, 'The body is not JSON', 'invalidSyntax'));
      }
    });
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      const resolved = match ? await resolveScimToken(app.db, match[1]!) : { kind: 'unknown' as const };
      if (resolved.kind === 'unknown') throw scimError(401, 'A valid SCIM token is required');
      if (resolved.kind === 'plan-required') {
        throw scimError(403, 'SCIM provisioning is part of the Enterprise plan');
      }
      request.scimWorkspaceId = resolved.workspaceId;
      await perToken(request);
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.type(SCIM_CONTENT_TYPE);
      return payload;
    });

    const hidden = { hide: true } as const;

    app.get('/ServiceProviderConfig', { schema: hidden }, () =>
      new SCIMMY.Resources.ServiceProviderConfig().read(),
    );
    app.get('/ResourceTypes', { schema: hidden }, () => new SCIMMY.Resources.ResourceType().read());
    app.get('/ResourceTypes/:id', { schema: { ...hidden, params: idParams } }, (request) =>
      new SCIMMY.Resources.ResourceType(request.params.id).read(),
    );
    app.get('/Schemas', { schema: hidden }, () => new SCIMMY.Resources.Schema().read());
    app.get('/Schemas/:id', { schema: { ...hidden, params: idParams } }, (request) =>
      new SCIMMY.Resources.Schema(request.params.id).read(),
    );

    for (const [path, Resource] of [
      ['/Users', SCIMMY.Resources.User],
      ['/Groups', SCIMMY.Resources.Group],
    ] as const) {
      app.get(path, { schema: { ...hidden, querystring: listQuerySchema } }, (request) => {
        const { count, ...query } = request.query;
        const capped =
          count === undefined ? SCIM_MAX_RESULTS : Math.max(0, Math.min(count, SCIM_MAX_RESULTS));
        return new Resource(undefined, { ...query, count: capped }).read(context(request));
      });
      app.get(`${path}/:id`, { schema: { ...hidden, params: idParams } }, (request) =>
        new Resource(request.params.id).read(context(request)),
      );
      app.post(path, { schema: { ...hidden, body: scimBody } }, async (request, reply) => {
        const created = await new Resource().write(request.body, context(request));
        return reply.status(201).send(created);
      });
      app.put(`${path}/:id`, { schema: { ...hidden, params: idParams, body: scimBody } }, (request) =>
        new Resource(request.params.id).write(request.body, context(request)),
      );
      app.patch(
        `${path}/:id`,
        { schema: { ...hidden, params: idParams, body: scimBody } },
        async (request, reply) => {
          const patched = await new Resource(request.params.id).patch(
            entraBooleans(request.body) as Parameters<InstanceType<typeof Resource>['patch']>[0],
            context(request),
          );
          // RFC 7644 §3.5.2: a PATCH that changed nothing may answer 204 (scimmy then returns nothing).
          return patched ? patched : reply.status(204).send();
        },
      );
      app.delete(`${path}/:id`, { schema: { ...hidden, params: idParams } }, async (request, reply) => {
        await new Resource(request.params.id).dispose(context(request));
        return reply.status(204).send();
      });
    }
  };
}

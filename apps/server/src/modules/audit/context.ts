import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What the audit log takes from the request a change is made in, so services need not pass it on. */
export interface AuditRequestContext {
  ip: string | null;
  userAgent: string | null;
  /** The signed-in person (for an API key, its creator); null before or without signing in. */
  userId: string | null;
  /** An identity provider acting through the workspace's SCIM token: what it changes is done by "SCIM". */
  scim?: boolean;
}

const requestContext = new AsyncLocalStorage<AuditRequestContext>();

/** The current request's address, browser and person, or undefined outside a request (a job, a command). */
export function auditRequestContext(): AuditRequestContext | undefined {
  return requestContext.getStore();
}

/** Runs `fn` as if in a request with this context (the operator command, tests of services). */
export function runWithAuditContext<T>(context: AuditRequestContext, fn: () => T): T {
  return requestContext.run(context, fn);
}

/** The user agent as kept: its first 500 characters (a header can be far longer, and means nothing more). */
const USER_AGENT_MAX_LENGTH = 500;

/**
 * Every handler runs inside its request's audit context. A preHandler, as the acting API key's: it runs
 * after `app.authenticate` (so the person is known) and after the body was read (the body's stream
 * events would leave a context set earlier).
 */
export const auditContextPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, _reply, done) => {
    const userAgent = request.headers['user-agent'];
    requestContext.run(
      {
        ip: request.ip || null,
        userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
        userId: request.userId || null,
        scim: Boolean(request.scimWorkspaceId),
      },
      done,
    );
  });
});

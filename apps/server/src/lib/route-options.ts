import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { input, ZodType } from 'zod';
import { errorBodySchema } from '@redacta/shared';

/** The statuses our routes answer with an error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503 | 504;
type ErrorResponses<S extends ErrorStatus> = { [K in S]: typeof errorBodySchema };

/** Error responses in our shape, `{ error: { code, message } }`, for the given statuses. */
export function errorResponses<S extends ErrorStatus>(statuses: readonly S[]): ErrorResponses<S> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as ErrorResponses<S>;
}

/**
 * Who may call a route, as the OpenAPI document declares it (the schemes: plugins/openapi.ts). What
 * each route accepts is still decided by its hooks (`app.authenticate`, the auth routes' cookie).
 */
export const routeSecurity: Record<'bearer' | 'sessionCookie' | 'none', { [scheme: string]: string[] }[]> = {
  /** `Authorization: Bearer`: an access token from signing in, or a workspace's API key. */
  bearer: [{ bearerAuth: [] }],
  /** The refresh cookie, which only the session routes under /api/auth read. */
  sessionCookie: [{ sessionCookie: [] }],
  /** Anyone: signing in, what an invitation link is for, Stripe's events (signed in a header). */
  none: [],
};

interface RouteSchema {
  /**
   * The operation's name in the OpenAPI document and in the clients generated from it: a camelCase
   * verb phrase (`listWorkspaceTemplates`, `startBatch`), unique across the API and never renamed,
   * since programs call it by that name.
   */
  operationId: string;
  summary: string;
  description?: string;
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  /** A body this route accepts, shown as the document's example; the document refuses one `body` refuses. */
  bodyExample?: unknown;
  /** The route's answers besides errors (none for a stream the route writes itself). */
  response?: Record<number, ZodType>;
  /** Error statuses this route answers besides its module's. */
  errors?: readonly ErrorStatus[];
}

type RouteResponses<S> = S extends { response: infer R } ? R : unknown;
/** A route with a body declares an example of it, of the body's input type; one without, none. */
type BodyExample<S> = S extends { body: infer B extends ZodType }
  ? { bodyExample: input<B> }
  : { bodyExample?: never };
type RouteErrors<S> = S extends { errors: readonly (infer E extends ErrorStatus)[] } ? E : never;

/** A route's schema with its module's tag, the bearer security and every error response. */
type SignedInSchema<S extends RouteSchema, M extends ErrorStatus> = Omit<S, 'errors' | 'response'> & {
  tags: string[];
  security: (typeof routeSecurity)['bearer'];
  response: RouteResponses<S> & ErrorResponses<400 | 401 | M | RouteErrors<S>>;
};

/**
 * Builds the schemas of a module's routes behind the bearer token. Each route gets the module's
 * OpenAPI tag, the bearer security and error responses in our shape: 401 (no or expired token) on
 * every route, 400 on every route that takes input, the statuses every route of the module may
 * answer (`errors`, e.g. 404 for a workspace or project that is absent or not yours), and those the
 * route lists itself.
 */
export function signedInSchemas<M extends ErrorStatus = never>(module: {
  tag: string;
  errors?: readonly M[];
}) {
  return <S extends RouteSchema>(route: S & BodyExample<S>): SignedInSchema<S, M> => {
    const { errors = [], response, ...schema } = route;
    const takesInput = Boolean(schema.params || schema.querystring || schema.body);
    const statuses: ErrorStatus[] = [
      401,
      ...(takesInput ? [400 as const] : []),
      ...(module.errors ?? []),
      ...errors,
    ];
    const built: FastifySchema = {
      ...schema,
      tags: [module.tag],
      security: routeSecurity.bearer,
      response: { ...errorResponses(statuses), ...response },
    };
    // The object is exactly that type; TypeScript cannot follow the conditional types through the spreads.
    return built as SignedInSchema<S, M>;
  };
}

/**
 * An onRequest hook for answers that may carry a token, a session cookie or who is signed in: no
 * cache, shared or the browser's, may keep one.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

/**
 * Closes every route the plugin registers from here on to API keys (403 for a key): the account,
 * sessions, billing and key management are for people only.
 */
export function closedToApiKeys(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, apiKey: 'never' };
  });
}

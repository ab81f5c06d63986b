import type { paths } from './schema.ts';
export type { components, operations, paths } from './schema.ts';
/**
 * A typed client of the Redacta API: each call names a path and method of the OpenAPI document, and its
 * parameters, body and answer have that operation's types. `baseUrl` is the site's address (the
 * paths start with /api); with `token` (an access token, or a workspace's API key) every request
 * carries it as a bearer.
 */
export declare function createRedactaClient(options: {
    baseUrl: string;
    token?: string;
}): import("openapi-fetch").Client<paths, `${string}/${string}`>;
export type RedactaClient = ReturnType<typeof createRedactaClient>;

import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@redacta/shared';
import type { App } from '../../src/app.ts';
import { JSON_BODY_MAX_DEPTH } from '../../src/plugins/json-body.ts';
import { createUser } from '../helpers/factories.ts';
import { createLoggedTestApp, errorLines, type LogLine } from './logged-app.ts';
import { injectAnswer } from '../helpers/inject-answer.ts';

let app: App;
let log: LogLine[];
beforeEach(async () => {
  ({ app, log } = await createLoggedTestApp());
});
afterEach(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
interface JsonSchema {
  properties?: Record<string, unknown>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: 'path' | 'query'; name: string }[];
  requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } };
}
interface Route {
  method: Method;
  /** The OpenAPI path, `/api/project/{id}/document`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

/** Every property name a body schema may take, through its alternatives. */
function fieldsOf(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return [...new Set([...Object.keys(schema.properties ?? {}), ...alternatives.flatMap(fieldsOf)])];
}

/** The API's routes, read from its own OpenAPI document. */
async function apiRoutes(): Promise<Route[]> {
  const doc = (await app.inject('/api/openapi.json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase() as Method,
      path,
      pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyFields: fieldsOf(operation.requestBody?.content?.['application/json']?.schema),
    })),
  );
}

/** The route's URL with each path parameter set to `value(name)`, already percent-encoded. */
const urlOf = (route: Route, value: (name: string) => string) =>
  route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => value(name));

/** NUL, then a lone surrogate as UTF-8 would carry it (which is not valid UTF-8), percent-encoded. */
const unstorableInUrl = 'x%00%ED%A0%80';

const takesBody = (method: Method) => method !== 'GET';

describe('every API route, given malformed input', () => {
  it('answers 4xx in our error shape, keeps serving other users and logs no error', async () => {
    const routes = await apiRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const ana = await createUser(app);
    const someId = () => randomUUID();
    const deep = '['.repeat(JSON_BODY_MAX_DEPTH + 50) + ']'.repeat(JSON_BODY_MAX_DEPTH + 50);
    const failures: string[] = [];

    const check = async (label: string, request: InjectOptions, allowRedirect = false) => {
      const res = await injectAnswer(app, request);
      if (allowRedirect && res.statusCode >= 300 && res.statusCode < 400) return;
      const isJson = String(res.headers['content-type']).includes('json');
      const shaped = errorBodySchema.safeParse(isJson ? res.json() : null);
      if (res.statusCode < 400 || res.statusCode >= 500 || !shaped.success) {
        failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    };

    for (const route of routes) {
      const name = `${route.method} ${route.path}`;
      // OAuth routes answer the browser with redirects, to the provider or back to /login with a code.
      const redirects = route.path.startsWith('/api/auth/oauth');
      const headers = { ...ana.auth, 'x-requested-with': 'XMLHttpRequest' };
      const url = urlOf(route, () => someId());
      if (takesBody(route.method)) {
        const json = { ...headers, 'content-type': 'application/json' };
        await check(`${name} with a deep body`, { method: route.method, url, headers: json, payload: deep });
        if (route.bodyFields.length > 0) {
          const unstorable = Object.fromEntries(route.bodyFields.map((field) => [field, 'x\u0000\ud800']));
          await check(`${name} with NUL`, { method: route.method, url, headers: json, payload: unstorable });
        }
        await check(`${name} with bad JSON`, { method: route.method, url, headers: json, payload: '{"a":' });
      }
      for (const param of route.pathParams) {
        const long = urlOf(route, (p) => (p === param ? 'a'.repeat(150) : someId()));
        await check(`${name} with a long ${param}`, { method: route.method, url: long, headers }, redirects);
        const nul = urlOf(route, (p) => (p === param ? unstorableInUrl : someId()));
        await check(`${name} with NUL in ${param}`, { method: route.method, url: nul, headers }, redirects);
      }
      if (route.queryParams.length > 0) {
        const query = route.queryParams.map((q) => `${q}=${unstorableInUrl.repeat(50)}`);
        await check(
          `${name} with NUL in the query`,
          { method: route.method, url: `${url}?${query.join('&')}`, headers },
          redirects,
        );
      }
    }
    expect(failures).toEqual([]);

    // Everyone else is still served.
    const other = await createUser(app);
    const created = await app.inject({
      method: 'POST',
      url: `/api/workspace/${other.workspaceId}/project`,
      headers: other.auth,
      payload: { name: 'Después' },
    });
    expect(created.statusCode).toBe(201);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect(errorLines(log)).toEqual([]);
  });
});

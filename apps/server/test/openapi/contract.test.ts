import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientTypes, SCHEMA_FILE } from '@redacta/api-client/generate';
import { openApiPlugin } from '../../src/plugins/openapi.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { example?: unknown }> };
}
interface OpenApiDocument {
  servers?: { url: string }[];
  components: {
    securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }>;
  };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject('/api/openapi.json');
  expect(answer.statusCode, answer.body).toBe(200);
  doc = answer.json();
});
afterAll(() => t.app.close());

function operations(): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

describe('the OpenAPI document', () => {
  it('names every operation once, as a camelCase verb phrase', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter(([, operation]) => !operation.operationId).map(([route]) => route)).toEqual([]);
    const ids = all.map(([, operation]) => operation.operationId!);
    expect(ids.filter((id) => !/^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(id))).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(doc.paths['/api/workspace/{id}/templates']!.get!.operationId).toBe('listWorkspaceTemplates');
    expect(doc.paths['/api/batch/{id}/start']!.post!.operationId).toBe('startBatch');
  });

  it('says how every operation is authenticated: bearer, the session cookie, or nothing', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'redacta_refresh' },
    });
    const byScheme = (wanted: string) =>
      operations()
        .filter(([, operation]) => JSON.stringify(operation.security) === wanted)
        .map(([route]) => route)
        .sort();
    expect(operations().filter(([, operation]) => !Array.isArray(operation.security))).toEqual([]);
    expect(byScheme('[]')).toEqual([
      'GET /api/auth/oauth/{provider}',
      'GET /api/auth/oauth/{provider}/callback',
      'GET /api/auth/providers',
      'GET /api/auth/sso/callback',
      'GET /api/auth/sso/start',
      'POST /api/auth/email/start',
      'POST /api/auth/login',
      'POST /api/invitation-to-workspace/preview',
      'POST /api/stripe/webhook',
    ]);
    expect(byScheme('[{"sessionCookie":[]}]')).toEqual(['GET /api/auth/refresh', 'POST /api/auth/logout']);
    expect(byScheme('[{"bearerAuth":[]}]')).toHaveLength(operations().length - 11);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('shows an example of every request body (each one its route accepted when the document was built)', () => {
    const withBody = operations().filter(([, operation]) => operation.requestBody);
    expect(withBody.length).toBeGreaterThan(40);
    const missing = withBody
      .filter(([, operation]) => operation.requestBody!.content['application/json']?.example === undefined)
      .map(([route]) => route);
    expect(missing).toEqual([]);
    expect(doc.paths['/api/auth/login']!.post!.requestBody!.content['application/json']!.example).toEqual({
      method: 'email',
      email: 'ana@example.com',
      code: '123456',
    });
  });

  it('matches the committed client types (npm run api-client:generate writes them again)', async () => {
    expect(await clientTypes(doc)).toBe(readFileSync(SCHEMA_FILE, 'utf8'));
  });
});

describe('a route body example', () => {
  async function documentOf(bodyExample: unknown) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openApiPlugin, { transform: jsonSchemaTransform });
    app.post(
      '/api/thing',
      { schema: { body: z.strictObject({ name: z.string().min(1) }), bodyExample } as object },
      async () => null,
    );
    const answer = await app.inject('/api/openapi.json');
    await app.close();
    return answer;
  }

  it('is the body example of the document', async () => {
    const answer = await documentOf({ name: 'Spring launch' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().paths['/api/thing'].post.requestBody.content['application/json']).toMatchObject({
      example: { name: 'Spring launch' },
      schema: { type: 'object', required: ['name'] },
    });
  });

  it('that its own body schema refuses fails the document', async () => {
    const answer = await documentOf({ name: '', extra: true });
    expect(answer.statusCode).toBe(500);
    expect(answer.json().message).toContain('POST /api/thing: its bodyExample is not a body it accepts');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { responseSchemas, type ResponseRoute } from '@redacta/shared/contracts/routes';
import { createTestApp, type TestApp } from '../helpers/app.ts';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject('/api/openapi.json')).json();
});
afterAll(() => t.app.close());

/** `/api/project/{id}` → `/project/:id`, the registry's spelling of a path. */
const registryPath = (openApiPath: string) => openApiPath.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');

/** Every operation of the document whose successful answer is a JSON body, with that body's schema. */
function jsonOperations(): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const success = Object.entries(operation.responses).find(
        ([status, response]) => status.startsWith('2') && response.content?.['application/json'],
      );
      if (success)
        found.set(
          `${method.toUpperCase()} ${registryPath(path)}`,
          success[1].content!['application/json']!.schema,
        );
    }
  }
  return found;
}

/** The registry's schema as the OpenAPI document would show it (same conversion as the routes'). */
function documented(route: ResponseRoute): unknown {
  const { schema } = jsonSchemaTransform({
    schema: { response: { 200: responseSchemas[route] } },
    url: route.split(' ')[1]!,
    route: {} as never,
    openapiObject: { openapi: doc.openapi },
  } as Parameters<typeof jsonSchemaTransform>[0]) as { schema: { response: Record<number, unknown> } };
  return schema.response[200];
}

describe('the shared table of response schemas', () => {
  it('lists exactly the API routes that answer a JSON body', () => {
    const operations = jsonOperations();
    expect(operations.size).toBeGreaterThan(30);
    expect(Object.keys(responseSchemas).sort()).toEqual([...operations.keys()].sort());
  });

  it('gives each route the schema the server answers with', () => {
    const operations = jsonOperations();
    const drifted = (Object.keys(responseSchemas) as ResponseRoute[]).filter(
      (route) => JSON.stringify(documented(route)) !== JSON.stringify(operations.get(route)),
    );
    expect(drifted).toEqual([]);
  });
});

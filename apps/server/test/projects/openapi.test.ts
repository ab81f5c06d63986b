import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

describe('OpenAPI for projects and folders', () => {
  it('documents every project and folder route with its schemas', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const expected: [string, string][] = [
      ['/api/workspace/{id}/project', 'post'],
      ['/api/workspace/{id}/projects', 'get'],
      ['/api/workspace/{id}/projects/no-folder', 'get'],
      ['/api/workspace/{id}/folders', 'get'],
      ['/api/project/{id}', 'get'],
      ['/api/project/{id}', 'delete'],
      ['/api/project/rename/{id}', 'patch'],
      ['/api/project/{id}/document', 'get'],
      ['/api/project/{id}/document', 'patch'],
      ['/api/project/{id}/share-to-workspace', 'patch'],
      ['/api/project/{id}/move-to-folder/{folderId}', 'patch'],
      ['/api/folder', 'post'],
      ['/api/folder/rename/{id}', 'patch'],
      ['/api/folder/{id}', 'delete'],
      ['/api/folder/{id}/projects', 'get'],
    ];
    for (const [path, method] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(operation.responses)).toContain(
        method === 'post' ? '201' : method === 'delete' ? '204' : '200',
      );
    }
    expect(doc.paths['/api/project/{id}/document'].patch.requestBody).toBeDefined();
    expect(doc.paths['/api/project/{id}/move-to-folder/{folderId}'].patch.summary).toContain('"none"');
    const listParams = doc.paths['/api/workspace/{id}/projects'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(listParams).toEqual(expect.arrayContaining(['sort', 'order', 'limit', 'cursor']));
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

describe('OpenAPI for brand voices and prompts', () => {
  it('documents every route with its schemas', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const expected: [string, string, string][] = [
      ['/api/brand-voice/workspace/{id}', 'get', '200'],
      ['/api/brand-voice/workspace/{id}', 'post', '201'],
      ['/api/brand-voice/analyze-content', 'patch', '200'],
      ['/api/brand-voice/{id}', 'patch', '200'],
      ['/api/brand-voice/{id}', 'delete', '204'],
      ['/api/prompt/by-workspace/{id}', 'get', '200'],
      ['/api/prompt/custom', 'post', '201'],
      ['/api/prompt/custom/{id}', 'patch', '200'],
      ['/api/prompt/custom/{id}', 'delete', '204'],
      ['/api/prompt/{id}/use', 'post', '204'],
    ];
    for (const [path, method, status] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(operation.responses)).toContain(status);
      expect(operation.responses['404'], `${method} ${path} 404`).toBeDefined();
      if (method !== 'get' && method !== 'delete')
        expect(operation.requestBody, `${method} ${path}`).toBeDefined();
    }
    const analyse = doc.paths['/api/brand-voice/analyze-content'].patch;
    expect(Object.keys(analyse.responses)).toEqual(expect.arrayContaining(['400', '403', '502']));
    const voice = analyse.responses['200'].content['application/json'].schema;
    expect(Object.keys(voice.properties)).toEqual(
      expect.arrayContaining(['voice', 'sampleWords', 'warning', 'wordsCharged', 'remaining']),
    );
    const library = doc.paths['/api/prompt/by-workspace/{id}'].get;
    expect(library.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['id', 'language']),
    );
    expect(doc.paths['/api/prompt/custom/{id}'].patch.responses['403']).toBeDefined();
  });
});

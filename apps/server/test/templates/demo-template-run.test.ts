import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtInTemplate, builtInTemplateId } from '../../src/modules/templates/built-ins.ts';
import { parseOutput } from '@redacta/shared';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { createProject, entries, readParts } from '../chat/chat-helpers.ts';

/*
 * A template run from the composer with no AI provider configured: the offline demo writer answers
 * it in the template's parts, within their limits, as a model told the same would.
 */

let t: TestApp;
let base: string;
let ana: TestUser;
let projectId: string;

beforeEach(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createUser(t.app);
  projectId = await createProject(t.app, ana.workspaceId, ana.id);
});
afterEach(async () => {
  t.app.server.closeAllConnections();
  await t.app.close();
});

describe('a template run answered by the demo writer', () => {
  it.each([
    [
      'es',
      'search-ad',
      { producto: 'Zapatillas Nube', palabra_clave: 'zapatillas de running' },
      'Zapatillas',
    ],
    [
      'en',
      'social-ad',
      { product: 'Cloud running shoes', audience: 'city runners', benefit: 'soft landings' },
      'Cloud',
    ],
  ] as const)(
    '%s %s: every part in its place, within its limits, about the inputs',
    async (language, key, inputs, named) => {
      const template = builtInTemplate(builtInTemplateId(language, key))!;
      const res = await fetch(`${base}/api/chat/send-request-stream`, {
        method: 'POST',
        headers: { ...ana.auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          workspaceId: ana.workspaceId,
          projectId,
          message: template.name,
          template: { id: template.id, inputs },
        }),
      });
      expect(res.status).toBe(200);
      expect((await readParts(res)).at(-1)?.part).toMatchObject({ type: 'finish' });
      const reply = (await entries(t.app, projectId)).find((entry) => entry.role === 'assistant')!;
      const parsed = parseOutput(reply.content, template.output);
      expect(parsed.flags, reply.content).toEqual([]);
      expect(parsed.problems, reply.content).toEqual([]);
      expect(reply.content).toContain(named);
    },
  );
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtInTemplate, builtInTemplateId } from '../../src/modules/templates/built-ins.ts';
import { parseOutput } from '@redacta/shared';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { entries, readParts } from '../chat/chat-helpers.ts';

/*
 * A template run from the composer with no AI provider configured: the offline demo writer answers
 * it in the template's parts, within their limits, as a model told the same would.
 */

let t: ListeningApp;

beforeEach(async () => {
  t = await listeningApp();
});
afterEach(async () => {
  await t.close();
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
      const res = await fetch(`${t.base}/api/chat/send-request-stream`, {
        method: 'POST',
        headers: { ...t.ana.auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          workspaceId: t.ana.workspaceId,
          projectId: t.projectId,
          message: template.name,
          template: { id: template.id, inputs },
        }),
      });
      expect(res.status).toBe(200);
      expect((await readParts(res)).at(-1)?.part).toMatchObject({ type: 'finish' });
      const reply = (await entries(t.app, t.projectId)).find((entry) => entry.role === 'assistant')!;
      const parsed = parseOutput(reply.content, template.output);
      expect(parsed.flags, reply.content).toEqual([]);
      expect(parsed.problems, reply.content).toEqual([]);
      expect(reply.content).toContain(named);
    },
  );
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { createLoggedTestApp, errorLines, type LogLine } from './logged-app.ts';

let app: App;
let log: LogLine[];
beforeEach(async () => {
  ({ app, log } = await createLoggedTestApp());
});
afterEach(() => app.close());

interface TextCase {
  route: string;
  method: 'POST' | 'PATCH';
  url: string;
  /** A valid body; `field` gets the bad character appended. */
  body: Record<string, unknown>;
  field: string;
}

/** Everything the cases need: a user with a project, a folder, a brand voice, a custom prompt and a template. */
async function fixtures(ana: TestUser) {
  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url, headers: ana.auth, payload });
    expect(res.statusCode, url).toBeLessThan(300);
    return res.json().id as string;
  };
  const ws = ana.workspaceId;
  return {
    projectId: await post(`/api/workspace/${ws}/project`, { name: 'Plan' }),
    folderId: await post('/api/folder', { workspaceId: ws, name: 'Carpeta' }),
    voiceId: await post(`/api/brand-voice/workspace/${ws}`, { name: 'Voz', voice: 'Cercana' }),
    promptId: await post('/api/prompt/custom', { workspaceId: ws, language: 'es', name: 'P', text: 'T' }),
    templateId: await post(`/api/workspace/${ws}/templates`, templateBody),
  };
}

const templateBody = {
  name: 'P',
  description: 'D',
  language: 'es',
  prompt: 'Escribe sobre {{tema}}',
  fields: [{ key: 'tema', label: 'Tema', type: 'text', required: true }],
};

function textCases(ana: TestUser, ids: Awaited<ReturnType<typeof fixtures>>): TextCase[] {
  const ws = ana.workspaceId;
  const chat = { workspaceId: ws, projectId: ids.projectId };
  return [
    {
      route: 'create project',
      method: 'POST',
      url: `/api/workspace/${ws}/project`,
      body: { name: 'Plan' },
      field: 'name',
    },
    {
      route: 'rename project',
      method: 'PATCH',
      url: `/api/project/rename/${ids.projectId}`,
      body: { name: 'Plan' },
      field: 'name',
    },
    {
      route: 'create folder',
      method: 'POST',
      url: '/api/folder',
      body: { workspaceId: ws, name: 'Otra' },
      field: 'name',
    },
    {
      route: 'rename folder',
      method: 'PATCH',
      url: `/api/folder/rename/${ids.folderId}`,
      body: { name: 'Otra' },
      field: 'name',
    },
    {
      route: 'chat send',
      method: 'POST',
      url: '/api/chat/send-request-stream',
      body: { ...chat, message: 'Hola' },
      field: 'message',
    },
    {
      route: 'improve',
      method: 'POST',
      url: '/api/chat/improve',
      body: { workspaceId: ws, text: 'Hola' },
      field: 'text',
    },
    {
      route: 'generate',
      method: 'POST',
      url: `/api/workspace/${ws}/generate`,
      body: { prompt: 'Hola' },
      field: 'prompt',
    },
    {
      route: 'create brand voice (name)',
      method: 'POST',
      url: `/api/brand-voice/workspace/${ws}`,
      body: { name: 'Voz', voice: 'x' },
      field: 'name',
    },
    {
      route: 'create brand voice (voice)',
      method: 'POST',
      url: `/api/brand-voice/workspace/${ws}`,
      body: { name: 'Voz', voice: 'x' },
      field: 'voice',
    },
    {
      route: 'update brand voice (name)',
      method: 'PATCH',
      url: `/api/brand-voice/${ids.voiceId}`,
      body: { name: 'Voz' },
      field: 'name',
    },
    {
      route: 'update brand voice (voice)',
      method: 'PATCH',
      url: `/api/brand-voice/${ids.voiceId}`,
      body: { voice: 'x' },
      field: 'voice',
    },
    {
      route: 'analyze content',
      method: 'PATCH',
      url: '/api/brand-voice/analyze-content',
      body: { workspaceId: ws, text: 'Texto' },
      field: 'text',
    },
    {
      route: 'create prompt (name)',
      method: 'POST',
      url: '/api/prompt/custom',
      body: { workspaceId: ws, language: 'es', name: 'P', text: 'T' },
      field: 'name',
    },
    {
      route: 'create prompt (text)',
      method: 'POST',
      url: '/api/prompt/custom',
      body: { workspaceId: ws, language: 'es', name: 'P', text: 'T' },
      field: 'text',
    },
    {
      route: 'update prompt (name)',
      method: 'PATCH',
      url: `/api/prompt/custom/${ids.promptId}`,
      body: { name: 'P', text: 'T' },
      field: 'name',
    },
    {
      route: 'update prompt (text)',
      method: 'PATCH',
      url: `/api/prompt/custom/${ids.promptId}`,
      body: { name: 'P', text: 'T' },
      field: 'text',
    },
    ...(['name', 'description', 'prompt'] as const).map((field) => ({
      route: `create template (${field})`,
      method: 'POST' as const,
      url: `/api/workspace/${ws}/templates`,
      body: templateBody,
      field,
    })),
    {
      route: 'update template (prompt)',
      method: 'PATCH',
      url: `/api/template/${ids.templateId}`,
      body: { prompt: 'Escribe sobre {{tema}}' },
      field: 'prompt',
    },
    {
      route: 'change first name',
      method: 'PATCH',
      url: '/api/user/change-name',
      body: { firstName: 'Ana', lastName: 'Gil' },
      field: 'firstName',
    },
    {
      route: 'change last name',
      method: 'PATCH',
      url: '/api/user/change-name',
      body: { firstName: 'Ana', lastName: 'Gil' },
      field: 'lastName',
    },
    {
      route: 'change e-mail',
      method: 'PATCH',
      url: '/api/user/change-email',
      body: { email: 'nueva@example.com' },
      field: 'email',
    },
    {
      route: 'rename workspace',
      method: 'PATCH',
      url: `/api/workspace/rename/${ws}`,
      body: { name: 'Equipo' },
      field: 'name',
    },
    {
      route: 'e-mail sign-in',
      method: 'POST',
      url: '/api/auth/email/start',
      body: { email: 'a@example.com' },
      field: 'email',
    },
    {
      route: 'login',
      method: 'POST',
      url: '/api/auth/login',
      body: { method: 'email', email: 'a@example.com', code: '123456' },
      field: 'email',
    },
  ];
}

describe('text that cannot be stored', () => {
  it('gets 400 on the field, on every route that takes free text, never a 500', async () => {
    const ana = await createUser(app);
    const cases = textCases(ana, await fixtures(ana));
    for (const bad of ['\u0000', '\ud83d']) {
      for (const { route, method, url, body, field } of cases) {
        const payload = { ...body, [field]: `${String(body[field])}${bad}más` };
        const res = await app.inject({ method, url, headers: ana.auth, payload });
        const label = `${route} with ${JSON.stringify(bad)}`;
        expect(res.statusCode, label).toBe(400);
        expect(res.json().error, label).toMatchObject({
          code: 'VALIDATION_FAILED',
          issues: [{ path: field, message: 'The text contains a character that cannot be stored' }],
        });
      }
    }
    expect(errorLines(log)).toEqual([]);
  });

  it('gets 400 in a document text, an attribute or a node type', async () => {
    const ana = await createUser(app);
    const { projectId } = await fixtures(ana);
    const paragraph = (node: Record<string, unknown>) => ({
      content: { type: 'doc', content: [{ type: 'paragraph', content: [node] }] },
      updatedAt: new Date().toISOString(),
    });
    const link = (href: string) => ({ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href } }] });
    for (const [payload, path] of [
      [paragraph({ type: 'text', text: 'a\u0000b' }), 'content.content.0.content.0.text'],
      [paragraph({ type: 'text', text: 'a\udc00b' }), 'content.content.0.content.0.text'],
      [paragraph(link('https://a.b/\u0000')), 'content.content.0.content.0.marks.0.attrs.href'],
      [paragraph({ type: 'te\u0000xt', text: 'a' }), 'content.content.0.content.0.type'],
    ] as const) {
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/project/${projectId}/document`,
        headers: ana.auth,
        payload,
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.issues, path).toEqual([{ path, message: expect.any(String) }]);
    }
    expect(errorLines(log)).toEqual([]);
  });
});

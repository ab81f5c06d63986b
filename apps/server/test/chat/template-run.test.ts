import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderTemplatePrompt, type ConversationPage, type TemplateOutput } from '@redacta/shared';
import { builtInTemplate, builtInTemplateId } from '../../src/modules/templates/built-ins.ts';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, entries, readParts } from './chat-helpers.ts';
import { follow } from './live-helpers.ts';

let peer: OpenAIPeer;
let t: ListeningApp;

beforeEach(async () => {
  peer = await startOpenAIPeer({ chunks: ['### title\n', 'Zapatillas Nube'] });
  t = await listeningApp(peerAppEnv(peer));
});
afterEach(async () => {
  await t.close();
  await peer.close();
});

function send(body: Record<string, unknown>, user = t.ana) {
  return fetch(`${t.base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      workspaceId: user.workspaceId,
      projectId: t.projectId,
      message: 'Ficha de producto',
      ...body,
    }),
  });
}

const productSheet = builtInTemplate(builtInTemplateId('es', 'product-description'))!;
const inputs = {
  producto: 'Zapatillas Nube',
  caracteristicas: 'Suela de espuma reciclada, 220 g, tallas 36 a 46.',
  publico: 'corredores urbanos',
};

describe('a template run from the composer', () => {
  it('saves the template’s prompt with the inputs as the message and asks for the template’s parts', async () => {
    const res = await send({ template: { id: productSheet.id, inputs } });
    expect(res.status).toBe(200);
    const parts = (await readParts(res)).map((p) => p.part);
    expect(parts.at(-1)).toMatchObject({ type: 'finish' });

    const rendered = renderTemplatePrompt(productSheet.prompt, inputs);
    expect(rendered).toContain('Escribe la ficha de producto de Zapatillas Nube');
    const saved = await entries(t.app, t.projectId);
    expect(saved.map((e) => [e.role, e.content])).toEqual([
      ['user', rendered.trim()],
      ['assistant', '### title\nZapatillas Nube'],
    ]);

    // The model reads the request and, after it, the parts it is written in with their limits.
    const sent = peer.requests[0]!.body.messages.at(-1)!;
    expect(sent.role).toBe('user');
    const text = String(sent.content);
    expect(text.startsWith(`${rendered.trim()}\n\n`)).toBe(true);
    expect(text).toContain('### title\nTítulo: como máximo 70 caracteres.');
    expect(text).toContain('### description\nDescripción: como máximo 1000 caracteres.');
    expect(text).toContain(
      '### bullets\nVentajas: exactamente 5 elementos, uno por línea empezando por "- ", cada uno de 150 caracteres como máximo.',
    );
  });

  it('runs the workspace’s own template, without parts, as a plain request', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${t.ana.workspaceId}/templates`,
      headers: t.ana.auth,
      payload: {
        id: randomUUID(),
        name: 'Asunto de e-mail',
        language: 'es',
        prompt: 'Escribe tres asuntos de e-mail para {{campana}}.',
        fields: [{ key: 'campana', label: 'Campaña', type: 'text', required: true }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await send({ template: { id: created.json().id, inputs: { campana: 'rebajas de enero' } } });
    expect(res.status).toBe(200);
    await readParts(res);
    const sent = peer.requests[0]!.body.messages.at(-1)!;
    expect(sent.content).toBe('Escribe tres asuntos de e-mail para rebajas de enero.');
  });

  it('refuses inputs that do not suit their fields with 400 naming each field, saving and calling nothing', async () => {
    const res = await send({
      template: { id: productSheet.id, inputs: { producto: 'Zapatillas Nube', tono: 'Gritón' } },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues).toEqual([
      { path: 'template.inputs.caracteristicas', message: 'Required' },
      { path: 'template.inputs.tono', message: 'Not one of the options' },
    ]);
    expect(await entries(t.app, t.projectId)).toEqual([]);
    expect(peer.requests).toHaveLength(0);
  });

  it('is 404 for another workspace’s template or one that does not exist, and for a workspace not the user’s', async () => {
    const bob = await createUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${bob.workspaceId}/templates`,
      headers: bob.auth,
      payload: {
        id: randomUUID(),
        name: 'Privada',
        language: 'es',
        prompt: 'Un post sobre {{tema}}.',
        fields: [{ key: 'tema', label: 'Tema', type: 'text', required: true }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const foreign = await send({ template: { id: created.json().id, inputs: { tema: 'x' } } });
    expect(foreign.status).toBe(404);
    const absent = await send({ template: { id: randomUUID(), inputs: {} } });
    expect(absent.status).toBe(404);
    // Naming a workspace not his, Bob is refused before his (missing) inputs are looked at.
    const intruder = await send(
      { workspaceId: t.ana.workspaceId, template: { id: productSheet.id, inputs: {} } },
      bob,
    );
    expect(intruder.status).toBe(404);
    expect(await entries(t.app, t.projectId)).toEqual([]);
    expect(peer.requests).toHaveLength(0);
  });
});

describe('a template run’s reply keeps its template', () => {
  const parts: TemplateOutput = {
    parts: [
      { key: 'asunto', label: 'Asunto', maxChars: 60 },
      { key: 'ideas', label: 'Ideas', items: 2, maxChars: 80 },
    ],
  };
  const partsAskedFor = [
    '### asunto\nAsunto: como máximo 60 caracteres.',
    '### ideas\nIdeas: exactamente 2 elementos, uno por línea empezando por "- ", cada uno de 80 caracteres como máximo.',
  ];

  async function createTemplate(user: TestUser) {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${user.workspaceId}/templates`,
      headers: user.auth,
      payload: {
        id: randomUUID(),
        name: 'Campaña de e-mail',
        language: 'es',
        prompt: 'Escribe un e-mail para {{campana}}.',
        fields: [{ key: 'campana', label: 'Campaña', type: 'text', required: true }],
        output: parts,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  }

  async function page(user: TestUser) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/project/${t.projectId}/conversation`,
      headers: user.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ConversationPage;
  }

  async function teammate() {
    const ben = await createUser(t.app, { firstName: 'Ben', lastName: 'Ortiz' });
    await addMember(t.app, t.ana.workspaceId, ben.id);
    t.projectId = await createProject(t.app, t.ana.workspaceId, t.ana.id, true);
    return ben;
  }

  it('shows a teammate the template and its parts as they were, after the template is edited and deleted', async () => {
    const ben = await teammate();
    const templateId = await createTemplate(t.ana);
    await readParts(await send({ template: { id: templateId, inputs: { campana: 'rebajas' } } }));

    const ran = { id: templateId, name: 'Campaña de e-mail', output: parts };
    const [request, reply] = (await page(ben)).entries;
    expect(request).toMatchObject({ role: 'user', template: ran });
    expect(reply!.role).toBe('assistant');
    expect(reply).not.toHaveProperty('template');

    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/template/${templateId}`,
      headers: t.ana.auth,
      payload: { name: 'Otra cosa', output: { parts: [{ key: 'cuerpo', label: 'Cuerpo' }] } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await page(ben)).entries[0]!.template).toEqual(ran);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/template/${templateId}`,
      headers: t.ana.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await page(ben)).entries[0]!.template).toEqual(ran);
    expect((await page(t.ana)).entries[0]!.template).toEqual(ran);
  });

  it('shows no template on a typed request', async () => {
    await readParts(await send({}));
    const [request] = (await page(t.ana)).entries;
    expect(request!.role).toBe('user');
    expect(request).not.toHaveProperty('template');
  });

  it('asks the model for the same parts when its reply is regenerated, after the template is deleted', async () => {
    const templateId = await createTemplate(t.ana);
    await readParts(await send({ template: { id: templateId, inputs: { campana: 'rebajas' } } }));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/template/${templateId}`,
      headers: t.ana.auth,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const replyId = (await page(t.ana)).entries[1]!.id;
    const res = await send({ message: undefined, regenerate: { entryId: replyId } });
    expect(res.status).toBe(200);
    expect((await readParts(res)).at(-1)!.part).toMatchObject({ type: 'finish' });

    expect(peer.requests).toHaveLength(2);
    const [first, again] = peer.requests.map((request) => String(request.body.messages.at(-1)!.content));
    expect(again).toBe(first);
    expect(again!.startsWith('Escribe un e-mail para rebajas.\n\n')).toBe(true);
    for (const asked of partsAskedFor) expect(again).toContain(asked);
    // The new version answers the same request: the entry keeps its template.
    const [request, reply] = (await page(t.ana)).entries;
    expect(request!.template?.output).toEqual(parts);
    expect(reply!.versions).toHaveLength(2);
  });

  it('regenerates a typed request’s reply without any parts', async () => {
    await readParts(await send({}));
    const replyId = (await page(t.ana)).entries[1]!.id;
    await readParts(await send({ message: undefined, regenerate: { entryId: replyId } }));
    expect(String(peer.requests[1]!.body.messages.at(-1)!.content)).toBe('Ficha de producto');
  });

  it('names the template and its parts to a teammate following the conversation live', async () => {
    const ben = await teammate();
    const templateId = await createTemplate(t.ana);
    const following = await follow(t.base, ben, t.projectId);
    try {
      await following.until((part) => part.type === 'replies');
      await readParts(await send({ template: { id: templateId, inputs: { campana: 'rebajas' } } }));
      const request = await following.until((part) => part.type === 'request');
      expect(request).toMatchObject({
        type: 'request',
        reply: {
          message: 'Escribe un e-mail para rebajas.',
          template: { id: templateId, name: 'Campaña de e-mail', output: parts },
        },
      });
    } finally {
      following.leave();
    }
  });
});

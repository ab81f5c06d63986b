import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderTemplatePrompt } from '@redacta/shared';
import { builtInTemplate, builtInTemplateId } from '../../src/modules/templates/built-ins.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { createProject, entries, readParts } from './chat-helpers.ts';

let peer: OpenAIPeer;
let t: TestApp;
let base: string;
let ana: TestUser;
let projectId: string;

beforeEach(async () => {
  peer = await startOpenAIPeer({ chunks: ['### title\n', 'Zapatillas Nube'] });
  t = await createTestApp(peerAppEnv(peer));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createUser(t.app);
  projectId = await createProject(t.app, ana.workspaceId, ana.id);
});
afterEach(async () => {
  t.app.server.closeAllConnections();
  await t.app.close();
  await peer.close();
});

function send(body: Record<string, unknown>, user = ana) {
  return fetch(`${base}/api/chat/send-request-stream`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ workspaceId: user.workspaceId, projectId, message: 'Ficha de producto', ...body }),
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
    const saved = await entries(t.app, projectId);
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
      url: `/api/workspace/${ana.workspaceId}/templates`,
      headers: ana.auth,
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
    expect(await entries(t.app, projectId)).toEqual([]);
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
      { workspaceId: ana.workspaceId, template: { id: productSheet.id, inputs: {} } },
      bob,
    );
    expect(intruder.status).toBe(404);
    expect(await entries(t.app, projectId)).toEqual([]);
    expect(peer.requests).toHaveLength(0);
  });
});

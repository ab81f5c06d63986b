import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { createTestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';

const client = path.join(path.dirname(fileURLToPath(import.meta.url)), '../helpers/wire-client.mjs');
const MB = 1024 * 1024;

let app: App;
let user: TestUser;
let base: string;
let brandVoiceId: string;
let promptId: string;

beforeAll(async () => {
  ({ app } = await createTestApp());
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
  user = await createUser(app);
  const created = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers: user.auth, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return (response.json() as { id: string }).id;
  };
  brandVoiceId = await created(`/api/brand-voice/workspace/${user.workspaceId}`, {
    name: 'Cercana',
    voice: 'Tuteo, frases cortas.',
  });
  promptId = await created('/api/prompt/custom', {
    workspaceId: user.workspaceId,
    language: 'es',
    name: 'Anuncio',
    text: 'Escribe un anuncio',
  });
});
afterAll(() => app.close());

/** Sends `body` (its `{{REPEAT}}` made `repeat` x's) from a process of its own; the answers in order. */
async function sendFromAnotherProcess(options: {
  path: string;
  method: string;
  body: string;
  repeat: number;
  times: number;
  chunk: number;
  chunked?: boolean;
  newConnections?: boolean;
}): Promise<{ status?: number; code?: string; error?: string }[]> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    client,
    JSON.stringify({
      url: `${base}${options.path}`,
      method: options.method,
      headers: { authorization: user.auth.authorization, 'content-type': 'application/json' },
      bodyBase64: Buffer.from(options.body).toString('base64'),
      bodyRepeat: options.repeat,
      times: options.times,
      chunk: options.chunk,
      chunked: options.chunked ?? false,
      newConnections: options.newConnections ?? false,
    }),
  ]);
  return JSON.parse(stdout);
}

describe('a body over the limit', () => {
  it.each([
    ['in 1 MB writes', 1 * MB, false, false],
    ['in 64 kB writes', 64 * 1024, false, false],
    ['chunked, in 64 kB writes', 64 * 1024, true, false],
    ['in 1 MB writes, a new connection each time', 1 * MB, false, true],
    ['chunked, in 64 kB writes, a new connection each time', 64 * 1024, true, true],
  ])(
    'gets 413 BODY_TOO_LARGE every time, never a broken connection, %s',
    async (_how, chunk, chunked, newConnections) => {
      const answers = await sendFromAnotherProcess({
        path: '/user/change-name',
        method: 'PATCH',
        body: '{"firstName":"{{REPEAT}}","lastName":"Pérez"}',
        repeat: 3 * MB,
        times: 20,
        chunk,
        chunked,
        newConnections,
      });
      expect(answers).toEqual(Array(20).fill({ status: 413, code: 'BODY_TOO_LARGE' }));
    },
  );
});

describe('a 1 MB string in a free-text field', () => {
  it.each([
    ['PATCH', '/user/change-name', '{"firstName":"{{REPEAT}}","lastName":"Pérez"}'],
    ['POST', '/brand-voice/workspace/{workspace}', '{"name":"Cálida","voice":"{{REPEAT}}"}'],
    ['PATCH', '/brand-voice/{brandVoice}', '{"voice":"{{REPEAT}}"}'],
    [
      'POST',
      '/prompt/custom',
      '{"workspaceId":"{workspace}","language":"es","name":"A","text":"{{REPEAT}}"}',
    ],
    ['PATCH', '/prompt/custom/{prompt}', '{"name":"{{REPEAT}}","text":"Escribe"}'],
  ])('%s %s gets 400 or 413 at once', async (method, route, body) => {
    const fill = (text: string) =>
      text
        .replaceAll('{workspace}', user.workspaceId)
        .replace('{brandVoice}', brandVoiceId)
        .replace('{prompt}', promptId);
    const answers = await sendFromAnotherProcess({
      path: fill(route),
      method,
      body: fill(body),
      repeat: MB,
      times: 3,
      chunk: 64 * 1024,
    });
    for (const answer of answers) expect([400, 413]).toContain(answer.status);
  });
});

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { fillCsv, parseCsv, toCsv } from '@redacta/api-client/examples/fill-csv';
import { builtInTemplateId } from '../../src/modules/templates/built-ins.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { wordCount } from '../chat/chat-helpers.ts';

let t: TestApp;
let peer: OpenAIPeer;
let baseUrl: string;
let ana: TestUser;
let dir: string;

beforeEach(async () => {
  // The model names the product it was asked about, so each row's copy is its own.
  peer = await startOpenAIPeer({
    pieces: async function* (body) {
      const content = body.messages.at(-1)!.content;
      const asked =
        typeof content === 'string'
          ? content
          : (content as { text?: string }[]).map((part) => part.text).join('');
      yield `Meet the ${/copy for (.+?) in our online store/.exec(asked)?.[1] ?? '?'}.`;
    },
  });
  t = await createTestApp(peerAppEnv(peer));
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await createUser(t.app, { locale: 'en' });
  dir = await mkdtemp(path.join(tmpdir(), 'fill-csv-'));
});
afterEach(async () => {
  t.app.server.closeAllConnections();
  await t.app.close();
  await peer.close();
  await rm(dir, { recursive: true, force: true });
});

it('docs/api.md’s example fills a CSV’s rows through the typed client, and a second run is charged nothing', async () => {
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/workspace/${ana.workspaceId}/api-keys`,
    headers: ana.auth,
    payload: { name: 'Catalogue sync', scopes: ['generate'] },
  });
  const { key } = created.json<{ key: string }>();
  const input = path.join(dir, 'products.csv');
  const output = path.join(dir, 'products-with-copy.csv');
  await writeFile(
    input,
    toCsv([
      ['product', 'features'],
      ['Leather boots', 'Hand-stitched, waterproof'],
      ['Wool "Alpine" socks', 'Merino\nmade in Spain'],
    ]),
  );
  const options = {
    baseUrl,
    apiKey: key,
    workspaceId: ana.workspaceId,
    templateId: builtInTemplateId('en', 'product-description'),
    input,
    output,
  };

  const done = await fillCsv(options);
  expect(done).toEqual({ rows: 2, words: 9 });
  expect(parseCsv(await readFile(output, 'utf8'))).toEqual([
    ['product', 'features', 'copy'],
    ['Leather boots', 'Hand-stitched, waterproof', 'Meet the Leather boots.'],
    ['Wool "Alpine" socks', 'Merino\nmade in Spain', 'Meet the Wool "Alpine" socks.'],
  ]);
  expect(peer.requests).toHaveLength(2);
  expect(await wordCount(t.app, ana.workspaceId)).toBe(9);

  // The same file again: every row's Idempotency-Key is the same, so its first answer comes back.
  await rm(output);
  expect(await fillCsv(options)).toEqual(done);
  expect(peer.requests).toHaveLength(2);
  expect(await wordCount(t.app, ana.workspaceId)).toBe(9);
  expect(parseCsv(await readFile(output, 'utf8'))[2]![2]).toBe('Meet the Wool "Alpine" socks.');
});

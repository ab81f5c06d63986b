import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { knowledgePassages, knowledgeSources } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/factories.ts';
import { listSources, processed, search, uploadFile } from './knowledge-helpers.ts';

const DIMENSIONS = 32;

/** A bag of words hashed into a vector: texts sharing words point the same way. */
function embed(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    vector[hash % DIMENSIONS]! += 1;
  }
  return vector;
}

/** A local OpenAI-compatible /v1/embeddings server that records what it was asked to embed. */
let server: Server;
let url: string;
const asked: { model: string; input: string[] }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; input: string[] };
      asked.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          object: 'list',
          model: body.model,
          data: body.input.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) })),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let t: TestApp;
afterEach(async () => {
  await t.app.close();
  asked.length = 0;
});

const notes = [
  'Las entregas en Madrid llegan al día siguiente.',
  '',
  'The Nubia warranty covers batteries for three years.',
].join('\n');

describe('knowledge with an embedding provider', () => {
  it('embeds passages and questions, fuses both rankings, and re-embeds sources of another model', async () => {
    t = await createTestApp({ KNOWLEDGE_EMBEDDING_URL: url, KNOWLEDGE_EMBEDDING_MODEL: 'hash-32' });
    const ana = await createUser(t.app);
    const upload = await uploadFile(t.app, ana, {
      name: 'notas.txt',
      type: 'text/plain',
      bytes: Buffer.from(notes),
    });
    const source = await processed(t.app, ana, upload.json().id);
    expect(source.status).toBe('ready');
    expect(asked[0]).toEqual({ model: 'hash-32', input: [expect.stringContaining('Madrid')] });
    const [stored] = await t.app.db
      .select({ embedding: knowledgePassages.embedding })
      .from(knowledgePassages)
      .where(eq(knowledgePassages.knowledgeId, source.id));
    expect(stored!.embedding).toHaveLength(DIMENSIONS);

    const results = (await search(t.app, ana, 'battery warranty')).json().results;
    expect(asked.at(-1)).toEqual({ model: 'hash-32', input: ['battery warranty'] });
    // Reciprocal rank fusion: first in both rankings, 1/61 from each.
    expect(results[0].score).toBeCloseTo(2 / 61, 6);

    await t.app.db
      .update(knowledgeSources)
      .set({ embeddingModel: 'older-model' })
      .where(eq(knowledgeSources.id, source.id));
    expect((await listSources(t.app, ana)).reindexing).toBe(true);
    asked.length = 0;
    await t.app.knowledge.resume();
    await t.app.knowledge.whenIdle();
    expect(asked).toHaveLength(1);
    expect((await listSources(t.app, ana)).reindexing).toBe(false);
  });
});

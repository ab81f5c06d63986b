import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_PARSE_MEMORY_MB } from '../../src/modules/knowledge/parse/parse-thread.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { processed, uploadFile } from './knowledge-helpers.ts';
import { buildDocxBomb, withDeclaredSize } from './docx-bomb.ts';

const MB = 1024 * 1024;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let t: TestApp;
/** A DOCX whose 300 MB document.xml deflates to about 300 kB. */
let bomb: Buffer;
beforeAll(async () => {
  bomb = await buildDocxBomb(300 * MB);
}, 60_000);
afterEach(async () => {
  t.app.server.closeAllConnections();
  await t.app.close();
});

interface Cost {
  /** How far the process's resident memory rose above where it was when the uploads began. */
  rssGrowthMb: number;
  /** The slowest of the bystander's requests but one in a hundred, in milliseconds. */
  bystanderP99Ms: number;
  bystanderRequests: number;
}

/**
 * Uploads the files at once (the processor runs two at a time) and measures, until their processing
 * is over, the process's memory every 5 ms and another person's knowledge list, asked for over HTTP
 * again and again.
 */
async function uploadTogether(ana: TestUser, files: Buffer[]): Promise<{ ids: string[]; cost: Cost }> {
  const base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  const bea = await createUser(t.app);
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const latencies: number[] = [];
  let done = false;
  const bystander = (async () => {
    while (!done) {
      const asked = performance.now();
      const res = await fetch(new URL(`/api/workspace/${bea.workspaceId}/knowledge`, base), {
        headers: bea.auth,
      });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      latencies.push(performance.now() - asked);
      await sleep(10);
    }
  })();
  const uploads = await Promise.all(
    files.map((bytes, i) => uploadFile(t.app, ana, { name: `informe-${i}.docx`, type: DOCX, bytes })),
  );
  for (const res of uploads) expect(res.statusCode, res.body).toBe(201);
  await t.app.knowledge.whenIdle();
  done = true;
  await bystander;
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  return {
    ids: uploads.map((res) => res.json().id as string),
    cost: {
      rssGrowthMb: (peak - start) / MB,
      bystanderP99Ms: latencies[Math.ceil(latencies.length * 0.99) - 1]!,
      bystanderRequests: latencies.length,
    },
  };
}

/**
 * Two bombs are refused before they unpack (or as soon as they unpack past what they declared), each
 * in a parse thread of its own: together they cost less than the budget of one parse.
 */
function expectBoundedCost(cost: Cost) {
  expect(cost.rssGrowthMb).toBeLessThan(KNOWLEDGE_PARSE_MEMORY_MB);
  expect(cost.bystanderRequests).toBeGreaterThan(5);
  expect(cost.bystanderP99Ms).toBeLessThan(1000);
}

describe('DOCX zip bombs', () => {
  it('fail UNREADABLE, two at once, at a bounded cost and with other people still served', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    const { ids, cost } = await uploadTogether(ana, [bomb, bomb]);
    for (const id of ids) {
      expect(await processed(t.app, ana, id)).toMatchObject({
        status: 'failed',
        failureReason: 'UNREADABLE',
      });
    }
    expectBoundedCost(cost);
  });

  it('fail UNREADABLE when their zip understates what they unpack to, at the same cost', async () => {
    t = await createTestApp();
    const ana = await createUser(t.app);
    const liar = withDeclaredSize(bomb, 'word/document.xml', 4 * MB);
    const { ids, cost } = await uploadTogether(ana, [liar, liar]);
    for (const id of ids) {
      expect(await processed(t.app, ana, id)).toMatchObject({
        status: 'failed',
        failureReason: 'UNREADABLE',
      });
    }
    expectBoundedCost(cost);
  });
});

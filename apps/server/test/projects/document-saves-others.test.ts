import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES } from '@redacta/shared';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import { insertProject } from '../helpers/project-factories.ts';

/*
 * Big document saves must not hold everybody else up: while several people save a 1 MB document at
 * once (and one of them fires many saves), another person's requests wait at most about as long as
 * one such save takes alone, not for all of them. Timings are compared with each other, all taken
 * here on the same machine, never with a fixed number of milliseconds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

/** Plain paragraphs of text that does not compress, just under the size limit as JSON. */
function bigDocumentBody(): string {
  const count = Math.floor((DOCUMENT_MAX_BYTES - 2000) / 2060);
  const content = Array.from({ length: count }, () => ({
    type: 'paragraph',
    content: [{ type: 'text', text: randomBytes(1500).toString('base64') }],
  }));
  // Based on a time after any change: every save replaces the document, none is refused as stale.
  return JSON.stringify({ content: { type: 'doc', content }, updatedAt: '2100-01-01T00:00:00.000Z' });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

it("keeps another user's requests within one big save's time while many are saved at once", async () => {
  const body = bigDocumentBody();
  const reader = await createUser(t.app);
  const savers = await Promise.all(Array.from({ length: 14 }, () => createUser(t.app)));
  const projectOf = new Map<TestUser, string>();
  for (const saver of savers) projectOf.set(saver, (await insertProject(t.app, saver)).id);
  const save = (saver: TestUser) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/project/${projectOf.get(saver)}/document`,
      headers: { ...saver.auth, 'content-type': 'application/json' },
      payload: body,
    });
  const timed = async (send: () => Promise<{ statusCode: number }>) => {
    const started = performance.now();
    const res = await send();
    return { status: res.statusCode, ms: performance.now() - started };
  };
  const list = () => t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: reader.auth });

  // Unmeasured: the first save and lists compile and warm up their code.
  expect((await save(savers[0]!)).statusCode).toBe(200);
  for (let i = 0; i < 5; i++) await list();

  // One big save alone, and the other user's requests alone, measured before and after the storm
  // below: the larger of each is what it is compared with, so that other work on the machine that
  // comes or goes meanwhile (other test files) weighs on both sides alike.
  const alone: number[] = [];
  const quiet: number[] = [];
  const measureAlone = async (fresh: TestUser[]) => {
    const saves: number[] = [];
    for (const saver of fresh) {
      const { status, ms } = await timed(() => save(saver));
      expect(status).toBe(200);
      saves.push(ms);
    }
    alone.push(median(saves));
    const lists: number[] = [];
    for (let i = 0; i < 10; i++) lists.push((await timed(list)).ms);
    quiet.push(Math.max(...lists));
  };
  await measureAlone(savers.slice(1, 4));

  // Everyone at once: seven people save once each, and one fires eight saves.
  let saving = true;
  const saves = Promise.all([
    ...savers.slice(4, 11).map((saver) => timed(() => save(saver))),
    ...Array.from({ length: 8 }, () => timed(() => save(savers[0]!))),
  ]).finally(() => (saving = false));
  const during: number[] = [];
  while (saving) {
    const { status, ms } = await timed(list);
    expect(status).toBe(200);
    during.push(ms);
  }
  const answered = await saves;
  const statuses = answered.map((save) => save.status);
  // Every save is either stored or refused as too many at once, never failed.
  expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
  expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(8);

  await measureAlone(savers.slice(11, 14));
  const oneSave = Math.max(...alone);
  // The second slowest: one list may meet a pause of the whole machine (another test file's work on a
  // shared CI machine stalled one by 3.6 s once); a list that waits behind the queue of saves is not alone.
  const slowest = [...during].sort((a, b) => b - a)[1] ?? 0;
  const figures = {
    oneSaveMs: Math.round(oneSave),
    aloneMs: alone.map(Math.round).join(' '),
    quietMaxMs: Math.round(Math.max(...quiet)),
    duringMaxMs: Math.round(Math.max(...during)),
    duringSecondMs: Math.round(slowest),
    duringMedianMs: Math.round(median(during)),
    lists: during.length,
    saves: statuses.join(' '),
  };
  // The other user's requests waited for about one save, not for the nine sent at
  // once: each of its few queries may find a step of a save before it, never the whole queue (with
  // all of them handled at once it waited for 4 to 9 times as long as one save).
  expect(slowest, JSON.stringify(figures)).toBeLessThanOrEqual(3 * oneSave + Math.max(...quiet));
}, 60_000);

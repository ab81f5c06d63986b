import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { countWords, usagePeriod } from '@redacta/shared';
import { usageCharges, wordReservations } from '../../src/db/schema.ts';
import { noticeBudget } from '../../src/modules/budgets/notices.ts';
import { STREAM_CAPS } from '../../src/modules/usage/reservations.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer, type PeerScript } from '../helpers/openai-peer.ts';
import { createProject, eventually, readParts } from '../chat/chat-helpers.ts';
import { partsOf, postTransform } from '../document-transform/transform-client.ts';
import {
  batchAction,
  createTemplate,
  createdBatch,
  productsCsv,
  readBatch,
  readRows,
  waitForBatch,
} from '../batches/batch-helpers.ts';

/*
 * A member's monthly budget is reserved against with the plan's allowance (docs/product.md, "Usage
 * per member and budgets"), on every plan: here on Pro, which reserves no words for anyone else, with
 * a provider that ignores max_tokens and always answers 300 words.
 */

const REPLY_WORDS = 300;
const verbose = (words = REPLY_WORDS, delayMs = 2): PeerScript => ({
  chunks: Array.from({ length: words / 10 }, (_, i) =>
    Array.from({ length: 10 }, (_, j) => ` palabra${i * 10 + j}`).join(''),
  ),
  delayMs,
});

let peer: OpenAIPeer;
let t: TestApp;
let base: string;
let owner: TestUser;
let bea: TestUser;
let projectId: string;

beforeEach(async () => {
  peer = await startOpenAIPeer(verbose());
  t = await createTestApp(peerAppEnv(peer, { AI_IDLE_TIMEOUT_MS: '20000' }));
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createUser(t.app);
  bea = await createUser(t.app, {
    firstName: 'Bea',
    email: `bea-${crypto.randomUUID().slice(0, 6)}@example.com`,
  });
  await addMember(t.app, owner.workspaceId, bea.id);
  await setPlan(t.app, owner.workspaceId, 'pro_monthly');
  projectId = await createProject(t.app, owner.workspaceId, owner.id, true);
});
afterEach(async () => {
  t.app.server.closeAllConnections();
  await t.app.close();
  await peer.close();
});

async function setBudget(user: TestUser, monthlyWords: number | null, as: TestUser = owner) {
  const res = await fetch(`${base}/api/workspace/${owner.workspaceId}/member/${user.id}/budget`, {
    method: 'PUT',
    headers: { ...as.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ monthlyWords }),
  });
  return { status: res.status, body: await res.json() };
}

function post(path: string, body: Record<string, unknown>, user: TestUser = bea) {
  return fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function sendAndRead(user: TestUser = bea) {
  const res = await post(
    '/chat/send-request-stream',
    { workspaceId: owner.workspaceId, projectId, message: 'Escribe' },
    user,
  );
  if (res.status !== 200) return { status: res.status, code: (await res.json()).error.code as string };
  const parts = await readParts(res);
  return { status: 200, last: parts.at(-1)!.part };
}

/** The words charged to `user` this month, from the ledger. */
async function chargedTo(user: TestUser) {
  const rows = await t.app.db
    .select({ words: usageCharges.words })
    .from(usageCharges)
    .where(
      and(
        eq(usageCharges.workspaceId, owner.workspaceId),
        eq(usageCharges.userId, user.id),
        eq(usageCharges.period, usagePeriod(new Date())),
      ),
    );
  return rows.reduce((sum, row) => sum + row.words, 0);
}

async function usageOf(user: TestUser) {
  const res = await fetch(`${base}/api/workspace/${owner.workspaceId}/usage`, { headers: user.auth });
  return res.json();
}

describe('a member budget on Pro caps chat replies under concurrency', () => {
  it('waves of 12 concurrent replies never charge the member past the budget', async () => {
    const BUDGET = 1000;
    expect((await setBudget(bea, BUDGET)).status).toBe(200);
    let accepted = 0;
    for (let wave = 0; wave < 20; wave += 1) {
      const results = await Promise.all(Array.from({ length: 12 }, () => sendAndRead()));
      for (const result of results) {
        if (result.status === 200) expect(result.last).toMatchObject({ type: 'finish' });
        else expect([403, 429]).toContain(result.status);
      }
      // 12 at once is more than Pro's 10 streams per user: the cap answers too, never the budget early.
      expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(
        STREAM_CAPS.pro_monthly!.user,
      );
      const ran = results.filter((r) => r.status === 200).length;
      accepted += ran;
      if (ran === 0) break;
    }
    expect(await chargedTo(bea)).toBe(BUDGET);
    expect(accepted).toBeGreaterThan(BUDGET / REPLY_WORDS);
    expect(await t.app.db.select().from(wordReservations)).toEqual([]);
    const refused = await sendAndRead();
    expect(refused).toMatchObject({ status: 403, code: 'MEMBER_BUDGET_EXHAUSTED' });
    expect(await usageOf(bea)).toMatchObject({
      limit: null,
      budget: { monthlyWords: BUDGET, used: BUDGET, remaining: 0, reached: 100 },
    });
    // The owner, without a budget, writes on: the cap is Bea's alone.
    expect(await sendAndRead(owner)).toMatchObject({
      status: 200,
      last: { type: 'finish', wordsCharged: REPLY_WORDS },
    });
  });

  it('a reply with 44 words of budget left is cut at 44, and removing the budget lifts the cap', async () => {
    await setBudget(bea, 44);
    expect(await sendAndRead()).toMatchObject({ status: 200, last: { type: 'finish', wordsCharged: 44 } });
    expect(await sendAndRead()).toMatchObject({ status: 403, code: 'MEMBER_BUDGET_EXHAUSTED' });
    await setBudget(bea, null);
    expect(await sendAndRead()).toMatchObject({
      status: 200,
      last: { type: 'finish', wordsCharged: REPLY_WORDS },
    });
    expect((await usageOf(bea)).budget).toBeNull();
  });

  it('on Enterprise, which reserves nothing otherwise, the budget holds too', async () => {
    await setPlan(t.app, owner.workspaceId, 'enterprise');
    await setBudget(bea, 500);
    for (let wave = 0; wave < 10; wave += 1) {
      const results = await Promise.all(Array.from({ length: 12 }, () => sendAndRead()));
      // While one reply holds the budget's words, the others wait (429) rather than write past it.
      expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
      if (results.every((r) => r.status !== 200)) break;
    }
    expect(await chargedTo(bea)).toBe(500);
    expect(await sendAndRead()).toMatchObject({ status: 403, code: 'MEMBER_BUDGET_EXHAUSTED' });
  });
});

describe('the same budget caps the writing tools, API calls and bulk rows', () => {
  /** Leaves Bea 40 words of budget, then runs `call`: it is charged 40, and the next is refused. */
  async function capped(call: () => Promise<Response>, words: (res: Response) => Promise<number>) {
    await setBudget(bea, (await chargedTo(bea)) + 40);
    const res = await call();
    expect(res.status).toBe(200);
    expect(await words(res)).toBe(40);
    const refused = await call();
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('MEMBER_BUDGET_EXHAUSTED');
  }

  it('improve, brand-voice analysis, document transform and generate stop at the budget', async () => {
    const ws = owner.workspaceId;
    await capped(
      () => post('/chat/improve', { workspaceId: ws, text: 'Escribe sobre pan' }),
      async (res) => countWords((await res.json()).text),
    );
    const sample = Array.from({ length: 60 }, (_, i) => `palabra${i}`).join(' ');
    const analyze = () =>
      fetch(`${base}/api/brand-voice/analyze-content`, {
        method: 'PATCH',
        headers: { ...bea.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ workspaceId: ws, text: sample }),
      });
    await capped(analyze, async (res) => (await res.json()).wordsCharged);
    const transform = () =>
      postTransform(
        { base, user: { ...bea, workspaceId: ws }, projectId },
        { action: 'shorten', text: 'Un texto largo.' },
      );
    await capped(transform, async (res) => {
      const last = (await partsOf(res)).at(-1)!;
      return last.type === 'finish' ? last.wordsCharged : -1;
    });
    await capped(
      () => post(`/workspace/${ws}/generate`, { prompt: 'Un eslogan para una panadería' }),
      async (res) => (await res.json()).words,
    );
    // Each charge is counted to Bea, in the project it was made in where it had one.
    const charges = await t.app.db.select().from(usageCharges).where(eq(usageCharges.userId, bea.id));
    expect(charges.map((c) => [c.kind, c.words, c.projectId]).sort()).toEqual(
      [
        ['analyze', 40, null],
        ['generate', 40, null],
        ['improve', 40, null],
        ['transform', 40, projectId],
      ].sort(),
    );
  });

  it('a batch started by a member pauses once their budget is used, its rows within it', async () => {
    const template = await createTemplate(t.app, { ...bea, workspaceId: owner.workspaceId });
    await setBudget(bea, 250);
    const batch = await createdBatch(
      t.app,
      { ...bea, workspaceId: owner.workspaceId },
      {
        csv: productsCsv(3),
        templateId: template.id,
      },
    );
    expect((await batchAction(t.app, bea, batch.id, 'start')).statusCode).toBe(200);
    // Rows that find the budget held by the first wait for it (10 s), then pause the batch.
    const paused = await waitForBatch(
      t.app,
      bea,
      batch.id,
      (b) => b.status === 'paused' || b.status === 'done',
      50_000,
    );
    expect(paused.status).toBe('paused');
    const rows = await readRows(t.app, bea, batch.id);
    const written = rows.filter((row) => row.status === 'done');
    expect(written).toHaveLength(1);
    expect(written[0]!.words).toBe(250);
    expect(await chargedTo(bea)).toBe(250);

    // With the budget used, resuming it, writing a row again or starting another is refused at once.
    const resumed = await batchAction(t.app, bea, batch.id, 'resume');
    expect(resumed.statusCode).toBe(403);
    expect(resumed.json().error.code).toBe('MEMBER_BUDGET_EXHAUSTED');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/batch/${batch.id}/row/${written[0]!.index}/regenerate`,
      headers: bea.auth,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.code).toBe('MEMBER_BUDGET_EXHAUSTED');
    const another = await createdBatch(
      t.app,
      { ...bea, workspaceId: owner.workspaceId },
      { csv: productsCsv(2), templateId: template.id },
    );
    const refused = await batchAction(t.app, bea, another.id, 'start');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('MEMBER_BUDGET_EXHAUSTED');
    expect((await readBatch(t.app, bea, another.id)).status).toBe('draft');
    expect(await chargedTo(bea)).toBe(250);
  }, 60_000);
});

describe('budget notices', () => {
  it('at 80 % and at 100 % the member is mailed once each, in their language', async () => {
    peer.script = verbose(50);
    await setBudget(bea, 120);
    const mailsToBea = () => t.app.mailer.recent().filter((mail) => mail.to === bea.email);
    expect(await sendAndRead()).toMatchObject({ status: 200 });
    expect(await sendAndRead()).toMatchObject({ status: 200 });
    // 100 of 120 words: past 80 %.
    const [eighty] = await eventually(async () => (mailsToBea().length === 1 ? mailsToBea() : undefined));
    expect(eighty!.subject).toBe('Has usado el 80 % de tu presupuesto de palabras');
    expect(eighty!.text).toContain('/settings/usage');
    expect((await usageOf(bea)).budget).toMatchObject({ used: 100, remaining: 20, reached: 80 });
    expect(await sendAndRead()).toMatchObject({ status: 200, last: { wordsCharged: 20 } });
    const mails = await eventually(async () => (mailsToBea().length === 2 ? mailsToBea() : undefined));
    expect(mails[0]!.subject).toBe('Has agotado tu presupuesto de palabras');
    // Many checks of the same month at once still send nothing more.
    await Promise.all(
      Array.from({ length: 10 }, () =>
        noticeBudget(
          { db: t.app.db, mailer: t.app.mailer, appUrl: t.config.APP_URL, log: t.app.log },
          owner.workspaceId,
          bea.id,
        ),
      ),
    );
    expect(mailsToBea()).toHaveLength(2);
  });

  it('a charge of the writing tools or the API tells of the threshold too, in English for an English profile', async () => {
    const ana = await createUser(t.app, {
      locale: 'en',
      email: `ana-${crypto.randomUUID().slice(0, 6)}@example.com`,
    });
    await addMember(t.app, owner.workspaceId, ana.id);
    peer.script = verbose(40);
    await setBudget(ana, 50);
    const res = await post(`/workspace/${owner.workspaceId}/generate`, { prompt: 'Un eslogan' }, ana);
    expect((await res.json()).words).toBe(40);
    const mails = await eventually(async () => {
      const sent = t.app.mailer.recent().filter((mail) => mail.to === ana.email);
      return sent.length ? sent : undefined;
    });
    expect(mails.map((mail) => mail.subject)).toEqual(['You have used 80% of your word budget']);
  });
});

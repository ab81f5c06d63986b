import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageBreakdownSchema, usagePeriod, type UsageBreakdown } from '@redacta/shared';
import { and, eq } from 'drizzle-orm';
import { auditEntries, usageCharges } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { createProject, readParts } from '../chat/chat-helpers.ts';

/*
 * `GET /workspace/{id}/usage/breakdown` and its CSV (docs/product.md, "Usage per member and budgets"):
 * words charged through the real routes, on the demo writer, summed by member and by project.
 */

let t: TestApp;
let owner: TestUser;
let bea: TestUser;
let shared: string;
let beasOwn: string;
let ownerWords = 0;
let beaWords = 0;
let apiWords = 0;
let beaPrivateWords = 0;
const month = usagePeriod(new Date());

async function chat(user: TestUser, projectId: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/send-request-stream',
    headers: user.auth,
    payload: { workspaceId: owner.workspaceId, projectId, message: 'Un eslogan para una panadería' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const parts = await readParts(new Response(res.body));
  const last = parts.at(-1)!.part;
  if (last.type !== 'finish') throw new Error(`the reply did not finish: ${JSON.stringify(last)}`);
  return last.wordsCharged;
}

async function breakdown(user: TestUser, query = ''): Promise<UsageBreakdown> {
  const res = await t.app.inject({
    url: `/api/workspace/${owner.workspaceId}/usage/breakdown${query}`,
    headers: user.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return usageBreakdownSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { firstName: 'Olga', lastName: 'Ruiz' });
  bea = await createUser(t.app, { firstName: 'Bea', lastName: 'Sanz', locale: 'en' });
  await addMember(t.app, owner.workspaceId, bea.id);
  shared = await createProject(t.app, owner.workspaceId, owner.id, true);
  beasOwn = await createProject(t.app, owner.workspaceId, bea.id, false);
  ownerWords += await chat(owner, shared);
  beaWords += await chat(bea, shared);
  beaPrivateWords = await chat(bea, beasOwn);
  beaWords += beaPrivateWords;
  // Bea's API key writes as Bea: its words are hers, listed under the key.
  const keyRes = await t.app.inject({
    method: 'POST',
    url: `/api/workspace/${owner.workspaceId}/api-keys`,
    headers: owner.auth,
    payload: { name: 'Catálogo', scopes: ['generate'] },
  });
  expect(keyRes.statusCode).toBe(201);
  const generated = await t.app.inject({
    method: 'POST',
    url: `/api/workspace/${owner.workspaceId}/generate`,
    headers: { authorization: `Bearer ${keyRes.json().key}` },
    payload: { prompt: 'Un eslogan para una panadería' },
  });
  expect(generated.statusCode, generated.body).toBe(200);
  apiWords = generated.json().words;
  ownerWords += apiWords;
  // A charge of another month is not this month's.
  await t.app.db.insert(usageCharges).values({
    workspaceId: owner.workspaceId,
    period: '2020-01',
    userId: bea.id,
    projectId: shared,
    kind: 'chat',
    words: 999,
  });
});
afterAll(() => t.app.close());

describe('GET /workspace/{id}/usage/breakdown', () => {
  it("the owner sees each member's words and each project's, summing to the month's count", async () => {
    const answer = await breakdown(owner);
    expect(answer.month).toBe(month);
    const byMember = Object.fromEntries(answer.members.map((m) => [m.userId, m]));
    expect(byMember[owner.id]).toMatchObject({ name: 'Olga Ruiz', words: ownerWords, isMember: true });
    expect(byMember[owner.id]!.apiKeys).toEqual([
      { apiKeyId: expect.any(String), name: 'Catálogo', words: apiWords },
    ]);
    expect(byMember[bea.id]).toMatchObject({ name: 'Bea Sanz', words: beaWords, apiKeys: [] });
    expect(answer.words).toBe(ownerWords + beaWords);
    const byProject = Object.fromEntries(answer.projects.map((p) => [p.projectId ?? 'none', p]));
    expect(byProject[shared]).toMatchObject({
      name: expect.any(String),
      words: beaWords - beaPrivateWords + ownerWords - apiWords,
    });
    // Bea's private project counts, but its name is hers alone.
    expect(byProject[beasOwn]).toEqual({ projectId: beasOwn, name: null, words: beaPrivateWords });
    expect(byProject.none).toEqual({ projectId: null, name: null, words: apiWords });
    expect(answer.projects.reduce((sum, p) => sum + p.words, 0)).toBe(answer.words);
    const usage = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/usage`,
      headers: owner.auth,
    });
    expect(usage.json().wordCount).toBe(answer.words);
  });

  it('a member sees only their own words, with their own project named', async () => {
    const answer = await breakdown(bea);
    expect(answer.members.map((m) => m.userId)).toEqual([bea.id]);
    expect(answer.words).toBe(beaWords);
    expect(answer.projects.find((p) => p.projectId === beasOwn)?.name).not.toBeNull();
    expect(answer.projects.reduce((sum, p) => sum + p.words, 0)).toBe(beaWords);
  });

  it('another month has its own words, and a month not written as YYYY-MM is refused', async () => {
    const old = await breakdown(owner, '?month=2020-01');
    expect(old.words).toBe(999);
    expect(old.members.find((m) => m.userId === bea.id)?.words).toBe(999);
    expect(old.members.find((m) => m.userId === owner.id)?.words).toBe(0);
    const bad = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/usage/breakdown?month=2020-13`,
      headers: owner.auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the breakdown as CSV in the language of the asking person', async () => {
    const res = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/usage/breakdown/export`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`redacta-usage-${month}.csv`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Tipo,Nombre,Correo,Palabras,Presupuesto mensual');
    expect(lines).toContain(`Miembro,Olga Ruiz,${owner.email},${ownerWords},`);
    expect(lines).toContain(`API,API · Catálogo (Olga Ruiz),,${apiWords},`);
    expect(lines).toContain(`Proyecto,Sin proyecto,,${apiWords},`);
    const english = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/usage/breakdown/export`,
      headers: bea.auth,
    });
    expect(english.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Type,Name,Email,Words,Monthly budget');
    // What left the workspace is in its audit log: who exported which month.
    expect(await audited('usage.exported')).toEqual([
      { actor: 'Olga Ruiz', after: { month } },
      { actor: expect.any(String), after: { month } },
    ]);
  });
});

/** The workspace's audit entries of one action, oldest first: who, and the change where there is one. */
async function audited(action: string) {
  const rows = await t.app.db
    .select({ actor: auditEntries.actorLabel, before: auditEntries.before, after: auditEntries.after })
    .from(auditEntries)
    .where(and(eq(auditEntries.workspaceId, owner.workspaceId), eq(auditEntries.action, action)))
    .orderBy(auditEntries.seq);
  return rows.map(({ actor, before, after }) => ({ actor, ...(before ? { before } : {}), after }));
}

describe('PUT /workspace/{id}/member/{userId}/budget', () => {
  const put = (user: TestUser, target: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/workspace/${owner.workspaceId}/member/${target}/budget`,
      headers: user.auth,
      payload: payload as Record<string, unknown>,
    });

  it('the owner sets, shows and removes a budget, and only whole numbers from 0 are taken', async () => {
    expect((await put(owner, bea.id, { monthlyWords: 20000 })).json()).toEqual({
      userId: bea.id,
      monthlyWords: 20000,
    });
    expect((await breakdown(owner)).members.find((m) => m.userId === bea.id)?.monthlyWords).toBe(20000);
    const usage = await t.app.inject({ url: `/api/workspace/${owner.workspaceId}/usage`, headers: bea.auth });
    expect(usage.json().budget).toEqual({
      monthlyWords: 20000,
      used: beaWords,
      remaining: 20000 - beaWords,
      reached: null,
    });
    for (const monthlyWords of [-1, 1.5, '100', 100_000_001])
      expect((await put(owner, bea.id, { monthlyWords })).statusCode).toBe(400);
    expect((await put(owner, bea.id, { monthlyWords: null })).json()).toEqual({
      userId: bea.id,
      monthlyWords: null,
    });
    expect((await put(owner, owner.id, { monthlyWords: 0 })).statusCode).toBe(200);
    // Each change in the audit log, with the budget before and after; refused ones are not.
    expect(await audited('budget.changed')).toEqual([
      { actor: 'Olga Ruiz', before: { monthlyWords: null }, after: { monthlyWords: 20000 } },
      { actor: 'Olga Ruiz', before: { monthlyWords: 20000 }, after: { monthlyWords: null } },
      { actor: 'Olga Ruiz', before: { monthlyWords: null }, after: { monthlyWords: 0 } },
    ]);
  });

  it('someone who is not a member of the workspace is 404', async () => {
    const stranger = await createUser(t.app);
    const res = await put(owner, stranger.id, { monthlyWords: 10 });
    expect(res.statusCode).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { conversationPageSchema, type ConversationEntry, type ConversationPage } from '@redacta/shared';
import { conversationEntries, reactions } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { createProject } from './chat-helpers.ts';

let t: TestApp;
let ana: TestUser;
let projectId: string;
beforeEach(async () => {
  // No provider configured: the offline demo writer answers the chat route.
  t = await createTestApp({ FREE_PLAN_WORDS: '100000' });
  ana = await createUser(t.app);
  projectId = await createProject(t.app, ana.workspaceId, ana.id);
});
afterEach(() => t.app.close());

const BASE = Date.parse('2026-03-02T09:00:00.000Z');

interface SeededExchange {
  requestId: string;
  /** Every version of the reply, oldest first; the shown one is `shown`. */
  replyIds: string[];
  shown: number;
}

/**
 * `count` exchanges straight in the database, one second apart, in order: request `n` is "Petición n"
 * and its reply "Respuesta n". `versionsAt` gives some requests several reply versions (Regenerate),
 * the first shown; `sameInstant` puts those requests and their replies at one timestamp.
 */
async function seed(
  count: number,
  options: { versionsAt?: Record<number, number>; sameInstant?: number[]; replyless?: number[] } = {},
): Promise<SeededExchange[]> {
  const rows: (typeof conversationEntries.$inferInsert)[] = [];
  const exchanges: SeededExchange[] = [];
  for (let n = 0; n < count; n++) {
    const at = options.sameInstant?.includes(n) ? BASE + 1_000_000 : BASE + n * 1000;
    const requestId = randomUUID();
    rows.push({
      id: requestId,
      projectId,
      role: 'user',
      content: `Petición ${n}`,
      createdBy: ana.id,
      createdAt: new Date(at),
    });
    const versions = options.replyless?.includes(n) ? 0 : (options.versionsAt?.[n] ?? 1);
    const replyIds: string[] = [];
    for (let v = 0; v < versions; v++) {
      const id = randomUUID();
      replyIds.push(id);
      rows.push({
        id,
        projectId,
        role: 'assistant',
        content: v === 0 ? `Respuesta ${n}` : `Respuesta ${n} (versión ${v + 1})`,
        model: 'gpt-4o-mini',
        wordsCharged: 2,
        requestId,
        shown: v === 0,
        createdAt: new Date(at + 100 + v),
      });
    }
    exchanges.push({ requestId, replyIds, shown: 0 });
  }
  await t.app.db.insert(conversationEntries).values(rows);
  return exchanges;
}

async function getPage(query: string, user = ana) {
  return t.app.inject({
    method: 'GET',
    url: `/api/project/${projectId}/conversation${query}`,
    headers: user.auth,
  });
}

async function page(query = ''): Promise<ConversationPage> {
  const res = await getPage(query);
  expect(res.statusCode, res.body).toBe(200);
  return conversationPageSchema.parse(res.json());
}

const contents = (entries: ConversationEntry[]) => entries.map((entry) => entry.content);

/** What the whole conversation shows for `count` seeded exchanges with their first versions shown. */
const expected = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => [`Petición ${from + i}`, `Respuesta ${from + i}`]).flat();

/** Every page from the newest back, following `nextCursor`. */
async function allPages(limit?: number): Promise<ConversationPage[]> {
  const pages: ConversationPage[] = [];
  let before: string | null = null;
  do {
    const params = new URLSearchParams();
    if (before) params.set('before', before);
    if (limit) params.set('limit', String(limit));
    const next: ConversationPage = await page(`?${params}`);
    pages.push(next);
    before = next.nextCursor;
  } while (before);
  return pages;
}

describe('GET /api/project/:id/conversation, paged', () => {
  it('answers the newest 50 entries first, oldest first within the page, with a cursor to older ones', async () => {
    await seed(60);
    const first = await page();
    expect(first.projectId).toBe(projectId);
    expect(contents(first.entries)).toEqual(expected(35, 60));
    expect(first.hasMore).toBe(true);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);

    const older = await page(`?before=${first.nextCursor}`);
    expect(contents(older.entries)).toEqual(expected(10, 35));
    const oldest = await page(`?before=${older.nextCursor}`);
    expect(contents(oldest.entries)).toEqual(expected(0, 10));
    expect(oldest.hasMore).toBe(false);
    expect(oldest.nextCursor).toBeNull();
  });

  it('walks the whole conversation in pages of at most `limit` entries, never splitting a request from its reply', async () => {
    // Odd limits and requests without a reply (the provider failed before any text) make the
    // page boundaries fall everywhere.
    await seed(40, { replyless: [3, 17, 18, 33], versionsAt: { 20: 3 } });
    const whole = (await allPages(100)).flatMap((p) => p.entries);
    expect(whole).toHaveLength(40 * 2 - 4);
    for (const limit of [2, 3, 7, 50]) {
      const pages = await allPages(limit);
      for (const p of pages) {
        expect(p.entries.length).toBeLessThanOrEqual(limit);
        expect(p.entries[0]!.role, `limit ${limit}`).toBe('user');
      }
      // Oldest page first, the pages make up the conversation exactly.
      expect(
        pages.reverse().flatMap((p) => p.entries),
        `limit ${limit}`,
      ).toEqual(whole);
    }
  });

  it('keeps every version of a reply, and the one shown, with its request on an older page', async () => {
    const exchanges = await seed(30, { versionsAt: { 2: 3 } });
    const regenerated = exchanges[2]!;
    await t.app.db
      .insert(reactions)
      .values({ entryId: regenerated.replyIds[1]!, userId: ana.id, value: 'up' });
    // Show the second version, as the version switcher does.
    const shown = await t.app.inject({
      method: 'PATCH',
      url: `/api/project/${projectId}/conversation/shown-version`,
      headers: ana.auth,
      payload: { entryId: regenerated.replyIds[1] },
    });
    expect(shown.statusCode).toBe(200);

    const first = await page('?limit=10');
    expect(first.entries.map((entry) => entry.id)).not.toContain(regenerated.requestId);
    const [oldest] = (await allPages(10)).reverse();
    const at = oldest!.entries.findIndex((entry) => entry.id === regenerated.requestId);
    const reply = oldest!.entries[at + 1]!;
    expect(reply).toMatchObject({
      id: regenerated.replyIds[1],
      role: 'assistant',
      content: 'Respuesta 2 (versión 2)',
      reaction: 'up',
    });
    expect(reply.versions.map((version) => [version.id, version.reaction])).toEqual([
      [regenerated.replyIds[0], null],
      [regenerated.replyIds[1], 'up'],
      [regenerated.replyIds[2], null],
    ]);
  });

  it('orders and pages entries written at the same instant without repeating or skipping any', async () => {
    await seed(12, { sameInstant: [4, 5, 6, 7, 8, 9, 10, 11] });
    const ids = (await allPages(3)).reverse().flatMap((p) => p.entries.map((entry) => entry.id));
    expect(new Set(ids).size).toBe(24);
    const whole = (await page('?limit=100')).entries.map((entry) => entry.id);
    expect(ids).toEqual(whole);
  });

  it('is empty for a project without entries', async () => {
    expect(await page()).toEqual({ projectId, entries: [], hasMore: false, nextCursor: null });
  });

  it('gives the same older page for a cursor after new entries arrive', async () => {
    await seed(30);
    const first = await page('?limit=20');
    const before = await page(`?limit=20&before=${first.nextCursor}`);

    // Two real exchanges through the chat route (the demo writer answers).
    for (const message of ['Un post sobre yoga', 'Ahora un correo']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chat/send-request-stream',
        headers: ana.auth,
        payload: { workspaceId: ana.workspaceId, projectId, message },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const after = await page(`?limit=20&before=${first.nextCursor}`);
    expect(after).toEqual(before);
    expect(contents(after.entries)).toEqual(expected(10, 20));
    const newest = await page('?limit=20');
    expect(newest.entries.slice(-4).map((entry) => [entry.role, entry.content.slice(0, 15)])).toEqual([
      ['user', 'Un post sobre y'],
      ['assistant', expect.any(String)],
      ['user', 'Ahora un correo'],
      ['assistant', expect.any(String)],
    ]);
  });

  it('refuses cursors it did not give out with 400 CURSOR_INVALID, and bad limits with 400', async () => {
    await seed(5);
    const projectCursor = Buffer.from(
      JSON.stringify(['createdAt', 'desc', '2026-03-02 09:00:00+00', randomUUID()]),
    ).toString('base64url');
    for (const before of [
      'not-a-cursor',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from(JSON.stringify(['2026-02-30 09:00:00+00', randomUUID()])).toString('base64url'),
      Buffer.from(JSON.stringify(['2026-03-02 09:00:00+00', 'nope'])).toString('base64url'),
      projectCursor,
    ]) {
      const res = await getPage(`?before=${before}`);
      expect(res.statusCode, before).toBe(400);
      expect(res.json().error.code).toBe('CURSOR_INVALID');
    }
    for (const query of ['?limit=1', '?limit=101', '?limit=many', '?after=x']) {
      const res = await getPage(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await page('?limit=100')).entries).toHaveLength(10);
  });

  it("is 404 for another user's private project, with or without a cursor", async () => {
    await seed(40);
    const { nextCursor } = await page();
    const bob = await createUser(t.app);
    await addMember(t.app, ana.workspaceId, bob.id);
    const stranger = await createUser(t.app);
    for (const user of [bob, stranger]) {
      for (const query of ['', `?before=${nextCursor}`]) {
        const res = await getPage(query, user);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
    }
  });

  it("walks the index of the exchanges' first entries in a large table, with or without its statistics", async () => {
    // The planner reads the table's size as well as its statistics: a table of its own, not one holding
    // the dead rows of whatever tests this worker ran before (resets delete rows, they do not truncate).
    await t.app.db.execute(sql`truncate conversation_entries cascade`);
    await seed(300);
    // Other projects' entries make a table where reading every row would cost far more.
    const other = await createProject(t.app, ana.workspaceId, ana.id);
    await t.app.db.execute(sql`
      insert into conversation_entries (project_id, role, content, created_at)
      select ${other}::uuid, 'user', 'x', now() - (n || ' seconds')::interval
      from generate_series(1, 20000) as n`);
    const { nextCursor } = await page();
    const [key, id] = JSON.parse(Buffer.from(nextCursor!, 'base64url').toString('utf8')) as string[];
    const plan = async () => {
      const rows = (await t.app.db.execute(sql`
        explain select id from conversation_entries
        where project_id = ${projectId}::uuid and request_id is null
          and (created_at, id) < (${key}::timestamptz, ${id}::uuid)
        order by created_at desc, id desc limit 51`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    // PGlite is never analysed (db/maintenance.ts): the plan must not depend on statistics.
    for (const analysed of [false, true]) {
      if (analysed) await t.app.db.execute(sql`analyze conversation_entries`);
      const text = await plan();
      expect(text, `analysed: ${analysed}`).toMatch(
        /Index (Only )?Scan using conversation_entries_starts_idx/,
      );
      expect(text, `analysed: ${analysed}`).not.toContain('Sort');
      expect(text, `analysed: ${analysed}`).not.toContain('Seq Scan');
    }
  });
});

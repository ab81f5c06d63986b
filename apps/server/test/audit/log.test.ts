import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditAction } from '@redacta/shared';
import { auditEntries, memberships } from '../../src/db/schema.ts';
import { maintainDatabase } from '../../src/db/maintenance.ts';
import {
  eraseFromAuditLog,
  recordAudit,
  runWithAuditContext,
  verifyAuditChain,
} from '../../src/modules/audit/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { allEntries, auditPage, tamper } from './audit-helpers.ts';

let t: TestApp;
let owner: TestUser;
let member: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { firstName: 'Olga', lastName: 'Dueña' });
  member = await createUser(t.app, { firstName: 'Mario', lastName: 'Miembro' });
  await addMember(t.app, owner.workspaceId, member.id);
});
afterEach(() => t.app.close());

/** Entries written as `who` from a request with this address, in one transaction each, oldest first. */
async function write(
  who: TestUser,
  entries: { action: AuditAction; label?: string }[],
  ip = '192.0.2.1',
): Promise<void> {
  for (const entry of entries) {
    await runWithAuditContext({ ip, userAgent: 'Test', userId: who.id }, () =>
      t.app.db.transaction((tx) =>
        recordAudit(tx, {
          workspaceId: owner.workspaceId,
          action: entry.action,
          target: { type: 'project', id: null, label: entry.label ?? '=HYPERLINK("http://evil")' },
          after: { n: 1, nested: { b: 2, a: [1, 'x'] } },
        }),
      ),
    );
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Entries written as if `days` ago: the app's clock goes back, not the database's. */
async function writeDaysAgo(days: number, who: TestUser, entries: { action: AuditAction }[]) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - days * DAY_MS);
  try {
    await write(who, entries);
  } finally {
    vi.useRealTimers();
  }
}

describe('the hash chain', () => {
  it('holds under concurrent writes and shows the first entry tampered with', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        runWithAuditContext({ ip: '192.0.2.1', userAgent: 'Test', userId: owner.id }, () =>
          t.app.db.transaction((tx) =>
            recordAudit(tx, {
              workspaceId: owner.workspaceId,
              action: 'project.shared',
              target: { type: 'project', id: String(i) },
            }),
          ),
        ),
      ),
    );
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toEqual({ valid: true, entries: 12 });

    // The database itself refuses to change an entry.
    await expect(
      t.app.db.execute(
        sql`update audit_entries set actor_label = 'Nadie' where workspace_id = ${owner.workspaceId}`,
      ),
    ).rejects.toThrow();

    // Someone with the database's owner rights goes around it: the chain shows where.
    await tamper(t.app, owner.workspaceId, 5, sql`ip = '10.0.0.1'`);
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toMatchObject({
      valid: false,
      brokenAtSeq: 5,
    });
  });

  it('shows an entry deleted from the middle or from the newest end', async () => {
    await write(
      owner,
      Array.from({ length: 4 }, () => ({ action: 'workspace.renamed' as const })),
    );
    await t.app.db
      .delete(auditEntries)
      .where(and(eq(auditEntries.workspaceId, owner.workspaceId), eq(auditEntries.seq, 2)));
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toMatchObject({
      valid: false,
      brokenAtSeq: 3,
    });

    const other = await createUser(t.app);
    for (let i = 0; i < 3; i += 1) {
      await runWithAuditContext({ ip: null, userAgent: null, userId: other.id }, () =>
        t.app.db.transaction((tx) =>
          recordAudit(tx, {
            workspaceId: other.workspaceId,
            action: 'workspace.renamed',
            target: { type: 'workspace' },
          }),
        ),
      );
    }
    await t.app.db
      .delete(auditEntries)
      .where(and(eq(auditEntries.workspaceId, other.workspaceId), eq(auditEntries.seq, 3)));
    expect(await verifyAuditChain(t.app.db, other.workspaceId)).toMatchObject({
      valid: false,
      brokenAtSeq: 3,
    });
  });

  it('prunes entries older than the plan keeps, and what is kept still verifies and goes on', async () => {
    const maintain = () =>
      maintainDatabase({ db: t.app.db, kind: 'postgres' } as Parameters<typeof maintainDatabase>[0]);
    await writeDaysAgo(100, owner, [{ action: 'workspace.renamed' }]);
    await writeDaysAgo(40, owner, [{ action: 'workspace.renamed' }]);
    await write(owner, [{ action: 'project.shared' }]);

    // Pro keeps 90 days: the 100-day-old entry goes, the 40-day-old one stays.
    await setPlan(t.app, owner.workspaceId, 'pro_monthly');
    expect((await maintain()).prunedAuditEntries).toBe(1);
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toEqual({ valid: true, entries: 2 });

    // Free keeps 30 days: the 40-day-old one goes too; the chain goes on from the newest kept entry.
    await setPlan(t.app, owner.workspaceId, 'free');
    expect((await maintain()).prunedAuditEntries).toBe(1);
    await write(owner, [{ action: 'project.made_private' }]);
    const kept = await allEntries(t.app, owner, owner.workspaceId);
    expect(kept.map((entry) => entry.action)).toEqual(['project.made_private', 'project.shared']);
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toEqual({ valid: true, entries: 2 });
  });
});

describe('GET /workspace/{id}/audit', () => {
  it('pages newest first by cursor, and filters by action, person and time', async () => {
    await writeDaysAgo(3, owner, [{ action: 'project.shared' }]);
    await write(
      owner,
      Array.from({ length: AUDIT_PAGE_SIZE + 5 }, () => ({ action: 'workspace.renamed' as const })),
    );
    await write(member, [{ action: 'member.left' }], '198.51.100.4');

    const first = await auditPage(t.app, owner, owner.workspaceId);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({
      action: 'member.left',
      actor: 'Mario Miembro',
      ip: '198.51.100.4',
    });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await auditPage(t.app, owner, owner.workspaceId, { cursor: first.nextCursor! });
    expect(second.entries).toHaveLength(7);
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.entries, ...second.entries].map((entry) => entry.id));
    expect(ids.size).toBe(AUDIT_PAGE_SIZE + 7);

    const left = await auditPage(t.app, owner, owner.workspaceId, { action: 'member.left' });
    expect(left.entries).toHaveLength(1);
    const byMember = await auditPage(t.app, owner, owner.workspaceId, { actor: member.id });
    expect(byMember.entries.map((entry) => entry.action)).toEqual(['member.left']);

    const since = new Date(Date.now() - DAY_MS).toISOString();
    const recent = await allEntries(t.app, owner, owner.workspaceId, { from: since });
    expect(recent).toHaveLength(AUDIT_PAGE_SIZE + 6);
    const older = await auditPage(t.app, owner, owner.workspaceId, { to: since });
    expect(older.entries.map((entry) => entry.action)).toEqual(['project.shared']);
  });

  it('names everyone who acted for the person filter, former members and revoked keys included', async () => {
    const gone = await createUser(t.app, { firstName: 'Pedro', lastName: 'Pasado' });
    const erased = await createUser(t.app, { firstName: 'Berta', lastName: 'Borrada' });
    await addMember(t.app, owner.workspaceId, gone.id);
    await addMember(t.app, owner.workspaceId, erased.id);
    await write(owner, [{ action: 'workspace.renamed' }]);
    await write(member, [{ action: 'project.shared' }]);
    await write(gone, [{ action: 'project.shared' }]);
    await write(erased, [{ action: 'project.shared' }]);
    // Pedro leaves the team; Berta's account goes, and the log keeps her entry by nobody.
    await t.app.db.delete(memberships).where(eq(memberships.userId, gone.id));
    await t.app.db.delete(memberships).where(eq(memberships.userId, erased.id));
    await t.app.db.transaction((tx) =>
      eraseFromAuditLog(tx, { userId: erased.id, names: ['Berta Borrada', erased.email] }),
    );
    // A key acts, and is revoked.
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${owner.workspaceId}/api-keys`,
      headers: owner.auth,
      payload: { name: 'Catálogo', scopes: ['read', 'write'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json() as { id: string; key: string };
    const project = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${owner.workspaceId}/project`,
      headers: { authorization: `Bearer ${key.key}` },
    });
    const shared = await t.app.inject({
      method: 'PATCH',
      url: `/api/project/${project.json().id}/share-to-workspace`,
      headers: { authorization: `Bearer ${key.key}` },
      payload: { isShared: true },
    });
    expect(shared.statusCode, shared.body).toBe(200);

    const actors = async () => {
      const res = await t.app.inject({
        url: `/api/workspace/${owner.workspaceId}/audit/actors`,
        headers: owner.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().actors;
    };
    expect(await actors()).toEqual([
      { id: key.id, kind: 'api_key', label: 'API · Catálogo', former: false },
      { id: member.id, kind: 'user', label: 'Mario Miembro', former: false },
      { id: owner.id, kind: 'user', label: 'Olga Dueña', former: false },
      { id: gone.id, kind: 'user', label: 'Pedro Pasado', former: true },
    ]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/api-key/${key.id}`, headers: owner.auth }))
        .statusCode,
    ).toBe(204);
    expect((await actors()).at(-2)).toEqual({
      id: key.id,
      kind: 'api_key',
      label: 'API · Catálogo',
      former: true,
    });

    // The former member's id filters the log to what he did.
    const his = await auditPage(t.app, owner, owner.workspaceId, { actor: gone.id });
    expect(his.entries.map((entry) => [entry.action, entry.actor])).toEqual([
      ['project.shared', 'Pedro Pasado'],
    ]);

    // The owner's only: a member is refused, another workspace's owner does not find it.
    const asMember = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/audit/actors`,
      headers: member.auth,
    });
    expect(asMember.statusCode).toBe(403);
    const stranger = await createUser(t.app);
    const asStranger = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/audit/actors`,
      headers: stranger.auth,
    });
    expect(asStranger.statusCode).toBe(404);
  });

  it('refuses a cursor it did not give out, and an action it does not know', async () => {
    const bad = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/audit?cursor=${Buffer.from('["9999-99-99"]').toString('base64url')}`,
      headers: owner.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('CURSOR_INVALID');
    const unknown = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/audit?action=everything`,
      headers: owner.auth,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("never shows another workspace's entries", async () => {
    const stranger = await createUser(t.app);
    await write(owner, [{ action: 'workspace.renamed' }]);
    expect((await auditPage(t.app, stranger, stranger.workspaceId)).entries).toEqual([]);
    const res = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/audit`,
      headers: stranger.auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /workspace/{id}/audit/export', () => {
  it('is a CSV with a BOM, the filters applied, and formula cells escaped', async () => {
    await write(owner, [{ action: 'workspace.renamed', label: '=HYPERLINK("http://evil")' }]);
    await write(member, [{ action: 'member.left', label: 'Ñandú' }]);
    const res = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/audit/export?action=workspace.renamed`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('at,actor,action,target_type,target_id,target,before,after,ip,user_agent');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,Olga Dueña,workspace.renamed,project,,"'=HYPERLINK(""http://evil"")",`);
    expect(lines[1]).toContain('192.0.2.1,Test');

    const all = await t.app.inject({
      url: `/api/workspace/${owner.workspaceId}/audit/export`,
      headers: owner.auth,
    });
    expect(all.rawPayload.toString('utf8')).toContain('Mario Miembro,member.left,project,,Ñandú');
  });
});

it('has no route that changes or deletes an entry', () => {
  // Every route the app serves is in its OpenAPI document: those of the audit log only read.
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const auditPaths = Object.entries(document.paths).filter(([path]) => path.includes('/audit'));
  expect(auditPaths.map(([path]) => path).sort()).toEqual([
    '/api/workspace/{id}/audit',
    '/api/workspace/{id}/audit/actors',
    '/api/workspace/{id}/audit/export',
  ]);
  for (const [, operations] of auditPaths) expect(Object.keys(operations)).toEqual(['get']);
  for (const url of ['/api/workspace/:id/audit', '/api/workspace/:id/audit/export', '/api/audit/:id']) {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(false);
    }
  }
});

/*
 * A deleted account's erasure from the audit log: the only change the database lets anyone make to an
 * entry, which leaves every chain verifiable and every other kind of tampering still visible.
 */

/** One entry by `who` from their address, about `target`, with this before/after. */
async function writeAbout(
  who: TestUser,
  target: { type: string; id?: string; label?: string },
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> } = {},
) {
  await runWithAuditContext({ ip: '198.51.100.4', userAgent: 'Firefox', userId: who.id }, () =>
    t.app.db.transaction((tx) =>
      recordAudit(tx, { workspaceId: owner.workspaceId, action: 'member.removed', target, ...change }),
    ),
  );
}

const log = () =>
  t.app.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.workspaceId, owner.workspaceId))
    .orderBy(auditEntries.seq);

const erase = (person: TestUser, names: string[]) =>
  t.app.db.transaction((tx) => eraseFromAuditLog(tx, { userId: person.id, names }));

describe("erasing a deleted account's person from the audit log", () => {
  beforeEach(async () => {
    await writeAbout(member, { type: 'project', id: 'p1', label: 'Otoño' }); // Mario acts.
    await writeAbout(owner, { type: 'member', id: member.id, label: 'Mario Miembro' }); // Mario is the target.
    await writeAbout(
      owner,
      { type: 'workspace', id: owner.workspaceId },
      { before: { ownerId: member.id, owner: 'Mario Miembro', plan: 'pro' }, after: { role: 'member' } },
    );
    await writeAbout(owner, { type: 'project', id: 'p2', label: 'Primavera' }); // Not about Mario.
  });

  it('erases them wherever they are named, keeps everything else, and the chain still verifies', async () => {
    expect(await erase(member, ['Mario Miembro', member.email])).toBe(3);
    const [acted, targeted, changed, other] = await log();
    expect(acted).toMatchObject({
      actorUserId: null,
      actorLabel: 'Former member',
      ip: null,
      userAgent: null,
      targetLabel: 'Otoño',
      personalSalt: null,
    });
    expect(targeted).toMatchObject({
      actorUserId: owner.id,
      actorLabel: 'Olga Dueña',
      ip: '198.51.100.4',
      targetId: null,
      targetLabel: 'Former member',
    });
    expect(changed!.before).toEqual({ ownerId: null, owner: 'Former member', plan: 'pro' });
    expect(changed!.after).toEqual({ role: 'member' });
    // An entry that does not name them keeps its salt: its fields are still checked against its digest.
    expect(other).toMatchObject({ actorLabel: 'Olga Dueña', personalSalt: expect.any(String) });
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toEqual({ valid: true, entries: 4 });

    // After erasure, an edit of what the chain covers directly, or a removal, still shows.
    await tamper(t.app, owner.workspaceId, 1, sql`action = 'member.left'`);
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toMatchObject({
      valid: false,
      brokenAtSeq: 1,
    });
    await t.app.db
      .delete(auditEntries)
      .where(and(eq(auditEntries.workspaceId, owner.workspaceId), eq(auditEntries.seq, 1)));
    await t.app.db
      .delete(auditEntries)
      .where(and(eq(auditEntries.workspaceId, owner.workspaceId), eq(auditEntries.seq, 3)));
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toMatchObject({
      valid: false,
      brokenAtSeq: 4,
    });
  });

  it('a personal field edited where the salt is kept still breaks the chain', async () => {
    await erase(member, ['Mario Miembro', member.email]);
    await tamper(t.app, owner.workspaceId, 4, sql`target_label = 'Invierno'`);
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toMatchObject({
      valid: false,
      brokenAtSeq: 4,
    });
  });

  it('is the only change the database allows, and only during an account deletion', async () => {
    const update = (set: ReturnType<typeof sql>, erasing: boolean) =>
      t.app.db.transaction(async (tx) => {
        if (erasing) await tx.execute(sql`select set_config('redacta.audit_erasure', ${member.id}, true)`);
        await tx.execute(
          sql`update audit_entries set ${set} where workspace_id = ${owner.workspaceId} and seq = 1`,
        );
      });
    const erasure = sql`actor_user_id = null, actor_label = 'Former member', ip = null, user_agent = null, personal_salt = null`;
    // The erasure's own shape, outside an account deletion: refused.
    await expect(update(erasure, false)).rejects.toThrow();
    // During one, anything else is refused: another name, a kept salt, a changed action or hash.
    await expect(update(sql`actor_label = 'Nadie', personal_salt = null`, true)).rejects.toThrow();
    await expect(update(sql`actor_user_id = null, ip = null`, true)).rejects.toThrow();
    await expect(update(sql`action = 'member.left', personal_salt = null`, true)).rejects.toThrow();
    await expect(update(sql`hash = repeat('0', 64), personal_salt = null`, true)).rejects.toThrow();
    await expect(update(sql`ip = '10.0.0.1', personal_salt = null`, true)).rejects.toThrow();
    await expect(
      update(sql`after = '{"injected": true}'::jsonb, personal_salt = null`, true),
    ).rejects.toThrow();
    expect((await log())[0]).toMatchObject({ actorLabel: 'Mario Miembro', ip: '198.51.100.4' });
    // And the erasure itself goes through.
    await update(erasure, true);
    expect((await log())[0]).toMatchObject({ actorLabel: 'Former member', ip: null });
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toEqual({ valid: true, entries: 4 });
  });
});

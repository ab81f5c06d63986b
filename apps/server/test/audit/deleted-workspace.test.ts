import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditChainHeads, auditEntries, memberships, workspaces } from '../../src/db/schema.ts';
import { maintainDatabase } from '../../src/db/maintenance.ts';
import { verifyAuditChain } from '../../src/modules/audit/index.ts';
import { removeWorkspace } from '../../src/modules/workspaces/deletion.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { runAdminInProcess } from '../cli/admin-command.ts';

/*
 * A deleted workspace's audit log outlives it: with a last entry saying who deleted it and when, kept
 * as long as its plan kept entries, read by the operator since no member is left, then pruned.
 */

let t: TestApp;
let owner: TestUser;
beforeEach(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { firstName: 'Olga', lastName: 'Dueña' });
});
afterEach(() => t.app.close());

async function teamWorkspace(name: string) {
  const [workspace] = await t.app.db.insert(workspaces).values({ name, ownerId: owner.id }).returning();
  await t.app.db.insert(memberships).values({ workspaceId: workspace!.id, userId: owner.id, role: 'owner' });
  return workspace!.id;
}

const admin = (...args: string[]) =>
  runAdminInProcess(args, { openDatabase: async () => ({ db: t.app.db, close: async () => {} }) });

const logOf = (workspaceId: string) =>
  t.app.db
    .select({ action: auditEntries.action, actor: auditEntries.actorLabel, target: auditEntries.targetLabel })
    .from(auditEntries)
    .where(eq(auditEntries.workspaceId, workspaceId))
    .orderBy(auditEntries.seq);

const DAY_MS = 24 * 60 * 60 * 1000;

describe("a deleted workspace's audit log", () => {
  it('keeps its entries and a last workspace.deleted, which the operator lists and reads', async () => {
    const workspaceId = await teamWorkspace('Agencia Norte');
    await setPlan(t.app, workspaceId, 'enterprise');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/rename/${workspaceId}`,
      headers: owner.auth,
      payload: { name: 'Agencia Sur' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspace/${workspaceId}`,
      headers: owner.auth,
      payload: { name: 'Agencia Sur' },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    expect(await logOf(workspaceId)).toEqual([
      expect.objectContaining({ action: 'workspace.renamed', actor: 'Olga Dueña' }),
      { action: 'workspace.deleted', actor: 'Olga Dueña', target: 'Agencia Sur' },
    ]);
    expect(await verifyAuditChain(t.app.db, workspaceId)).toEqual({ valid: true, entries: 2 });
    // Nobody reads it through the app any more: the workspace is gone.
    const read = await t.app.inject({ url: `/api/workspace/${workspaceId}/audit`, headers: owner.auth });
    expect(read.statusCode).toBe(404);

    const listed = await admin('deleted-workspaces', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const [row] = JSON.parse(listed.stdout);
    expect(row).toMatchObject({ workspaceId, name: 'Agencia Sur', entries: 2, chain: 'valid' });
    // Enterprise keeps its log a year: so it is kept a year after the deletion.
    expect(Date.parse(row.keptUntil) - Date.parse(row.deletedAt)).toBe(365 * DAY_MS);
    const table = await admin('deleted-workspaces');
    expect(table.stdout).toMatch(new RegExp(`^${workspaceId} +Agencia Sur .* 2 +valid$`, 'm'));

    const csv = await admin('audit', workspaceId);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(lines[0]).toBe('at,actor,action,target_type,target_id,target,before,after,ip,user_agent');
    expect(lines[1]).toContain(',Olga Dueña,workspace.deleted,workspace,');
    expect(lines).toHaveLength(3);

    const typo = await admin('audit', 'not-an-id');
    expect(typo.code).toBe(2);
    const unknown = await admin('audit', crypto.randomUUID());
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No audit log is kept');
  });

  it("is pruned with its head once its plan's retention has passed since the deletion", async () => {
    const longAgo = await teamWorkspace('Hace tiempo');
    const recent = await teamWorkspace('Hace poco');
    // Free keeps 30 days: one deleted 40 days ago goes, one deleted today stays.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 40 * DAY_MS);
    try {
      await t.app.db.transaction((tx) => removeWorkspace(tx, longAgo));
    } finally {
      vi.useRealTimers();
    }
    await t.app.db.transaction((tx) => removeWorkspace(tx, recent));

    const { prunedAuditEntries } = await maintainDatabase({ db: t.app.db, kind: 'postgres' } as Parameters<
      typeof maintainDatabase
    >[0]);
    expect(prunedAuditEntries).toBe(1);
    expect(await logOf(longAgo)).toEqual([]);
    expect(
      await t.app.db.select().from(auditChainHeads).where(eq(auditChainHeads.workspaceId, longAgo)),
    ).toEqual([]);
    expect((await logOf(recent)).map((entry) => entry.action)).toEqual(['workspace.deleted']);
    const listed = JSON.parse((await admin('deleted-workspaces', '--json')).stdout);
    expect(listed.map((row: { workspaceId: string }) => row.workspaceId)).toEqual([recent]);
  });
});

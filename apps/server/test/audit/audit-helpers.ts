import { expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditList } from '@redacta/shared';
import type { App } from '../../src/app.ts';
import type { TestUser } from '../helpers/factories.ts';

/** `GET /workspace/{id}/audit` with its query, expected to work. */
export async function auditPage(
  app: App,
  owner: Pick<TestUser, 'auth'>,
  workspaceId: string,
  query: Record<string, string> = {},
): Promise<AuditList> {
  const search = new URLSearchParams(query).toString();
  const res = await app.inject({
    url: `/api/workspace/${workspaceId}/audit${search ? `?${search}` : ''}`,
    headers: owner.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every entry of the workspace's log, newest first, read page by page as the settings page does. */
export async function allEntries(
  app: App,
  owner: Pick<TestUser, 'auth'>,
  workspaceId: string,
  query: Record<string, string> = {},
): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: AuditList = await auditPage(app, owner, workspaceId, cursor ? { ...query, cursor } : query);
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
}

/** The newest entry of an action, expected to exist. */
export async function latest(
  app: App,
  owner: Pick<TestUser, 'auth'>,
  workspaceId: string,
  action: string,
): Promise<AuditEntry> {
  const { entries } = await auditPage(app, owner, workspaceId, { action });
  expect(entries.length, `no ${action} entry`).toBeGreaterThan(0);
  return entries[0]!;
}

/**
 * Changes an entry as someone with the database owner's rights could, around the append-only
 * trigger: `set` for entry `seq` of the workspace.
 */
export async function tamper(app: App, workspaceId: string, seq: number, set: SQL): Promise<void> {
  await app.db.execute(sql`alter table audit_entries disable trigger audit_entries_append_only`);
  await app.db.execute(
    sql`update audit_entries set ${set} where workspace_id = ${workspaceId} and seq = ${seq}`,
  );
  await app.db.execute(sql`alter table audit_entries enable trigger audit_entries_append_only`);
}

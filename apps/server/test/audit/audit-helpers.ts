import { expect } from 'vitest';
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

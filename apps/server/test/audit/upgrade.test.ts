import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { migrationsFolder } from '../../src/db/client.ts';
import * as schema from '../../src/db/schema.ts';
import { eraseFromAuditLog, verifyAuditChain } from '../../src/modules/audit/index.ts';

/*
 * The migration that sealed personal fields behind a digest re-hashed the entries written before it:
 * a log written under the old formula verifies under the new one afterwards, and can then be erased.
 */

const UPGRADE = '0036_audit_erasure';

/** The journal's migrations, in order, as their statements. */
async function migrations(): Promise<{ tag: string; statements: string[] }[]> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return Promise.all(
    journal.entries.map(async ({ tag }) => ({
      tag,
      statements: (await readFile(path.join(migrationsFolder, `${tag}.sql`), 'utf8'))
        .split('--> statement-breakpoint')
        .filter((statement) => statement.trim() !== ''),
    })),
  );
}

/** The hash the entries written before the upgrade carry: sha256 over every field (0031's formula). */
function oldHash(prevHash: string, fields: unknown[]): string {
  return createHash('sha256').update(prevHash).update('\n').update(JSON.stringify(fields)).digest('hex');
}

let client: PGlite;
let db: Db;
const workspaceId = '11111111-1111-4111-8111-111111111111';
const personId = '22222222-2222-4222-8222-222222222222';

beforeAll(async () => {
  client = new PGlite();
  const all = await migrations();
  const upgrade = all.findIndex((migration) => migration.tag === UPGRADE);
  expect(upgrade).toBeGreaterThan(0);
  for (const migration of all.slice(0, upgrade)) {
    for (const statement of migration.statements) await client.exec(statement);
  }
  // A log of three entries written under the old formula, the person's name, address and browser in it.
  await client.query(
    `insert into users (id, email, first_name, last_name) values ($1, 'rosa@example.com', 'Rosa', 'Ruiz')`,
    [personId],
  );
  await client.query(`insert into workspaces (id, name, owner_id) values ($1, 'Equipo', $2)`, [
    workspaceId,
    personId,
  ]);
  let prev = '0'.repeat(64);
  for (let seq = 1; seq <= 3; seq += 1) {
    const at = new Date(Date.UTC(2026, 10, seq, 9, 30));
    const fields = [
      workspaceId,
      seq,
      at.toISOString(),
      'user',
      personId,
      null,
      'Rosa Ruiz',
      'workspace.renamed',
      'workspace',
      null,
      null,
      null,
      { name: `Equipo ${seq}` },
      '192.0.2.9',
      'Firefox',
    ];
    const hash = oldHash(prev, fields);
    await client.query(
      `insert into audit_entries (workspace_id, seq, at, actor_kind, actor_user_id, actor_label, action, target_type, after, ip, user_agent, prev_hash, hash)
       values ($1, $2, $3, 'user', $4, 'Rosa Ruiz', 'workspace.renamed', 'workspace', $5, '192.0.2.9', 'Firefox', $6, $7)`,
      [workspaceId, seq, at.toISOString(), personId, JSON.stringify({ name: `Equipo ${seq}` }), prev, hash],
    );
    prev = hash;
  }
  await client.query(`insert into audit_chain_heads (workspace_id, seq, hash) values ($1, 3, $2)`, [
    workspaceId,
    prev,
  ]);

  for (const migration of all.slice(upgrade)) {
    for (const statement of migration.statements) await client.exec(statement);
  }
  db = drizzle(client, { schema }) as unknown as Db;
}, 120_000);

afterAll(() => client?.close());

describe('the upgrade of entries written before the digest', () => {
  it('re-chains them so they verify, each with a salt and the first still from the genesis hash', async () => {
    expect(await verifyAuditChain(db, workspaceId)).toEqual({ valid: true, entries: 3 });
    const rows = await db.select().from(schema.auditEntries).orderBy(schema.auditEntries.seq);
    expect(rows.map((row) => [row.seq, row.actorLabel, row.personalSalt?.length])).toEqual([
      [1, 'Rosa Ruiz', 64],
      [2, 'Rosa Ruiz', 64],
      [3, 'Rosa Ruiz', 64],
    ]);
    expect(rows[0]!.prevHash).toBe('0'.repeat(64));
  });

  it('lets the person be erased from them, and the chain still verifies', async () => {
    await db.transaction((tx) =>
      eraseFromAuditLog(tx, { userId: personId, names: ['Rosa Ruiz', 'rosa@example.com'] }),
    );
    const rows = await db.select().from(schema.auditEntries).orderBy(schema.auditEntries.seq);
    expect(
      rows.every((row) => row.actorLabel === 'Former member' && row.ip === null && row.actorUserId === null),
    ).toBe(true);
    expect(await verifyAuditChain(db, workspaceId)).toEqual({ valid: true, entries: 3 });
  });
});

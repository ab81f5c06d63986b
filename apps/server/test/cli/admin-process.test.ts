import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { createUser, type TestUser } from '../helpers/factories.ts';
import {
  createBackend,
  spawnAdmin,
  startServer,
  stopServer,
  type Backend,
  type CommandResult,
} from './admin-command.ts';

// `npm run admin` as an operator runs it, in a child process: that the entry hands the command the
// process's arguments, environment and streams and exits with its code, and that a PGlite directory
// is refused while a running server holds it. The commands themselves are tested without a process
// of their own, in admin.test.ts. The database is PGlite in a temporary DATA_DIR, or PostgreSQL when the suite runs
// with TEST_DATABASE_URL. PGlite's directory is open in one process at a time, so with it the app
// below is closed while the command runs; PostgreSQL is shared and the app stays up.

let backend: Backend;
let served: { app: App; close(): Promise<void> } | null = null;
let owner: TestUser;
/** Refused before any database or configuration is read: they run while the database is seeded. */
let refusals: Promise<[CommandResult, CommandResult]>;

async function serving(): Promise<App> {
  served ??= await backend.serve();
  return served.app;
}

/** PGlite's directory is open in one process at a time: the app lets go of it before the command runs. */
async function stopServing() {
  await served?.close();
  served = null;
}

/** The command, with PGlite's directory left free for it first. */
async function admin(...args: string[]): Promise<CommandResult> {
  if (backend.kind === 'pglite') await stopServing();
  return spawnAdmin(args, backend.env);
}

async function listed(user: TestUser, workspaceId: string) {
  const res = await (
    await serving()
  ).inject({ method: 'GET', url: '/api/workspace/list', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json().find((workspace: { id: string }) => workspace.id === workspaceId);
}

const stackTrace = /^\s+at /m;

beforeAll(async () => {
  backend = await createBackend();
  refusals = Promise.all([
    spawnAdmin(['set-plan', 'not-an-id', 'pro-monthly'], backend.env),
    spawnAdmin(['delete-everything'], backend.env),
  ]);
  owner = await createUser(await serving(), { email: 'olga@example.com' });
}, 120_000);

afterAll(async () => {
  await refusals?.catch(() => {});
  await stopServing();
  await backend?.dispose();
});

describe('npm run admin, as a process of its own', () => {
  it('writes refusals to stderr and exits with code 2, its own and those of the argument parser', async () => {
    const [notAnId, unknownCommand] = await refusals;
    expect(notAnId.code, notAnId.stderr).toBe(2);
    expect(notAnId.stderr).toMatch(/"not-an-id" is not a workspace id/);
    expect(unknownCommand.code, unknownCommand.stderr).toBe(2);
    expect(unknownCommand.stderr).toMatch(/unknown command 'delete-everything'/);
    for (const refusal of [notAnId, unknownCommand]) {
      expect(refusal.stdout).toBe('');
      expect(refusal.stderr).not.toMatch(stackTrace);
    }
  }, 60_000);

  if (process.env.TEST_DATABASE_URL) {
    it('works on PostgreSQL while a server runs on the same database', async () => {
      const server = await startServer(backend);
      try {
        const result = await admin('set-plan', owner.workspaceId, 'pro-monthly', '--seats', '1');
        expect(result.code, result.stderr).toBe(0);
        expect(result.stdout).toContain('is now on Pro (monthly), 4 seats besides the owner.');
        expect(await listed(owner, owner.workspaceId)).toMatchObject({ plan: 'pro_monthly', userSeats: 4 });
      } finally {
        await stopServer(server);
      }
    }, 120_000);
  } else {
    it('says the PGlite database is in use while the server runs, and works once it stops', async () => {
      await stopServing();
      const server = await startServer(backend);
      let busy: CommandResult;
      try {
        busy = await admin('set-plan', owner.workspaceId, 'pro-monthly');
      } finally {
        await stopServer(server);
      }
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain(
        `The database in ${backend.dataDir} is in use (is the server running?). Stop it and try again.`,
      );
      expect(busy.stderr).not.toMatch(stackTrace);

      const after = await admin('set-plan', owner.workspaceId, 'pro-monthly');
      expect(after.code, after.stderr).toBe(0);
      expect(after.stdout).toContain('is now on Pro (monthly), 3 seats besides the owner.');
      expect(await listed(owner, owner.workspaceId)).toMatchObject({ plan: 'pro_monthly', userSeats: 3 });
    }, 120_000);
  }
});

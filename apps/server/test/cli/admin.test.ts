import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { ConfigError } from '../../src/config.ts';
import { invitations, usageCounters } from '../../src/db/schema.ts';
import { changeWorkspacePlan } from '../../src/modules/plans/service.ts';
import { createTestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { runAdminInProcess, type CommandResult } from './admin-command.ts';

// The command in this process, on the worker's test database, which the app below keeps open while
// it runs. That `npm run admin` hands the command its arguments, streams and exit code, and the
// PGlite directory a running server holds, are tested in child processes in admin-process.test.ts.

let app: App;
let owner: TestUser;
let member: TestUser;

function admin(...args: string[]): Promise<CommandResult> {
  return runAdminInProcess(args, { openDatabase: async () => ({ db: app.db, close: async () => {} }) });
}

async function listed(user: TestUser, workspaceId: string) {
  const res = await app.inject({ method: 'GET', url: '/api/workspace/list', headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json().find((workspace: { id: string }) => workspace.id === workspaceId);
}

const stackTrace = /^\s+at /m;

beforeAll(async () => {
  ({ app } = await createTestApp());
  owner = await createUser(app, { email: 'olga@example.com', firstName: 'Olga', lastName: 'Dueña' });
  member = await createUser(app, { email: 'pablo@example.com', firstName: 'Pablo', lastName: 'Ríos' });
  await changeWorkspacePlan(app.db, { workspaceId: owner.workspaceId, plan: 'pro_monthly' });
  await addMember(app, owner.workspaceId, member.id);
  await app.db.insert(invitations).values({
    workspaceId: owner.workspaceId,
    email: 'invitada@example.com',
    invitedBy: owner.id,
    tokenHash: randomBytes(32).toString('hex'),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await app.db
    .insert(usageCounters)
    .values({ workspaceId: owner.workspaceId, period: new Date().toISOString().slice(0, 7), wordCount: 150 });
});

afterAll(async () => {
  await app?.close();
});

describe('npm run admin', () => {
  it('lists every workspace with plan, owner, members, seats and words, as a table and as JSON', async () => {
    const asJson = await admin('workspaces', '--json');
    expect(asJson.code, asJson.stderr).toBe(0);
    const rows = JSON.parse(asJson.stdout);
    expect(rows).toHaveLength(2);
    expect(rows.find((row: { id: string }) => row.id === owner.workspaceId)).toEqual({
      id: owner.workspaceId,
      name: 'Mi espacio de trabajo',
      plan: 'pro_monthly',
      ownerEmail: 'olga@example.com',
      members: 2,
      seatsUsed: 2,
      userSeats: 3,
      wordsThisMonth: 150,
    });

    const table = await admin('workspaces');
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +NAME +PLAN +OWNER +MEMBERS +SEATS USED +WORDS THIS MONTH$/);
    const line = lines.find((text) => text.startsWith(owner.workspaceId));
    expect(line).toMatch(/Mi espacio de trabajo +pro_monthly +olga@example\.com +2 +2 of 3 +150$/);
  });

  it('lists every user with e-mail, name, creation date and number of workspaces', async () => {
    const asJson = await admin('users', '--json');
    expect(asJson.code, asJson.stderr).toBe(0);
    expect(JSON.parse(asJson.stdout)).toMatchObject([
      { id: owner.id, email: 'olga@example.com', name: 'Olga Dueña', workspaces: 1 },
      { id: member.id, email: 'pablo@example.com', name: 'Pablo Ríos', workspaces: 2 },
    ]);
    const table = await admin('users');
    const today = new Date().toISOString().slice(0, 10);
    expect(table.stdout).toMatch(
      new RegExp(`^${member.id} +pablo@example\\.com +Pablo Ríos +${today} +2$`, 'm'),
    );
  });

  it('set-plan changes what GET /workspace/list answers, and a downgrade to free revokes pending invitations', async () => {
    const enterprise = await admin('set-plan', owner.workspaceId, 'enterprise', '--seats', '12');
    expect(enterprise.code, enterprise.stderr).toBe(0);
    expect(enterprise.stdout).toContain(
      `"Mi espacio de trabajo" (${owner.workspaceId}) is now on Enterprise, 12 seats besides the owner.`,
    );
    expect(await listed(owner, owner.workspaceId)).toMatchObject({
      plan: 'enterprise',
      isEnterprise: true,
      userSeats: 12,
    });

    const pro = await admin('set-plan', owner.workspaceId, 'pro-yearly', '--seats', '2');
    expect(pro.code, pro.stderr).toBe(0);
    expect(await listed(owner, owner.workspaceId)).toMatchObject({
      plan: 'pro_yearly',
      isPro: true,
      userSeats: 5,
    });

    const free = await admin('set-plan', owner.workspaceId, 'free');
    expect(free.code, free.stderr).toBe(0);
    expect(free.stdout).toContain('1 pending invitation was revoked');
    const workspace = await listed(member, owner.workspaceId);
    expect(workspace).toMatchObject({
      plan: 'free',
      isPro: false,
      userSeats: 0,
      invitedUsers: [{ id: member.id }],
    });
    const pending = await app.inject({
      method: 'GET',
      url: `/api/workspace/${owner.workspaceId}/members`,
      headers: owner.auth,
    });
    expect(pending.json()).toMatchObject({ userSeats: 0, seatsUsed: 1 });
  });

  it('refuses wrong arguments with a plain message and exit code 2, without touching the workspace', async () => {
    const cases: [string[], RegExp][] = [
      [['set-plan', 'not-an-id', 'pro-monthly'], /"not-an-id" is not a workspace id/],
      [
        ['set-plan', owner.workspaceId, 'gold'],
        /Allowed choices are free, pro-monthly, pro-yearly, enterprise/,
      ],
      [['set-plan', owner.workspaceId, 'enterprise'], /An Enterprise plan needs --seats <n>/],
      [['set-plan', owner.workspaceId, 'free', '--seats', '2'], /The free plan has no seats/],
      [['set-plan', owner.workspaceId, 'pro-monthly', '--seats', '-1'], /--seats/],
      [['set-plan', owner.workspaceId, 'pro-monthly', '--seats', 'three'], /It must be a whole number/],
      [['set-plan', randomUUID(), 'pro-monthly'], /No workspace has the id/],
      [['set-plan', owner.workspaceId], /missing required argument 'plan'/],
      [['delete-everything'], /unknown command 'delete-everything'/],
    ];
    for (const [args, message] of cases) {
      const result = await admin(...args);
      expect(result.code, `${args.join(' ')}\n${result.stderr}`).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(stackTrace);
    }
    expect(await listed(owner, owner.workspaceId)).toMatchObject({ plan: 'free', userSeats: 0 });
  });

  it('explains itself with --help', async () => {
    const help = await admin('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: npm run admin -- \[options\] \[command\]/);
    for (const command of ['workspaces', 'users', 'set-plan']) expect(help.stdout).toContain(command);
    const setPlanHelp = await admin('set-plan', '--help');
    expect(setPlanHelp.stdout).toMatch(/--seats <n>.*Pro: extra seats beyond the 3 included/s);
  });

  it('says what failed in the configuration or the database with exit code 1, without a stack trace', async () => {
    const config = await runAdminInProcess(['users'], {
      openDatabase: () => Promise.reject(new ConfigError(['DATABASE_URL: Invalid URL'])),
    });
    expect(config).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Invalid configuration:\n  - DATABASE_URL: Invalid URL\n',
    });

    const query = await runAdminInProcess(['workspaces'], {
      openDatabase: () =>
        Promise.reject(new Error('Failed query: select 1', { cause: new Error('connection refused') })),
    });
    expect(query).toEqual({
      code: 1,
      stdout: '',
      stderr: 'error: Failed query: select 1 (connection refused)\n',
    });
  });
});

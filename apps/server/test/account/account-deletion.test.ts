import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../src/db/schema.ts';
import {
  apiKeys,
  brandVoices,
  documentPendingEdits,
  documentVersions,
  invitations,
  memberships,
  projects,
  prompts,
  subscriptions,
  templates,
  users,
  workspaces,
} from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { lastCodeTo, signUp, type SignedIn } from '../helpers/login.ts';
import { insertConversation, insertFolder, insertProject } from '../helpers/project-factories.ts';
import { hashSecret } from '../../src/lib/secrets.ts';
import { verifyAuditChain } from '../../src/modules/audit/index.ts';

/*
 * docs/product.md, "Your data": deleting an account with its mailed code hands over or deletes the
 * workspaces the person owns, keeps their words in shared projects without an author, ends their
 * sessions at once and leaves nothing personal behind — checked with a query per table that refers
 * to users, found from the schema itself so a new table is checked without touching this file.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.app.close());

const FIRST = 'Zoraida';
const LAST = 'Quintanilla';

interface Person extends TestUser {
  signedIn: SignedIn;
}

/** Signs up through the real routes (so the account has sessions to end) and names the person. */
async function signedUpPerson(): Promise<Person> {
  const signedIn = await signUp(t.app, 'zoraida.q@example.com');
  const named = await t.app.inject({
    method: 'PATCH',
    url: '/api/user/change-name',
    headers: signedIn.auth,
    payload: { firstName: FIRST, lastName: LAST },
  });
  expect(named.statusCode).toBe(200);
  const [own] = await t.app.db
    .select({ id: memberships.workspaceId })
    .from(memberships)
    .where(eq(memberships.userId, signedIn.user.id));
  return {
    accessToken: signedIn.accessToken,
    id: signedIn.user.id,
    email: signedIn.user.email,
    workspaceId: own!.id,
    auth: signedIn.auth,
    signedIn,
  };
}

const askCode = (person: { auth: { authorization: string } }) =>
  t.app.inject({ method: 'POST', url: '/api/user/deletion-code', headers: person.auth });

const deleteAccount = (person: { auth: { authorization: string } }, payload: object) =>
  t.app.inject({ method: 'DELETE', url: '/api/user', headers: person.auth, payload });

/**
 * Every table with a column that refers to users — by a foreign key, or by a user id kept without one
 * (the audit log's actor) — and those columns, read from the drizzle schema.
 */
function tablesReferringToUsers(): { name: string; columns: string[] }[] {
  return Object.values(schema)
    .flatMap((value) => (is(value, PgTable) ? [value as PgTable] : []))
    .map((table) => {
      const config = getTableConfig(table);
      const referring = config.foreignKeys
        .map((key) => key.reference())
        .filter((reference) => reference.foreignTable === users)
        .flatMap((reference) => reference.columns.map((column) => column.name));
      const userIds = config.columns
        .filter((column) => column.columnType === 'PgUUID' && column.name.endsWith('user_id'))
        .map((column) => column.name);
      return { name: getTableName(table), columns: [...new Set([...referring, ...userIds])] };
    })
    .filter((table) => table.columns.length > 0 || table.name === 'users');
}

/** Where Zoe's requests come from, and with which browser: the audit log keeps both while she exists. */
const HER_ADDRESS = '203.0.113.77';
const HER_BROWSER = 'NavegadorZ/7.1';

/**
 * Rows of a table that hold the person's id, address, either name, or the network address and
 * browser her requests came from anywhere in them.
 */
async function rowsMentioning(table: string, person: Person): Promise<number> {
  const needles = [person.id, person.email, FIRST, LAST, HER_ADDRESS, HER_BROWSER].map(
    (needle) => `%${needle}%`,
  );
  const result = (await t.app.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} as t
        where row_to_json(t)::text ilike any(${sql.raw(`array[${needles.map((n) => `'${n}'`).join(',')}]`)})`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

describe('deleting one’s account', () => {
  it('leaves no personal data in any table that refers to users, and keeps their words in shared projects', async () => {
    const zoe = await signedUpPerson();
    // A team owned by someone else, where Zoe is a member and writes.
    const owner = await createUser(t.app, { firstName: 'Olga', lastName: 'Dueña' });
    const teammate = await createUser(t.app, { firstName: 'Mateo', lastName: 'Compañero' });
    await addMember(t.app, owner.workspaceId, zoe.id);
    await addMember(t.app, owner.workspaceId, teammate.id);
    const asZoe: TestUser = { ...zoe, workspaceId: owner.workspaceId };
    const shared = await insertProject(t.app, asZoe, { isShared: true, name: 'Campaña de otoño' });
    const privateOne = await insertProject(t.app, asZoe, { name: 'Borrador de Zoe' });
    await insertConversation(t.app, shared.id, asZoe);
    await insertFolder(t.app, asZoe, { name: 'Otoño' });
    await t.app.db
      .insert(brandVoices)
      .values({ workspaceId: owner.workspaceId, name: 'Cercana', voice: 'Tú, cálida', addedBy: zoe.id });
    await t.app.db.insert(prompts).values({
      workspaceId: owner.workspaceId,
      language: 'es',
      name: 'Eslogan',
      text: 'Escribe un eslogan',
      createdBy: zoe.id,
    });
    await t.app.db.insert(templates).values({
      workspaceId: owner.workspaceId,
      createdBy: zoe.id,
      name: 'Ficha',
      description: 'Una ficha',
      language: 'es',
      prompt: 'Describe {{producto}}',
      fields: [],
    });
    await t.app.db.insert(documentVersions).values({
      projectId: shared.id,
      kind: 'manual',
      name: 'Primera',
      createdBy: zoe.id,
      editorIds: [zoe.id, owner.id],
      yjsState: new Uint8Array([0, 0]),
      content: { type: 'doc', content: [] },
      text: '',
    });
    await t.app.db
      .insert(documentPendingEdits)
      .values({ projectId: shared.id, userId: zoe.id, since: new Date() });
    await t.app.db.insert(invitations).values({
      workspaceId: owner.workspaceId,
      email: 'amiga@example.com',
      invitedBy: zoe.id,
      tokenHash: hashSecret('a-token-zoe-sent'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    // An invitation to Zoe's own address in yet another workspace.
    const stranger = await createUser(t.app);
    await t.app.db.insert(invitations).values({
      workspaceId: stranger.workspaceId,
      email: zoe.email,
      invitedBy: stranger.id,
      tokenHash: hashSecret('a-token-for-zoe'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    // A key Zoe made in her own workspace.
    await t.app.db.insert(apiKeys).values({
      workspaceId: zoe.workspaceId,
      createdBy: zoe.id,
      name: 'Zapier',
      prefix: 'rdk_abc',
      keyHash: hashSecret('rdk_zoe'),
      scopes: ['read'],
    });

    const tables = tablesReferringToUsers();
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining([
        'users',
        'projects',
        'conversation_entries',
        'document_versions',
        'invitations',
        'audit_entries',
      ]),
    );
    // She signs in to the team from her own address and browser, and fails once: the team's audit
    // log names her as who acted, and whom the sign-in was for.
    const fromHer = { 'user-agent': HER_BROWSER };
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/email/start',
        payload: { email: zoe.email },
        headers: fromHer,
        remoteAddress: HER_ADDRESS,
      });
    const signIn = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { method: 'email', email: zoe.email, code },
        headers: fromHer,
        remoteAddress: HER_ADDRESS,
      });
    expect((await ask()).statusCode).toBe(204);
    expect((await signIn('000000')).statusCode).toBe(400);
    expect((await ask()).statusCode).toBe(204);
    expect((await signIn(lastCodeTo(t.app, zoe.email))).statusCode).toBe(200);
    const teamLog = () =>
      t.app.db
        .select()
        .from(schema.auditEntries)
        .where(eq(schema.auditEntries.workspaceId, owner.workspaceId))
        .orderBy(schema.auditEntries.seq);
    expect((await teamLog()).map((entry) => [entry.action, entry.actorLabel, entry.ip])).toEqual([
      ['auth.sign_in_failed', zoe.email, HER_ADDRESS],
      ['auth.signed_in', `${FIRST} ${LAST}`, HER_ADDRESS],
    ]);

    // The query finds her where she is, before.
    expect(await rowsMentioning('document_versions', zoe)).toBe(1);
    expect(await rowsMentioning('invitations', zoe)).toBe(2);
    expect(await rowsMentioning('audit_entries', zoe)).toBeGreaterThanOrEqual(4);

    expect((await askCode(zoe)).statusCode).toBe(204);
    const res = await deleteAccount(zoe, { code: lastCodeTo(t.app, zoe.email) });
    expect(res.statusCode, res.body).toBe(204);

    for (const table of tables) {
      expect(await rowsMentioning(table.name, zoe), `${table.name} still mentions the person`).toBe(0);
    }
    // The team's log keeps what happened, by a former member, and its chain still verifies; so does
    // the log of her own workspace, which went with her account and says so.
    expect(
      (await teamLog()).map((entry) => [entry.action, entry.actorLabel, entry.actorUserId, entry.ip]),
    ).toEqual([
      ['auth.sign_in_failed', 'Former member', null, null],
      ['auth.signed_in', 'Former member', null, null],
      ['member.left', 'Former member', null, null],
      ['account.deleted', 'Former member', null, null],
    ]);
    expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toEqual({ valid: true, entries: 4 });
    const ownLog = await t.app.db
      .select({ action: schema.auditEntries.action, actor: schema.auditEntries.actorLabel })
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.workspaceId, zoe.workspaceId))
      .orderBy(schema.auditEntries.seq);
    expect(ownLog.at(-1)).toEqual({ action: 'workspace.deleted', actor: 'Former member' });
    expect(await verifyAuditChain(t.app.db, zoe.workspaceId)).toMatchObject({ valid: true });
    // Her words in the shared project stay, authored by nobody (the web says "Former member").
    const conversation = await t.app.inject({
      method: 'GET',
      url: `/api/project/${shared.id}/conversation`,
      headers: owner.auth,
    });
    expect(conversation.statusCode).toBe(200);
    const request = conversation
      .json()
      .entries.find((entry: { content: string }) => entry.content === 'Escribe un eslogan');
    expect(request).toBeDefined();
    expect(request.author).toBeNull();
    expect(request.formerMember).toBe(true);
    const project = await t.app.inject({
      method: 'GET',
      url: `/api/project/${shared.id}`,
      headers: teammate.auth,
    });
    expect(project.json()).toMatchObject({ name: 'Campaña de otoño', createdBy: null });
    // Her private project passed to the owner, still private.
    const [kept] = await t.app.db.select().from(projects).where(eq(projects.id, privateOne.id));
    expect(kept).toMatchObject({ createdBy: owner.id, isShared: false });
    // Her personal workspace, which nobody else was in, is gone.
    expect(await t.app.db.select().from(workspaces).where(eq(workspaces.id, zoe.workspaceId))).toEqual([]);
  });

  it('ends every session at once: the access token and the refresh cookie stop working', async () => {
    const zoe = await signedUpPerson();
    expect((await askCode(zoe)).statusCode).toBe(204);
    expect((await deleteAccount(zoe, { code: lastCodeTo(t.app, zoe.email) })).statusCode).toBe(204);

    const list = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: zoe.auth });
    expect(list.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: { cookie: zoe.signedIn.refreshCookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('hands a workspace with members over to the member chosen, who becomes its owner', async () => {
    const zoe = await signedUpPerson();
    const heir = await createUser(t.app, { firstName: 'Hugo', lastName: 'Heredero' });
    const other = await createUser(t.app);
    await addMember(t.app, zoe.workspaceId, heir.id);
    await addMember(t.app, zoe.workspaceId, other.id);
    const draft = await insertProject(t.app, zoe, {
      name: 'Privado',
    });

    const plan = await t.app.inject({ method: 'GET', url: '/api/user/deletion', headers: zoe.auth });
    expect(plan.json().ownedWorkspaces).toEqual([
      expect.objectContaining({
        id: zoe.workspaceId,
        name: 'Mi espacio de trabajo',
        members: expect.arrayContaining([
          expect.objectContaining({ id: heir.id, firstName: 'Hugo', lastName: 'Heredero' }),
          expect.objectContaining({ id: other.id }),
        ]),
      }),
    ]);

    expect((await askCode(zoe)).statusCode).toBe(204);
    const res = await deleteAccount(zoe, {
      code: lastCodeTo(t.app, zoe.email),
      workspaces: [{ workspaceId: zoe.workspaceId, action: 'transfer', newOwnerId: heir.id }],
    });
    expect(res.statusCode, res.body).toBe(204);

    const list = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: heir.auth });
    const handedOver = list.json().find((workspace: { id: string }) => workspace.id === zoe.workspaceId);
    expect(handedOver).toMatchObject({ ownerId: heir.id });
    const members = await t.app.inject({
      method: 'GET',
      url: `/api/workspace/${zoe.workspaceId}/members`,
      headers: other.auth,
    });
    expect(
      members.json().members.map((member: { id: string; role: string }) => [member.id, member.role]),
    ).toEqual([
      [heir.id, 'owner'],
      [other.id, 'member'],
    ]);
    // Her private project there passed to the new owner.
    const [kept] = await t.app.db.select().from(projects).where(eq(projects.id, draft.id));
    expect(kept!.createdBy).toBe(heir.id);

    // The workspace's audit log says who handed it to whom, that she left, and that her account went.
    const logged = await t.app.db
      .select({ action: schema.auditEntries.action, after: schema.auditEntries.after })
      .from(schema.auditEntries)
      .where(eq(schema.auditEntries.workspaceId, zoe.workspaceId))
      .orderBy(schema.auditEntries.seq);
    expect(logged.slice(-3)).toEqual([
      {
        action: 'workspace.owner_changed',
        after: { ownerId: heir.id, owner: 'Hugo Heredero' },
      },
      { action: 'member.left', after: null },
      { action: 'account.deleted', after: null },
    ]);
  });

  it('deletes a workspace when asked, and the members keep their own workspaces', async () => {
    const zoe = await signedUpPerson();
    const member = await createUser(t.app);
    await addMember(t.app, zoe.workspaceId, member.id);
    expect((await askCode(zoe)).statusCode).toBe(204);
    const res = await deleteAccount(zoe, {
      code: lastCodeTo(t.app, zoe.email),
      workspaces: [{ workspaceId: zoe.workspaceId, action: 'delete' }],
    });
    expect(res.statusCode, res.body).toBe(204);
    const list = await t.app.inject({ method: 'GET', url: '/api/workspace/list', headers: member.auth });
    expect(list.json().map((workspace: { id: string }) => workspace.id)).toEqual([member.workspaceId]);
  });

  it('refuses, naming them, while a workspace with members has no decision; the code still works after', async () => {
    const zoe = await signedUpPerson();
    const member = await createUser(t.app);
    await addMember(t.app, zoe.workspaceId, member.id);
    await t.app.db.update(workspaces).set({ name: 'Agencia Zeta' }).where(eq(workspaces.id, zoe.workspaceId));
    expect((await askCode(zoe)).statusCode).toBe(204);
    const code = lastCodeTo(t.app, zoe.email);

    const refused = await deleteAccount(zoe, { code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'OWNED_WORKSPACES_UNDECIDED',
      issues: [{ path: zoe.workspaceId, message: 'Agencia Zeta' }],
    });
    expect(refused.json().error.message).toContain('Agencia Zeta');
    const notAMember = await deleteAccount(zoe, {
      code,
      workspaces: [
        { workspaceId: zoe.workspaceId, action: 'transfer', newOwnerId: (await createUser(t.app)).id },
      ],
    });
    expect(notAMember.statusCode).toBe(400);
    expect(await t.app.db.select({ id: users.id }).from(users).where(eq(users.id, zoe.id))).toHaveLength(1);

    const done = await deleteAccount(zoe, {
      code,
      workspaces: [{ workspaceId: zoe.workspaceId, action: 'delete' }],
    });
    expect(done.statusCode, done.body).toBe(204);
  });

  it('waits for a subscription that renews to be cancelled, keeping the code', async () => {
    const zoe = await signedUpPerson();
    await t.app.db.insert(subscriptions).values({
      workspaceId: zoe.workspaceId,
      provider: 'sandbox',
      externalId: 'sbx_sub_zoe',
      paymentType: 'MONTHLY',
      status: 'active',
    });
    expect((await askCode(zoe)).statusCode).toBe(204);
    const code = lastCodeTo(t.app, zoe.email);
    const refused = await deleteAccount(zoe, { code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SUBSCRIPTION_EXISTS');
    await t.app.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(subscriptions.workspaceId, zoe.workspaceId));
    expect((await deleteAccount(zoe, { code })).statusCode).toBe(204);
  });

  it('refuses without the deletion code: a wrong one, none asked for, or a sign-in code', async () => {
    const zoe = await signedUpPerson();
    expect((await deleteAccount(zoe, { code: '123456' })).json().error.code).toBe('CODE_INVALID');
    expect((await deleteAccount(zoe, {})).statusCode).toBe(400);

    // A sign-in code mailed to the same address cannot delete the account.
    await t.app.inject({ method: 'POST', url: '/api/auth/email/start', payload: { email: zoe.email } });
    const signInCode = lastCodeTo(t.app, zoe.email);
    const replayed = await deleteAccount(zoe, { code: signInCode });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.code).toBe('CODE_INVALID');

    expect((await askCode(zoe)).statusCode).toBe(204);
    expect((await deleteAccount(zoe, { code: '000000' })).json().error.code).toBe('CODE_INVALID');
    expect(await t.app.db.select({ id: users.id }).from(users).where(eq(users.id, zoe.id))).toHaveLength(1);
  });

  it('mails the code in the person’s language, saying what it is for', async () => {
    const zoe = await signedUpPerson();
    expect((await askCode(zoe)).statusCode).toBe(204);
    const mail = t.app.mailer.recent().find((sent) => sent.to === zoe.email);
    expect(mail!.subject).toContain('eliminar tu cuenta');
  });
});

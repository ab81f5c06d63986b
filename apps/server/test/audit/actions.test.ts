import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEntries, workspaces } from '../../src/db/schema.ts';
import { verifyAuditChain } from '../../src/modules/audit/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { addMember, createUser, type TestUser } from '../helpers/factories.ts';
import { lastCodeTo, login, requestCode, signUp } from '../helpers/login.ts';
import { accept, invited, makePro, resend, revoke } from '../invitations/invitation-helpers.ts';
import { createWebhook } from '../webhooks/webhook-helpers.ts';
import { latest } from './audit-helpers.ts';

/*
 * Each security-relevant action that exists, made through its real route, leaves one entry in its
 * workspace's audit log with who, what, from where, and its before/after.
 */

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AuditTest/1.0';
const PUBLIC_HOOK = 'https://93.184.215.14/hooks/redacta';
let t: TestApp;
let owner: TestUser;

beforeEach(async () => {
  t = await createTestApp();
  owner = await createUser(t.app, { firstName: 'Olga', lastName: 'Dueña' });
});
afterEach(() => t.app.close());

const as = (user: Pick<TestUser, 'auth'>) => ({ ...user.auth, 'user-agent': BROWSER });

describe('workspace, projects and documents', () => {
  it('records a rename with the old and new name, the owner, the address and the browser', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/rename/${owner.workspaceId}`,
      headers: as(owner),
      payload: { name: 'Marketing' },
      remoteAddress: '203.0.113.7',
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = await latest(t.app, owner, owner.workspaceId, 'workspace.renamed');
    expect(entry).toMatchObject({
      actor: 'Olga Dueña',
      actorKind: 'user',
      actorUserId: owner.id,
      target: { type: 'workspace', id: owner.workspaceId, label: 'Marketing' },
      before: { name: 'Mi espacio de trabajo' },
      after: { name: 'Marketing' },
      ip: '203.0.113.7',
      userAgent: BROWSER,
    });
    expect(Date.now() - Date.parse(entry.at)).toBeLessThan(60_000);
  });

  it('records a project shared and made private again, with isShared before and after', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${owner.workspaceId}/project`,
      headers: owner.auth,
    });
    const projectId = created.json().id as string;
    const share = (isShared: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/project/${projectId}/share-to-workspace`,
        headers: as(owner),
        payload: { isShared },
      });
    expect((await share(true)).json()).toEqual({ id: projectId, isShared: true });
    // Asked again for what it already is: nothing changes, nothing is recorded.
    expect((await share(true)).json()).toEqual({ id: projectId, isShared: true });
    expect((await share(false)).json()).toEqual({ id: projectId, isShared: false });

    const shared = await latest(t.app, owner, owner.workspaceId, 'project.shared');
    expect(shared).toMatchObject({
      target: { type: 'project', id: projectId },
      before: { isShared: false },
      after: { isShared: true },
    });
    const madePrivate = await latest(t.app, owner, owner.workspaceId, 'project.made_private');
    expect(madePrivate).toMatchObject({ before: { isShared: true }, after: { isShared: false } });
    const all = await t.app.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.workspaceId, owner.workspaceId));
    expect(all.filter((row) => row.action === 'project.shared')).toHaveLength(1);
  });

  it('records a document version restored', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${owner.workspaceId}/project`,
      headers: owner.auth,
    });
    const projectId = created.json().id as string;
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/project/${projectId}/document/versions`,
      headers: owner.auth,
      payload: { name: 'Primera' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/project/${projectId}/document/versions/${saved.json().id}/restore`,
      headers: as(owner),
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const entry = await latest(t.app, owner, owner.workspaceId, 'document.version_restored');
    expect(entry).toMatchObject({
      actor: 'Olga Dueña',
      target: { type: 'project', id: projectId },
      after: { versionId: saved.json().id, savedVersionId: restored.json().savedVersionId },
    });
  });
});

describe('API keys and webhooks', () => {
  it('records a key made and revoked; what a key does is by "API · <key name>"', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${owner.workspaceId}/api-keys`,
      headers: as(owner),
      payload: { name: 'Catálogo', scopes: ['read', 'write'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { id, key } = made.json() as { id: string; key: string };
    expect(await latest(t.app, owner, owner.workspaceId, 'api_key.created')).toMatchObject({
      actor: 'Olga Dueña',
      target: { type: 'api_key', id, label: 'Catálogo' },
      after: { scopes: ['read', 'write'], expiresAt: null },
    });

    const project = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${owner.workspaceId}/project`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(project.statusCode, project.body).toBe(201);
    const shared = await t.app.inject({
      method: 'PATCH',
      url: `/api/project/${project.json().id}/share-to-workspace`,
      headers: { authorization: `Bearer ${key}`, 'user-agent': 'catalogue-sync/2.0' },
      payload: { isShared: true },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(await latest(t.app, owner, owner.workspaceId, 'project.shared')).toMatchObject({
      actor: 'API · Catálogo',
      actorKind: 'api_key',
      actorApiKeyId: id,
      actorUserId: owner.id,
      userAgent: 'catalogue-sync/2.0',
    });

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-key/${id}`, headers: as(owner) });
    expect(revoked.statusCode).toBe(204);
    expect(await latest(t.app, owner, owner.workspaceId, 'api_key.revoked')).toMatchObject({
      target: { type: 'api_key', id, label: 'Catálogo' },
    });
  });

  it('records a webhook created, changed, its secret rotated and deleted', async () => {
    const { id } = await createWebhook(t.app, owner, PUBLIC_HOOK, ['batch.finished']);
    expect(await latest(t.app, owner, owner.workspaceId, 'webhook.created')).toMatchObject({
      target: { type: 'webhook', id, label: PUBLIC_HOOK },
      after: { url: PUBLIC_HOOK, events: ['batch.finished'] },
    });

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/webhook/${id}`,
      headers: owner.auth,
      payload: { enabled: false, events: ['batch.finished', 'reply.finished'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await latest(t.app, owner, owner.workspaceId, 'webhook.updated')).toMatchObject({
      before: { enabled: true, events: ['batch.finished'] },
      after: { enabled: false, events: ['batch.finished', 'reply.finished'] },
    });

    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/webhook/${id}/rotate-secret`,
      headers: owner.auth,
    });
    expect(rotated.statusCode).toBe(200);
    const rotation = await latest(t.app, owner, owner.workspaceId, 'webhook.secret_rotated');
    expect(rotation.target.id).toBe(id);
    // The secrets themselves are never in the log.
    expect(JSON.stringify(rotation)).not.toContain('whsec_');

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/webhook/${id}`, headers: owner.auth });
    expect(deleted.statusCode).toBe(204);
    expect(await latest(t.app, owner, owner.workspaceId, 'webhook.deleted')).toMatchObject({
      target: { type: 'webhook', id, label: PUBLIC_HOOK },
      before: { url: PUBLIC_HOOK },
    });
  });
});

describe('invitations and members', () => {
  it('records an invitation sent, sent again, revoked, and another accepted by the invitee', async () => {
    await makePro(t.app, owner.workspaceId);
    const { invitation } = await invited(t.app, owner, owner.workspaceId, 'guest@example.com');
    expect(await latest(t.app, owner, owner.workspaceId, 'invitation.sent')).toMatchObject({
      actor: 'Olga Dueña',
      target: { type: 'invitation', id: invitation.id, label: 'guest@example.com' },
    });
    // A minute later, as the resend route allows.
    await t.app.db.execute(
      `update invitations set created_at = created_at - interval '2 minutes' where id = '${invitation.id}'`,
    );
    const resent = await resend(t.app, owner, invitation.id);
    expect(resent.statusCode, resent.body).toBeLessThan(300);
    expect((await latest(t.app, owner, owner.workspaceId, 'invitation.resent')).target.id).toBe(
      invitation.id,
    );
    expect((await revoke(t.app, owner, invitation.id)).statusCode).toBeLessThan(300);
    expect((await latest(t.app, owner, owner.workspaceId, 'invitation.revoked')).target.id).toBe(
      invitation.id,
    );

    const guest = await createUser(t.app, { email: 'bea@example.com', firstName: 'Bea', lastName: 'Ruiz' });
    const second = await invited(t.app, owner, owner.workspaceId, 'bea@example.com');
    expect((await accept(t.app, guest, second.token)).statusCode).toBe(200);
    expect(await latest(t.app, owner, owner.workspaceId, 'invitation.accepted')).toMatchObject({
      actor: 'Bea Ruiz',
      actorUserId: guest.id,
      target: { type: 'invitation', id: second.invitation.id, label: 'bea@example.com' },
    });
  });

  it('records a member removed by the owner and a member who left', async () => {
    const removed = await createUser(t.app, { firstName: 'Rita', lastName: 'Sáez' });
    const leaver = await createUser(t.app, { firstName: 'Luis', lastName: 'Mar' });
    await addMember(t.app, owner.workspaceId, removed.id);
    await addMember(t.app, owner.workspaceId, leaver.id);

    const removal = await t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/${owner.workspaceId}/remove-invited-user/${removed.id}`,
      headers: owner.auth,
    });
    expect(removal.statusCode, removal.body).toBeLessThan(300);
    expect(await latest(t.app, owner, owner.workspaceId, 'member.removed')).toMatchObject({
      actor: 'Olga Dueña',
      target: { type: 'user', id: removed.id, label: 'Rita Sáez' },
      before: { role: 'member' },
    });

    const left = await t.app.inject({
      method: 'POST',
      url: `/api/workspace/${owner.workspaceId}/leave`,
      headers: leaver.auth,
    });
    expect(left.statusCode, left.body).toBeLessThan(300);
    expect(await latest(t.app, owner, owner.workspaceId, 'member.left')).toMatchObject({
      actor: 'Luis Mar',
      target: { type: 'user', id: leaver.id },
    });
  });
});

describe('signing in', () => {
  it('records a sign-in with an e-mail code and a failed one in every workspace of the address', async () => {
    const person = await signUp(t.app, 'marta@example.com');
    // Marta also belongs to Olga's workspace: both logs hear of her sign-ins.
    await addMember(t.app, owner.workspaceId, person.user.id);
    const [own] = await t.app.db
      .select({ workspaceId: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.ownerId, person.user.id));
    const marta = { auth: person.auth, workspaceId: own!.workspaceId };

    expect((await requestCode(t.app, 'marta@example.com')).statusCode).toBe(204);
    const code = lastCodeTo(t.app, 'marta@example.com');
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': BROWSER },
      payload: { method: 'email', email: 'marta@example.com', code: wrongCode },
      remoteAddress: '198.51.100.9',
    });
    expect(wrong.statusCode).toBe(400);
    for (const workspaceId of [owner.workspaceId, marta.workspaceId]) {
      const reader = workspaceId === owner.workspaceId ? owner : marta;
      expect(await latest(t.app, reader, workspaceId, 'auth.sign_in_failed')).toMatchObject({
        actor: 'marta@example.com',
        actorUserId: person.user.id,
        target: { type: 'user', id: person.user.id, label: 'marta@example.com' },
        after: { method: 'email', reason: 'CODE_INVALID' },
        ip: '198.51.100.9',
        userAgent: BROWSER,
      });
    }

    const right = await login(t.app, 'marta@example.com', code);
    expect(right.statusCode).toBe(200);
    expect(await latest(t.app, owner, owner.workspaceId, 'auth.signed_in')).toMatchObject({
      actorUserId: person.user.id,
      target: { type: 'user', id: person.user.id, label: 'marta@example.com' },
      after: { method: 'email' },
    });
  });

  it('records nothing for an address without an account', async () => {
    await requestCode(t.app, 'nobody@example.com');
    const res = await login(t.app, 'nobody@example.com', '000000');
    expect(res.statusCode).toBe(400);
    const rows = await t.app.db.select().from(auditEntries);
    expect(rows.filter((row) => row.action === 'auth.sign_in_failed')).toEqual([]);
  });
});

describe('billing', () => {
  it('records a plan change by the operator command with the plan and seats before and after', async () => {
    const { setPlan } = await import('../../src/cli/commands/set-plan.ts');
    await setPlan(t.app.db, { workspaceId: owner.workspaceId, plan: 'enterprise', enterpriseSeats: 25 });
    expect(await latest(t.app, owner, owner.workspaceId, 'billing.plan_changed')).toMatchObject({
      actor: 'Operator',
      actorKind: 'system',
      actorUserId: null,
      before: { plan: 'free', userSeats: 0 },
      after: { plan: 'enterprise', userSeats: 25 },
      ip: null,
    });
    await setPlan(t.app.db, { workspaceId: owner.workspaceId, plan: 'enterprise', enterpriseSeats: 30 });
    expect(await latest(t.app, owner, owner.workspaceId, 'billing.seats_changed')).toMatchObject({
      before: { plan: 'enterprise', userSeats: 25 },
      after: { plan: 'enterprise', userSeats: 30 },
    });
  });
});

it('keeps one valid chain through all of it', async () => {
  const rename = (name: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/workspace/rename/${owner.workspaceId}`,
      headers: owner.auth,
      payload: { name },
    });
  await Promise.all(['Uno', 'Dos', 'Tres', 'Cuatro', 'Cinco', 'Seis'].map(rename));
  expect(await verifyAuditChain(t.app.db, owner.workspaceId)).toEqual({ valid: true, entries: 6 });
});

import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.ts';
import { insertProject } from '../helpers/project-factories.ts';
import { liveSession, sharedProject, synced, until } from './live-client.ts';

const session = liveSession();
const { open } = session;

async function team() {
  const { app } = await session.start();
  return { app, ...(await sharedProject(app)) };
}

describe('who may open a live document', () => {
  it('lets every member who can see the project in, and refuses an outsider as forbidden', async () => {
    const { app, member, project } = await team();
    const outsider = await createUser(app);
    const allowed = open(app, project.id, member.accessToken);
    await synced(allowed);
    const refused = open(app, project.id, outsider.accessToken);
    await until(() => refused.refusals.length > 0, 'the refusal');
    expect(refused.refusals[0]).toBe('forbidden');
    await until(() => refused.socketCloses.length > 0, 'the socket to close');
    expect(refused.socketCloses[0]).toEqual({ code: 4403, reason: 'forbidden' });
    expect(refused.provider.synced).toBe(false);
  });

  it('refuses a private project of someone else and a document name that is no project', async () => {
    const { app, owner, member } = await team();
    const secret = await insertProject(app, owner, { isShared: false });
    const a = open(app, secret.id, member.accessToken);
    const b = open(app, 'not-a-project', member.accessToken);
    const c = open(app, randomUUID(), member.accessToken);
    await until(() => [a, b, c].every((client) => client.refusals.length > 0), 'three refusals');
    expect([a, b, c].map((client) => client.refusals[0])).toEqual(['forbidden', 'forbidden', 'forbidden']);
  });

  it('refuses a forged, an expired and a signed-out token as token-expired', async () => {
    const { app, owner, project } = await team();
    const forged = await new SignJWT({ sid: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(owner.id)
      .setIssuer('redacta')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const expired = await new SignJWT({ sid: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(owner.id)
      .setIssuer('redacta')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(app.config.JWT_SECRET));
    const tokens = [forged, expired, 'not a token'];
    const refused = tokens.map((token) => open(app, project.id, token));
    await until(() => refused.every((client) => client.refusals.length > 0), 'three refusals');
    expect(refused.map((client) => client.refusals[0])).toEqual([
      'token-expired',
      'token-expired',
      'token-expired',
    ]);
    expect(refused[0]!.socketCloses[0]?.code ?? 4401).toBe(4401);
  });
});

describe('a long session', () => {
  it('renews the token before it expires without closing the connection', async () => {
    const { app, owner, project } = await team();
    const secret = new TextEncoder().encode(app.config.JWT_SECRET);
    const sid = randomUUID();
    const token = (seconds: number) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(owner.id)
        .setIssuer('redacta')
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
        .sign(secret);
    // The first token expires within the renewal margin: the server asks for a fresh one at once.
    const tokens = [await token(55), await token(900)];
    let asked = 0;
    const client = open(app, project.id, () => tokens[Math.min(asked++, 1)]!);
    await synced(client);
    await until(() => asked >= 2, 'the server to ask for a fresh token');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(client.refusals).toEqual([]);
    expect(client.socketCloses).toEqual([]);
    expect(app.collab.counts().connections).toBe(1);
  });
});

describe('access that ends closes the live connection at once', () => {
  it('closes a removed member within a second, and keeps the owner', async () => {
    const { app, owner, member, project } = await team();
    const ownerClient = open(app, project.id, owner.accessToken);
    const memberClient = open(app, project.id, member.accessToken);
    await Promise.all([synced(ownerClient), synced(memberClient)]);
    const removed = await app.inject({
      method: 'PATCH',
      url: `/api/workspace/${owner.workspaceId}/remove-invited-user/${member.id}`,
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(204);
    const took = await until(
      () => memberClient.refusals.includes('forbidden'),
      'the member to be closed',
      1000,
    );
    expect(took).toBeLessThan(1000);
    expect(memberClient.socketCloses[0]).toEqual({ code: 4403, reason: 'forbidden' });
    expect(ownerClient.refusals).toEqual([]);
    expect(app.collab.counts().connections).toBe(1);
  });

  it('closes everyone but the creator within a second when the project turns private', async () => {
    const { app, owner, member, project } = await team();
    const ownerClient = open(app, project.id, owner.accessToken);
    const memberClient = open(app, project.id, member.accessToken);
    await Promise.all([synced(ownerClient), synced(memberClient)]);
    const toggled = await app.inject({
      method: 'PATCH',
      url: `/api/project/${project.id}/share-to-workspace`,
      headers: owner.auth,
    });
    expect(toggled.json()).toMatchObject({ isShared: false });
    await until(() => memberClient.refusals.includes('forbidden'), 'the member to be closed', 1000);
    expect(ownerClient.refusals).toEqual([]);
    // The member's provider tries again and is refused for good.
    await until(() => memberClient.refusals.length >= 2, 'the reconnection to be refused');
    expect(new Set(memberClient.refusals)).toEqual(new Set(['forbidden']));
  });

  it('closes a member who leaves, and every editor of a deleted project', async () => {
    const { app, owner, member, project } = await team();
    const other = await insertProject(app, owner, { isShared: true });
    const memberClient = open(app, project.id, member.accessToken);
    const ownerClient = open(app, other.id, owner.accessToken);
    await Promise.all([synced(memberClient), synced(ownerClient)]);
    await app.inject({
      method: 'POST',
      url: `/api/workspace/${owner.workspaceId}/leave`,
      headers: member.auth,
    });
    await until(() => memberClient.refusals.includes('forbidden'), 'the member who left to be closed', 1000);
    await app.inject({ method: 'DELETE', url: `/api/project/${other.id}`, headers: owner.auth });
    await until(() => ownerClient.refusals.includes('forbidden'), 'the deleted project to be closed', 1000);
  });

  it('closes the connections of a session that signs out', async () => {
    const { app, owner, project } = await team();
    const client = open(app, project.id, owner.accessToken);
    await synced(client);
    const sessionId = JSON.parse(Buffer.from(owner.accessToken.split('.')[1]!, 'base64url').toString()).sid;
    await app.revokedSessions.revoke(sessionId);
    await until(() => client.refusals.includes('token-expired'), 'the signed-out session to be closed', 1000);
  });
});

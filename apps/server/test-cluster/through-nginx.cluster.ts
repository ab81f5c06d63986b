import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countWords, type ChatStreamPart } from '@redacta/shared';
import { conversationEntries, processedWebhookEvents, usageCounters, workspaces } from '../src/db/schema.ts';
import { codeFromMail, cookiePair } from '../test/helpers/login.ts';
import type { SinkMail } from '../test/helpers/smtp-sink.ts';
import { createProjectOver, signUpOver, type LogLine } from '../test/ops/child-server.ts';
import { publishedConfigPath } from './nginx.ts';
import { repoRoot } from './paths.ts';
import {
  SHUTDOWN_GRACE_MS,
  startCluster,
  STRIPE_WEBHOOK_SECRET,
  type Cluster,
  type Instance,
} from './start-cluster.ts';

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(() => cluster?.stop());

const json = { 'content-type': 'application/json' };
const xhr = { 'x-requested-with': 'XMLHttpRequest' };
const requestIdOf = (response: Response) => response.headers.get('x-request-id')!;

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });

/** The instance's log lines with this message about this request, in every run of the instance. */
const linesAbout = (instance: Instance, requestId: string, msg: string) =>
  instance.runs.flatMap((server) => server.lines.filter((l) => l.reqId === requestId && l.msg === msg));

/** Polls until `find` answers, for what arrives on its own (a mail, a log line); fails after `timeoutMs`. */
async function eventually<T>(find: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A chat reply read as it arrives: the parts, and for each read of the body the parts it brought and how
 * many pieces the model server had sent by then.
 */
function chatStream(response: Response, sentByModel: () => number = () => 0) {
  const parts: ChatStreamPart[] = [];
  const reads: { parts: ChatStreamPart[]; sentByModel: number }[] = [];
  let textArrived!: () => void;
  const firstText = new Promise<void>((resolve) => (textArrived = resolve));
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body!) {
        const sent = sentByModel();
        buffered += decoder.decode(chunk, { stream: true });
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        const read = lines.filter(Boolean).map((line) => JSON.parse(line) as ChatStreamPart);
        reads.push({ parts: read, sentByModel: sent });
        parts.push(...read);
        if (read.some((part) => part.type === 'text')) textArrived();
      }
    } catch {
      return 'cut' as const;
    }
    return parts.at(-1)?.type ?? 'empty';
  })();
  const text = () => parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { parts, reads, firstText, ended, text };
}

function sendChat(auth: Record<string, string>, workspaceId: string, projectId: string) {
  return post(
    `${cluster.url}/api/chat/send-request-stream`,
    { workspaceId, projectId, message: 'Escribe un anuncio' },
    auth,
  );
}

/** The workspace made Pro the way Stripe does it: Checkout through nginx, then the signed event. */
async function paidCheckout(auth: Record<string, string>, workspaceId: string) {
  const checkout = await post(
    `${cluster.url}/api/subscription/create-subscription`,
    {
      lookupKey: 'proMonthly',
      workspaceId,
      successUrl: `${cluster.url}/projects`,
      cancelUrl: `${cluster.url}/subscription`,
    },
    auth,
  );
  expect(checkout.status).toBe(200);
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
  const subscription = cluster.stripe.completeCheckout(sessionId);
  const event = cluster.stripe.event('checkout.session.completed', cluster.stripe.sessions.get(sessionId)!);
  return { subscriptionId: subscription.id as string, event };
}

/** The SDK only signs, as Stripe signs its deliveries. */
const signer = new Stripe('sk_test_signer_only');
const deliverTo = (url: string, payload: string) =>
  fetch(`${url}/api/stripe/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signer.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_WEBHOOK_SECRET,
      }),
    },
    body: payload,
  });

it('runs the nginx configuration docs/deploy.md publishes, as published', () => {
  const doc = readFileSync(path.join(repoRoot, 'docs/deploy.md'), 'utf8');
  const published = doc.match(/```nginx\n([\s\S]*?)```/);
  expect(published, 'docs/deploy.md shows the configuration in an nginx block').not.toBeNull();
  expect(published![1]).toBe(readFileSync(publishedConfigPath, 'utf8'));
});

it("passes the client's own address and host on, not an X-Forwarded-For the client made up", async () => {
  // From another loopback address than nginx's own, so the app can tell the client from nginx.
  const { status, requestId } = await new Promise<{ status: number; requestId: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        `${cluster.url}/api/auth/providers`,
        {
          localAddress: '127.0.0.2',
          headers: { host: 'app.example.com', 'x-forwarded-for': '203.0.113.9' },
        },
        (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode!, requestId: String(res.headers['x-request-id']) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
  expect(status).toBe(200);
  // nginx's own id for the request ($request_id) is the one the app logs and answers with.
  expect(requestId).toMatch(/^[0-9a-f]{32}$/);
  const instance = await cluster.answeredBy(requestId);
  const [incoming] = linesAbout(instance, requestId, 'incoming request');
  expect(incoming!.req).toMatchObject({ remoteAddress: '127.0.0.2', host: 'app.example.com' });
});

it('signs in through nginx on one instance and refreshes that session on the other', async () => {
  const email = 'session@example.com';
  expect((await post(`${cluster.url}/api/auth/email/start`, { email })).status).toBe(204);
  const code = codeFromMail((await cluster.sink.waitForMail(email)).text);
  const login = await post(`${cluster.url}/api/auth/login`, { method: 'email', email, code });
  expect(login.status).toBe(200);
  const signedInOn = await cluster.answeredBy(requestIdOf(login));
  let cookie = cookiePair(login.headers.getSetCookie())!;

  // The other instance, chosen through its own port: it knows the session the first one started.
  const other = cluster.other(signedInOn);
  const refreshed = await fetch(`${other.url}/api/auth/refresh`, { headers: { cookie, ...xhr } });
  expect(refreshed.status).toBe(200);
  const { accessToken, user } = (await refreshed.json()) as { accessToken: string; user: { email: string } };
  expect(user.email).toBe(email);
  cookie = cookiePair(refreshed.headers.getSetCookie())!;
  // And the first takes the access token the other one signed.
  const me = await fetch(`${signedInOn.url}/api/auth/user`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(me.status).toBe(200);

  // Through nginx, which spreads one request after another over both: each refresh rotates the cookie.
  const answered: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const res = await fetch(`${cluster.url}/api/auth/refresh`, { headers: { cookie, ...xhr } });
    expect(res.status).toBe(200);
    cookie = cookiePair(res.headers.getSetCookie())!;
    answered.push((await cluster.answeredBy(requestIdOf(res))).name);
  }
  expect(answered.sort()).toEqual(['A', 'B']);

  // Logging out through nginx ends the session's access tokens on both instances within seconds.
  const out = await fetch(`${cluster.url}/api/auth/logout`, { method: 'POST', headers: { cookie, ...xhr } });
  expect(out.status).toBe(204);
  for (const instance of [signedInOn, other]) {
    const status = async () =>
      (await fetch(`${instance.url}/api/auth/user`, { headers: { authorization: `Bearer ${accessToken}` } }))
        .status;
    await expect.poll(status, { timeout: 5_000 }).toBe(401);
  }
});

it('counts a rate limit once across both instances (in Redis)', async () => {
  // Five sign-in codes an hour for one address (the default); nginx sends the requests to both.
  const email = 'limited@example.com';
  const answers: { status: number; by: Instance }[] = [];
  for (let i = 0; i < 6; i += 1) {
    const res = await post(`${cluster.url}/api/auth/email/start`, { email });
    answers.push({ status: res.status, by: await cluster.answeredBy(requestIdOf(res)) });
  }
  expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204, 204, 429]);
  const allowed = answers.slice(0, 5).map((answer) => answer.by);
  expect(new Set(allowed).size).toBe(2);
  // The instance that refused had itself let fewer than five through: it counted the other's too.
  const refusedBy = answers[5]!.by;
  expect(allowed.filter((by) => by === refusedBy).length).toBeLessThan(5);
  await eventually(
    () => (cluster.sink.mails.filter((mail) => mail.to.includes(email)).length >= 5 ? true : undefined),
    'five code mails',
  );
  expect(cluster.sink.mails.filter((mail) => mail.to.includes(email))).toHaveLength(5);
});

it('streams a chat reply through nginx piece by piece, not buffered whole', async () => {
  const pieces = ['Primera', ' parte,', ' segunda', ' parte,', ' tercera', ' parte,', ' cuarta', ' y fin.'];
  cluster.peer.script = { chunks: pieces, delayMs: 400 };
  const { auth, workspaceId } = await signUpOver(cluster.url, cluster.sink, 'stream@example.com');
  const projectId = await createProjectOver(cluster.url, auth, workspaceId);

  const modelRequest = cluster.peer.requests.length;
  const response = await sendChat(auth, workspaceId, projectId);
  expect(response.status).toBe(200);
  const stream = chatStream(response, () => cluster.peer.requests[modelRequest]?.chunksSent ?? 0);
  expect(await stream.ended).toBe('finish');
  expect(stream.text()).toBe(pieces.join(''));

  const textReads = stream.reads.filter((read) => read.parts.some((part) => part.type === 'text'));
  // The first words were in the client's hands while the model was still writing the rest...
  expect(textReads[0]!.sentByModel).toBeLessThan(pieces.length);
  // ...and the reply came in several separate reads, as the model wrote it.
  expect(textReads.length).toBeGreaterThanOrEqual(3);
});

it('applies the same signed Stripe event, delivered to both instances at once, once', async () => {
  const { auth, workspaceId } = await signUpOver(cluster.url, cluster.sink, 'billing@example.com');
  const { subscriptionId, event } = await paidCheckout(auth, workspaceId);

  // Straight to each instance, and twice through nginx, all at the same time.
  const [a, b] = cluster.instances;
  const answers = await Promise.all(
    [a.url, b.url, cluster.url, cluster.url].map((url) => deliverTo(url, event.payload)),
  );
  expect(answers.map((answer) => answer.status)).toEqual([204, 204, 204, 204]);

  // Applied once: Stripe was asked for the subscription once, and the event claimed once.
  expect(cluster.stripe.requestsTo('GET', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
  const claims = await cluster.database.db
    .select()
    .from(processedWebhookEvents)
    .where(eq(processedWebhookEvents.id, event.id));
  expect(claims).toHaveLength(1);
  expect(claims[0]!.processedAt).not.toBeNull();
  const summary = await fetch(`${cluster.url}/api/workspace/${workspaceId}/subscription`, { headers: auth });
  expect(await summary.json()).toMatchObject({ plan: 'pro_monthly', status: 'active', userSeats: 3 });
});

it('accepts on one instance an invitation created on the other', async () => {
  const owner = await signUpOver(cluster.url, cluster.sink, 'owner@example.com');
  const { event } = await paidCheckout(owner.auth, owner.workspaceId);
  expect((await deliverTo(cluster.url, event.payload)).status).toBe(204);
  const inviteeEmail = 'invitee@example.com';
  const invitee = await signUpOver(cluster.url, cluster.sink, inviteeEmail);

  const invite = await post(
    `${cluster.url}/api/workspace/${owner.workspaceId}/invite`,
    { email: inviteeEmail },
    owner.auth,
  );
  expect(invite.status).toBeLessThan(300);
  const createdOn = await cluster.answeredBy(requestIdOf(invite));
  const mail = await eventually(
    () =>
      cluster.sink.mails.find(
        (sent: SinkMail) => sent.to.includes(inviteeEmail) && sent.text.includes('/invite/existing?token='),
      ),
    'the invitation mail',
  );
  const token = mail.text.match(/\/invite\/existing\?token=([A-Za-z0-9_-]{65})/)![1]!;

  // Accepted on the other instance, chosen through its own port.
  const accepted = await post(
    `${cluster.other(createdOn).url}/api/workspace/add-user-by-token`,
    { token },
    invitee.auth,
  );
  expect(accepted.status).toBe(200);
  expect(await accepted.json()).toEqual({ id: owner.workspaceId });

  // Through nginx the invitee now has the owner's workspace, and the link is spent on both instances.
  const workspaces = await fetch(`${cluster.url}/api/workspace/list`, { headers: invitee.auth });
  expect(((await workspaces.json()) as { id: string }[]).map((w) => w.id)).toContain(owner.workspaceId);
  const again = await post(`${createdOn.url}/api/workspace/add-user-by-token`, { token }, invitee.auth);
  expect(again.status).toBeGreaterThanOrEqual(400);
  expect(again.status).toBeLessThan(500);
});

it('restarts one instance while 20 replies stream through nginx: none lost, each charged once, new requests go to the other', async () => {
  const pieces = Array.from({ length: 10 }, (_, i) => ` palabra${i}`);
  const reply = pieces.join('');
  // About 4 s a reply: all of them fit the grace many times over.
  cluster.peer.script = { chunks: pieces, delayMs: 400 };
  const { auth, workspaceId } = await signUpOver(cluster.url, cluster.sink, 'restart@example.com');
  // One person's 20 replies at once: a plan whose replies in progress are not capped.
  await cluster.database.db
    .update(workspaces)
    .set({ plan: 'enterprise' })
    .where(eq(workspaces.id, workspaceId));
  const projectIds: string[] = [];
  for (let i = 0; i < 20; i += 1) projectIds.push(await createProjectOver(cluster.url, auth, workspaceId));

  const responses = await Promise.all(projectIds.map((projectId) => sendChat(auth, workspaceId, projectId)));
  expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
  const streams = responses.map((response) => ({ id: requestIdOf(response), ...chatStream(response) }));
  await Promise.all(streams.map((stream) => stream.firstText));

  // nginx spread the streams over both instances. The one holding fewer is restarted: counting open
  // requests, nginx would give it the next ones, so they only reach the other if nginx skips it.
  const holding = (instance: Instance) =>
    streams.filter((stream) => linesAbout(instance, stream.id, 'incoming request').length > 0).length;
  const [a, b] = cluster.instances;
  await eventually(() => (holding(a) + holding(b) === 20 ? true : undefined), 'every stream logged');
  expect(holding(a)).toBeGreaterThan(0);
  expect(holding(b)).toBeGreaterThan(0);
  const stopped = holding(a) <= holding(b) ? a : b;
  const survivor = cluster.other(stopped);
  const stoppedRun = stopped.server;

  stoppedRun.process.kill('SIGTERM');
  await stoppedRun.logged((line) => line.msg === 'shutting down');

  // From then on every new request through nginx is answered, and by the other instance.
  const later: Response[] = [];
  for (let i = 0; i < 3; i += 1)
    later.push(await fetch(`${cluster.url}/api/workspace/list`, { headers: auth }));
  const lateProjects: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const res = await post(`${cluster.url}/api/workspace/${workspaceId}/project`, {}, auth);
    expect(res.status).toBe(201);
    later.push(res);
    lateProjects.push(((await res.json()) as { id: string }).id);
  }
  const lateResponses = await Promise.all(
    lateProjects.map((projectId) => sendChat(auth, workspaceId, projectId)),
  );
  expect(lateResponses.map((response) => response.status)).toEqual([200, 200]);
  const lateStreams = lateResponses.map((response) => ({
    id: requestIdOf(response),
    ...chatStream(response),
  }));
  expect(later.map((res) => res.status)).toEqual([200, 200, 200, 201, 201]);
  const answeredLater = await Promise.all(
    [...later.map(requestIdOf), ...lateStreams.map((stream) => stream.id)].map((id) =>
      cluster.answeredBy(id),
    ),
  );
  expect(answeredLater.map((instance) => instance.name)).toEqual(answeredLater.map(() => survivor.name));

  // Every reply arrives whole; the stopped instance finished its own within the grace and exited 0.
  const everyStream = [...streams, ...lateStreams];
  expect(await Promise.all(everyStream.map((stream) => stream.ended))).toEqual(
    everyStream.map(() => 'finish'),
  );
  expect(everyStream.map((stream) => stream.text())).toEqual(everyStream.map(() => reply));
  expect(await stoppedRun.exited, stoppedRun.output()).toBe(0);
  expect(stoppedRun.lines.some((line) => line.msg.startsWith('grace period over'))).toBe(false);

  // One turn each, complete, wherever it ran; each reply saved once and its words charged once.
  const turns = everyStream.map((stream) =>
    cluster.instances.flatMap((instance) => linesAbout(instance, stream.id, 'chat turn ended')),
  );
  expect(turns.map((lines) => lines.map((line: LogLine) => [line.outcome, line.words]))).toEqual(
    everyStream.map(() => [['complete', countWords(reply)]]),
  );
  const allProjects = [...projectIds, ...lateProjects];
  const saved = await cluster.database.db
    .select({
      projectId: conversationEntries.projectId,
      content: conversationEntries.content,
      status: conversationEntries.status,
    })
    .from(conversationEntries)
    .where(
      and(inArray(conversationEntries.projectId, allProjects), eq(conversationEntries.role, 'assistant')),
    );
  const byProject = (rows: { projectId: string }[]) =>
    [...rows].sort((x, y) => x.projectId.localeCompare(y.projectId));
  expect(byProject(saved)).toEqual(
    byProject(allProjects.map((projectId) => ({ projectId, content: reply, status: 'complete' }))),
  );
  const usage = await cluster.database.db
    .select({ wordCount: usageCounters.wordCount })
    .from(usageCounters)
    .where(eq(usageCounters.workspaceId, workspaceId));
  expect(usage.reduce((sum, row) => sum + row.wordCount, 0)).toBe(allProjects.length * countWords(reply));

  // Started again on its port, it is ready, and nginx sends it requests again.
  await cluster.restart(stopped);
  expect((await fetch(`${stopped.url}/readyz`)).status).toBe(200);
  const deadline = Date.now() + 60_000;
  let backOn: Instance | undefined;
  while (backOn !== stopped) {
    if (Date.now() > deadline)
      throw new Error(`nginx sent nothing to the restarted instance:\n${cluster.logs()}`);
    const res = await fetch(`${cluster.url}/api/workspace/list`, { headers: auth });
    expect(res.status).toBe(200);
    backOn = await cluster.answeredBy(requestIdOf(res));
    if (backOn !== stopped) await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

it('sends a chat still waiting for its first token when a drain ends to the other instance, and shows its message once', async () => {
  const reply = ' Un anuncio que llega del otro servidor.';
  const { auth, workspaceId } = await signUpOver(cluster.url, cluster.sink, 'first-token@example.com');
  const projectId = await createProjectOver(cluster.url, auth, workspaceId);
  // The first model call answers long after the grace; the one it is sent again to answers at once.
  cluster.peer.queue = [
    { chunks: ['Tarde.'], delayMs: SHUTDOWN_GRACE_MS * 3 },
    { chunks: [reply], delayMs: 50 },
  ];
  const called = cluster.peer.requests.length;
  const waiting = sendChat(auth, workspaceId, projectId);
  await eventually(() => (cluster.peer.requests.length > called ? true : undefined), 'the model called');
  const holding = cluster.instances.find((instance) =>
    instance.server.lines.some(
      (line) =>
        line.msg === 'incoming request' &&
        (line.req as { url: string }).url === '/api/chat/send-request-stream' &&
        !instance.server.lines.some((end) => end.reqId === line.reqId && end.msg === 'request completed'),
    ),
  )!;
  expect(holding).toBeDefined();
  const stoppedRun = holding.server;
  stoppedRun.process.kill('SIGTERM');

  // The client never sees the drain: its one request is answered by the other instance.
  const response = await waiting;
  expect(response.status).toBe(200);
  const stream = chatStream(response);
  expect(await stream.ended).toBe('finish');
  expect(stream.text()).toBe(reply);
  expect(await stoppedRun.exited, stoppedRun.output()).toBe(0);
  // One request id, one turn on each instance: cut before its first token there, complete here.
  const turnsOf = (instance: Instance) =>
    linesAbout(instance, requestIdOf(response), 'chat turn ended').map((line) => [line.outcome, line.reason]);
  expect(turnsOf(holding)).toEqual([['aborted', 'before_first_token']]);
  // The answering instance logs its turn once the reply is saved, just after the stream's last part.
  await eventually(
    () => (turnsOf(cluster.other(holding)).length > 0 ? true : undefined),
    'the other instance logged its turn',
  );
  expect(turnsOf(cluster.other(holding))).toEqual([['complete', undefined]]);

  const entries = await cluster.database.db
    .select({ role: conversationEntries.role, content: conversationEntries.content })
    .from(conversationEntries)
    .where(eq(conversationEntries.projectId, projectId))
    .orderBy(conversationEntries.createdAt);
  expect(entries).toEqual([
    { role: 'user', content: 'Escribe un anuncio' },
    { role: 'assistant', content: reply },
  ]);
  await cluster.restart(holding);
}, 120_000);

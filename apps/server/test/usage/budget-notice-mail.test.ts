import { afterEach, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { budgetNotices } from '../../src/db/schema.ts';
import { createMailer } from '../../src/mail/transport.ts';
import { sendOwedBudgetNotices } from '../../src/modules/budgets/notices.ts';
import { createTestApp, restartedApp } from '../helpers/app.ts';
import { addMember, createUser, setPlan, type TestUser } from '../helpers/factories.ts';
import { peerAppEnv, startOpenAIPeer, type OpenAIPeer } from '../helpers/openai-peer.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';

/*
 * A budget notice's mail is owed until the mail server took it (docs/product.md, "Usage per member and
 * budgets"): one that could not be sent is sent by the next round, once.
 */

const open: { apps: App[]; sinks: SmtpSink[]; peers: OpenAIPeer[] } = { apps: [], sinks: [], peers: [] };
afterEach(async () => {
  for (const app of open.apps.splice(0)) await app.close();
  for (const sink of open.sinks.splice(0)) await sink.close();
  for (const peer of open.peers.splice(0)) await peer.close();
});

const fortyWords = Array.from({ length: 4 }, (_, i) =>
  Array.from({ length: 10 }, (_, j) => ` palabra${i * 10 + j}`).join(''),
);

async function noticesOf(app: App, member: TestUser) {
  return app.db
    .select({
      threshold: budgetNotices.threshold,
      sentAt: budgetNotices.mailSentAt,
      claimedAt: budgetNotices.mailClaimedAt,
    })
    .from(budgetNotices)
    .where(and(eq(budgetNotices.userId, member.id)));
}

it('sends a budget notice whose mail failed on the next round, once', async () => {
  // The mail server is down when the member's charge crosses 80 % of their budget.
  const down = await startSmtpSink();
  await down.close();
  const peer = await startOpenAIPeer({ chunks: fortyWords, delayMs: 1 });
  open.peers.push(peer);
  const first = await createTestApp(peerAppEnv(peer, { SMTP_URL: down.url }));
  open.apps.push(first.app);
  const owner = await createUser(first.app);
  const bea = await createUser(first.app, { email: `bea-${crypto.randomUUID().slice(0, 6)}@example.com` });
  await addMember(first.app, owner.workspaceId, bea.id);
  await setPlan(first.app, owner.workspaceId, 'pro_monthly');
  const budget = await first.app.inject({
    method: 'PUT',
    url: `/api/workspace/${owner.workspaceId}/member/${bea.id}/budget`,
    headers: owner.auth,
    payload: { monthlyWords: 50 },
  });
  expect(budget.statusCode).toBe(200);
  const generated = await first.app.inject({
    method: 'POST',
    url: `/api/workspace/${owner.workspaceId}/generate`,
    headers: bea.auth,
    payload: { prompt: 'Un eslogan' },
  });
  expect(generated.json().words).toBe(40);
  // The notice is recorded, its mail owed: the send failed and let its claim go.
  await expect
    .poll(async () => noticesOf(first.app, bea))
    .toEqual([{ threshold: 80, sentAt: null, claimedAt: null }]);
  await first.app.close();
  open.apps.length = 0;

  // The next server on the same database, with its mail server up, sends it once it is ready.
  const sink = await startSmtpSink();
  open.sinks.push(sink);
  const second = await restartedApp({ SMTP_URL: sink.url });
  open.apps.push(second);
  const mail = await sink.waitForMail(bea.email, 30_000);
  expect(mail.subject).toBe('Has usado el 80 % de tu presupuesto de palabras');
  await expect.poll(async () => (await noticesOf(second, bea))[0]?.sentAt).toBeInstanceOf(Date);

  // Sent, a round after it sends nothing more.
  const deps = {
    db: second.db,
    mailer: createMailer({ smtpUrl: sink.url, from: 'Redacta <hola@redacta.test>', logger: second.log }),
    appUrl: 'http://localhost:3000',
    log: second.log,
  };
  await sendOwedBudgetNotices(deps);
  expect(sink.mails.filter((sent) => sent.to.includes(bea.email))).toHaveLength(1);

  // A sender that took the mail on and died leaves it owed once its claim is ten minutes old, not before.
  await second.db
    .update(budgetNotices)
    .set({ mailSentAt: null, mailClaimedAt: new Date(Date.now() - 60_000) })
    .where(eq(budgetNotices.userId, bea.id));
  await sendOwedBudgetNotices(deps);
  expect(sink.mails.filter((sent) => sent.to.includes(bea.email))).toHaveLength(1);
  await second.db
    .update(budgetNotices)
    .set({ mailClaimedAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(budgetNotices.userId, bea.id));
  await sendOwedBudgetNotices(deps);
  expect(sink.mails.filter((sent) => sent.to.includes(bea.email))).toHaveLength(2);
}, 90_000);

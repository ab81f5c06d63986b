import { afterEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BATCH_EMAIL_AFTER_MS } from '@redacta/shared';
import type { App } from '../../src/app.ts';
import { batches } from '../../src/db/schema.ts';
import { createTestApp, restartedApp } from '../helpers/app.ts';
import { createUser, setPlan } from '../helpers/factories.ts';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink.ts';
import { batchAction, createdBatch, createTemplate, productsCsv, waitForBatch } from './batch-helpers.ts';

const open: { apps: App[]; sinks: SmtpSink[] } = { apps: [], sinks: [] };
afterEach(async () => {
  for (const app of open.apps.splice(0)) await app.close();
  for (const sink of open.sinks.splice(0)) await sink.close();
});

const mailDue = async (app: App, id: string) =>
  (await app.db.select({ due: batches.mailDue }).from(batches).where(eq(batches.id, id)))[0]!.due;

it('sends the mail a long batch owes when the server starts again, if it could not be sent when it ended', async () => {
  // The mail server is down while the batch ends: its address answers nothing.
  const down = await startSmtpSink();
  await down.close();
  const first = await createTestApp({ SMTP_URL: down.url });
  open.apps.push(first.app);
  const ana = await createUser(first.app);
  await setPlan(first.app, ana.workspaceId, 'free');
  const template = await createTemplate(first.app, ana);
  const batch = await createdBatch(first.app, ana, { csv: productsCsv(3), templateId: template.id });
  await batchAction(first.app, ana, batch.id, 'start');
  // As if it had started two minutes ago: it is still writing its first rows.
  await first.app.db
    .update(batches)
    .set({ startedAt: new Date(Date.now() - 2 * BATCH_EMAIL_AFTER_MS) })
    .where(eq(batches.id, batch.id));
  await waitForBatch(first.app, ana, batch.id, (b) => b.status === 'done');
  // The commit that ended it says a mail is owed, and it stays owed: the send failed.
  expect(await mailDue(first.app, batch.id)).toBe(true);
  await first.app.close();
  open.apps.length = 0;

  // The next server on the same database, with its mail server up, sends it once it is ready.
  const sink = await startSmtpSink();
  open.sinks.push(sink);
  const second = await restartedApp({ SMTP_URL: sink.url });
  open.apps.push(second);
  const mail = await sink.waitForMail(ana.email, 30_000);
  expect(mail.subject).toBe('Tu lote «productos.csv» ha terminado');
  expect(mail.text).toContain('Se han escrito 3 de 3 filas.');
  await expect.poll(() => mailDue(second, batch.id)).toBe(false);

  // Sent, it is not sent again by the server after.
  await second.close();
  open.apps.length = 0;
  const third = await restartedApp({ SMTP_URL: sink.url });
  open.apps.push(third);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(sink.mails.filter((sent) => sent.to.includes(ana.email))).toHaveLength(1);
});

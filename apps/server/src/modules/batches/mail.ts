import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { resolveLocale, type Locale } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { batches, users } from '../../db/schema.ts';
import { escapeHtml } from '../../mail/templates/escape-html.ts';
import type { Mailer, OutgoingMail } from '../../mail/transport.ts';

interface BatchDoneCopy {
  subject: (fileName: string) => string;
  summary: (done: number, failed: number, total: number) => string;
  action: string;
}

const copy: Record<Locale, BatchDoneCopy> = {
  es: {
    subject: (fileName) => `Tu lote «${fileName}» ha terminado`,
    summary: (done, failed, total) =>
      `Se han escrito ${done} de ${total} filas` + (failed > 0 ? ` y ${failed} han fallado.` : '.'),
    action: 'Ábrelo para revisar los resultados y exportarlos:',
  },
  en: {
    subject: (fileName) => `Your batch "${fileName}" has finished`,
    summary: (done, failed, total) =>
      `${done} of ${total} rows were written` + (failed > 0 ? ` and ${failed} failed.` : '.'),
    action: 'Open it to review the results and export them:',
  },
};

/** The mail a batch's creator gets when a batch that took a while ends, in their language. */
export function batchDoneMail(options: {
  to: string;
  locale: Locale;
  fileName: string;
  done: number;
  failed: number;
  total: number;
  link: string;
}): OutgoingMail {
  const text = copy[options.locale];
  const summary = text.summary(options.done, options.failed, options.total);
  return {
    to: options.to,
    subject: text.subject(options.fileName),
    text: [summary, '', text.action, options.link, '', '— Redacta'].join('\n'),
    html: `<!doctype html><html lang="${options.locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(summary)}</p>
<p>${escapeHtml(text.action)}<br><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a></p>
<p>— Redacta</p></body></html>`,
  };
}

export interface BatchMailDeps {
  db: Db;
  mailer: Mailer;
  /** The web app's address, for the link in the mail. */
  appUrl: string;
  log: FastifyBaseLogger;
}

/**
 * Sends the mail a batch owes its creator (`mailDue`, set by the commit that ended it), then marks it
 * sent. A failed send is logged and stays owed; a sender that dies before marking it leaves it owed too,
 * and the next server to start sends it (sendOwedBatchMails): at least once, never lost.
 */
export async function sendBatchMail(deps: BatchMailDeps, batchId: string): Promise<void> {
  const [batch] = await deps.db
    .select({
      fileName: batches.fileName,
      done: batches.done,
      failed: batches.failed,
      total: batches.total,
      email: users.email,
      locale: users.locale,
    })
    .from(batches)
    .innerJoin(users, eq(users.id, batches.createdBy))
    .where(and(eq(batches.id, batchId), eq(batches.mailDue, true)));
  if (!batch) return;
  try {
    await deps.mailer.send(
      batchDoneMail({
        to: batch.email,
        locale: resolveLocale(batch.locale),
        fileName: batch.fileName,
        done: batch.done,
        failed: batch.failed,
        total: batch.total,
        link: new URL(`/batches/${batchId}`, deps.appUrl).href,
      }),
    );
  } catch (error) {
    deps.log.warn({ err: error, batchId }, 'the mail saying a batch ended could not be sent');
    return;
  }
  await deps.db.update(batches).set({ mailDue: false }).where(eq(batches.id, batchId));
}

/**
 * At a server's start: the mails owed by batches that ended before it started, whose sender died or
 * could not reach the mail server. A batch ending on another instance at this very moment may be mailed
 * by both, which at least once allows.
 */
export async function sendOwedBatchMails(deps: BatchMailDeps, startedAt: Date): Promise<void> {
  const owed = await deps.db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.mailDue, true), lt(batches.finishedAt, startedAt)));
  for (const { id } of owed) await sendBatchMail(deps, id);
}

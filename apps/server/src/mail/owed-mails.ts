import { sendOwedBatchMails, type BatchMailDeps } from '../modules/batches/mail.ts';
import { sendOwedBudgetNotices } from '../modules/budgets/notices.ts';

/** How often each instance sends the mails that failed or whose sender died. */
export const OWED_MAIL_INTERVAL_MS = 10 * 60_000;

/** A batch that ended this recently is left to the instance that ended it, which is sending its mail. */
const SENDER_GRACE_MS = 60_000;

/**
 * The mails owed — a batch's "it ended" and a member's budget notice — sent when this instance is
 * ready (batches that ended before it started), then every OWED_MAIL_INTERVAL_MS until `stop()`: a mail
 * server that was down when the mail was due gets it on the next round, without waiting for a restart.
 * A round still running when the next is due makes that one skip; `stop()` waits for it.
 */
export function scheduleOwedMails(deps: BatchMailDeps, intervalMs = OWED_MAIL_INTERVAL_MS) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const round = (endedBefore: Date) => {
    running ??= Promise.all([
      sendOwedBatchMails(deps, endedBefore).catch((error: unknown) =>
        deps.log.warn({ err: error }, 'the mails owed by ended batches could not be read'),
      ),
      sendOwedBudgetNotices(deps).catch((error: unknown) =>
        deps.log.warn({ err: error }, 'the budget notices owed could not be read'),
      ),
    ]).then(() => {
      running = undefined;
    });
  };
  return {
    start(readyAt: Date) {
      round(readyAt);
      timer ??= setInterval(() => round(new Date(Date.now() - SENDER_GRACE_MS)), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

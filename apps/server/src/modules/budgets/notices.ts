import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BUDGET_NOTICE_THRESHOLDS, resolveLocale, usagePeriod, type Locale } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { budgetNotices, users, workspaces } from '../../db/schema.ts';
import { escapeHtml } from '../../mail/templates/escape-html.ts';
import type { Mailer, OutgoingMail } from '../../mail/transport.ts';
import { memberBudget } from './service.ts';

type Threshold = (typeof BUDGET_NOTICE_THRESHOLDS)[number];

interface NoticeCopy {
  subject: (threshold: Threshold) => string;
  body: (threshold: Threshold, words: string, workspace: string) => string;
  action: string;
}

const copy: Record<Locale, NoticeCopy> = {
  es: {
    subject: (threshold) =>
      threshold === 100
        ? 'Has agotado tu presupuesto de palabras'
        : 'Has usado el 80 % de tu presupuesto de palabras',
    body: (threshold, words, workspace) =>
      threshold === 100
        ? `Has usado las ${words} palabras de tu presupuesto mensual en «${workspace}». La IA no escribirá más para ti hasta el mes que viene, salvo que la persona propietaria lo amplíe.`
        : `Has usado el 80 % de las ${words} palabras de tu presupuesto mensual en «${workspace}».`,
    action: 'Consulta lo que te queda en Configuración → Uso:',
  },
  en: {
    subject: (threshold) =>
      threshold === 100 ? 'You have used up your word budget' : 'You have used 80% of your word budget',
    body: (threshold, words, workspace) =>
      threshold === 100
        ? `You have used the ${words} words of your monthly budget in "${workspace}". The AI will not write more for you until next month unless the owner raises it.`
        : `You have used 80% of the ${words} words of your monthly budget in "${workspace}".`,
    action: 'See what is left in Settings → Usage:',
  },
};

/** The mail a member gets when the words charged to them reach 80 % or 100 % of their monthly budget. */
export function budgetNoticeMail(options: {
  to: string;
  locale: Locale;
  threshold: Threshold;
  monthlyWords: number;
  workspace: string;
  link: string;
}): OutgoingMail {
  const text = copy[options.locale];
  const words = options.monthlyWords.toLocaleString(options.locale === 'es' ? 'es-ES' : 'en-GB');
  const body = text.body(options.threshold, words, options.workspace);
  return {
    to: options.to,
    subject: text.subject(options.threshold),
    text: [body, '', text.action, options.link, '', '— Redacta'].join('\n'),
    html: `<!doctype html><html lang="${options.locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(body)}</p>
<p>${escapeHtml(text.action)}<br><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a></p>
<p>— Redacta</p></body></html>`,
  };
}

export interface BudgetNoticeDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** How long a sender may take a notice's mail before it counts as owed again (its sender died). */
const MAIL_CLAIM_LEASE = sql`interval '10 minutes'`;

/**
 * After a charge has been committed: when the words charged to the member this month have reached 80 %
 * or 100 % of their budget, each threshold reached is recorded once per member and month (the key of
 * budget_notices: of concurrent charges crossing it together, one insert wins), then the mail it owes
 * is sent. The app shows the same thresholds from the usage answer.
 */
export async function noticeBudget(
  deps: BudgetNoticeDeps,
  workspaceId: string,
  userId: string,
): Promise<void> {
  const period = usagePeriod(deps.now?.() ?? new Date());
  const budget = await memberBudget(deps.db, workspaceId, userId, period);
  if (!budget?.reached) return;
  const reached = BUDGET_NOTICE_THRESHOLDS.filter((threshold) => threshold <= budget.reached!);
  const recorded = await deps.db
    .insert(budgetNotices)
    .values(reached.map((threshold) => ({ workspaceId, userId, period, threshold })))
    .onConflictDoNothing()
    .returning({ threshold: budgetNotices.threshold });
  if (recorded.length) await mailOwedNotice(deps, { workspaceId, userId, period });
}

/**
 * Mails the member once for the notices of a month not mailed yet, naming the highest threshold. The
 * notices are claimed first (one claimant of concurrent senders wins), marked sent after the mail
 * server took the mail, and let go if it refused it: a failed or interrupted send stays owed, and the
 * next charge or the owed-mail round (`sendOwedBudgetNotices`) sends it — at least once, never lost.
 */
async function mailOwedNotice(
  deps: BudgetNoticeDeps,
  notice: { workspaceId: string; userId: string; period: string },
): Promise<void> {
  const ofNotice = and(
    eq(budgetNotices.workspaceId, notice.workspaceId),
    eq(budgetNotices.userId, notice.userId),
    eq(budgetNotices.period, notice.period),
  );
  const claimed = await deps.db
    .update(budgetNotices)
    .set({ mailClaimedAt: sql`now()` })
    .where(
      and(
        ofNotice,
        isNull(budgetNotices.mailSentAt),
        or(
          isNull(budgetNotices.mailClaimedAt),
          lt(budgetNotices.mailClaimedAt, sql`now() - ${MAIL_CLAIM_LEASE}`),
        ),
      ),
    )
    .returning({ threshold: budgetNotices.threshold });
  if (!claimed.length) return;
  const thresholds = claimed.map((row) => row.threshold);
  const ofClaim = and(ofNotice, inArray(budgetNotices.threshold, thresholds));
  const [row] = await deps.db
    .select({ email: users.email, locale: users.locale, workspace: workspaces.name })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, notice.workspaceId))
    .where(eq(users.id, notice.userId));
  const budget = await memberBudget(deps.db, notice.workspaceId, notice.userId, notice.period);
  // What still holds is told: a member who left, or whose budget was lifted or raised past the
  // threshold since, is owed nothing for it.
  const stillReached = thresholds.filter((threshold) => threshold <= (budget?.reached ?? 0));
  if (!row || !budget || !stillReached.length) {
    await deps.db
      .update(budgetNotices)
      .set({ mailSentAt: sql`now()` })
      .where(ofClaim);
    return;
  }
  try {
    await deps.mailer.send(
      budgetNoticeMail({
        to: row.email,
        locale: resolveLocale(row.locale),
        threshold: Math.max(...stillReached) as Threshold,
        monthlyWords: budget.monthlyWords,
        workspace: row.workspace,
        link: new URL('/settings/usage', deps.appUrl).href,
      }),
    );
  } catch (error) {
    await deps.db.update(budgetNotices).set({ mailClaimedAt: null }).where(ofClaim);
    throw error;
  }
  await deps.db
    .update(budgetNotices)
    .set({ mailSentAt: sql`now()` })
    .where(ofClaim);
}

/**
 * The owed-mail round: the notices of the current month whose mail failed or whose sender died, each
 * member's sent once. A member who was charged nothing more since (at 100 % nothing more can be) still
 * gets it. Failures are logged and stay owed for the next round.
 */
export async function sendOwedBudgetNotices(deps: BudgetNoticeDeps): Promise<void> {
  const period = usagePeriod(deps.now?.() ?? new Date());
  const owed = await deps.db
    .selectDistinct({ workspaceId: budgetNotices.workspaceId, userId: budgetNotices.userId })
    .from(budgetNotices)
    .where(and(eq(budgetNotices.period, period), isNull(budgetNotices.mailSentAt)));
  for (const member of owed) {
    await mailOwedNotice(deps, { ...member, period }).catch((error: unknown) =>
      deps.log.warn({ err: error, ...member }, 'an owed budget notice could not be sent'),
    );
  }
}

/**
 * What the charging paths call once a charge is committed (`UsageSettings.onCharge`): the notice is
 * checked beside the request, never delaying or failing it; a failure is logged.
 */
export function budgetNoticer(deps: BudgetNoticeDeps) {
  return (charge: { workspaceId: string; userId: string }) => {
    void noticeBudget(deps, charge.workspaceId, charge.userId).catch((error: unknown) =>
      deps.log.warn({ err: error, ...charge }, 'the budget notice could not be checked or sent'),
    );
  };
}

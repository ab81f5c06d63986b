import { eq } from 'drizzle-orm';
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

/**
 * After a charge has been committed: when the words charged to the member this month have reached 80 %
 * or 100 % of their budget, each threshold reached is recorded once per member and month (the key of
 * budget_notices: of concurrent charges crossing it together, one insert wins) and the member is mailed
 * once, for the highest threshold just reached. The app shows the same thresholds from the usage answer.
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
  if (!recorded.length) return;
  const highest = Math.max(...recorded.map((row) => row.threshold));
  const [row] = await deps.db
    .select({ email: users.email, locale: users.locale, workspace: workspaces.name })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, workspaceId))
    .where(eq(users.id, userId));
  if (!row) return;
  await deps.mailer.send(
    budgetNoticeMail({
      to: row.email,
      locale: resolveLocale(row.locale),
      threshold: highest as Threshold,
      monthlyWords: budget.monthlyWords,
      workspace: row.workspace,
      link: new URL('/settings/usage', deps.appUrl).href,
    }),
  );
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

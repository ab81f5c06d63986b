import { MEMBER_BUDGET_MAX } from '../contracts/budgets.ts';

/** Why a typed budget is refused: not only digits, or more than the largest budget. */
export type BudgetWordsProblem = 'notANumber' | 'tooMany';

export type BudgetWordsCheck =
  { ok: true; monthlyWords: number | null } | { ok: false; problem: BudgetWordsProblem };

/**
 * What the budget field holds, read strictly: empty is no cap; otherwise a whole number of words typed
 * as digits (spaces around it ignored) up to MEMBER_BUDGET_MAX. Anything else is refused with its
 * reason, never turned into another number, so the cap saved is the cap shown.
 */
export function checkBudgetWords(raw: string): BudgetWordsCheck {
  const text = raw.trim();
  if (text === '') return { ok: true, monthlyWords: null };
  if (!/^\d+$/.test(text)) return { ok: false, problem: 'notANumber' };
  const words = Number(text);
  if (words > MEMBER_BUDGET_MAX) return { ok: false, problem: 'tooMany' };
  return { ok: true, monthlyWords: words };
}

import { describe, expect, it } from 'vitest';
import { MEMBER_BUDGET_MAX } from '../contracts/budgets.ts';
import { checkBudgetWords } from './budget-words.ts';

describe('checkBudgetWords: what the budget field holds', () => {
  it('empty (or spaces) is no cap', () => {
    expect(checkBudgetWords('')).toEqual({ ok: true, monthlyWords: null });
    expect(checkBudgetWords('   ')).toEqual({ ok: true, monthlyWords: null });
  });

  it('digits are the budget, 0 included, up to the largest', () => {
    expect(checkBudgetWords(' 20000 ')).toEqual({ ok: true, monthlyWords: 20000 });
    expect(checkBudgetWords('0')).toEqual({ ok: true, monthlyWords: 0 });
    expect(checkBudgetWords(String(MEMBER_BUDGET_MAX))).toEqual({
      ok: true,
      monthlyWords: MEMBER_BUDGET_MAX,
    });
  });

  it('anything else is refused with its reason, never read as another number', () => {
    for (const typed of ['12a', '20.000', '1,5', '-3', '1e4', '٣'])
      expect(checkBudgetWords(typed), typed).toEqual({ ok: false, problem: 'notANumber' });
    expect(checkBudgetWords(String(MEMBER_BUDGET_MAX + 1))).toEqual({ ok: false, problem: 'tooMany' });
  });
});

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { checkBudgetWords, MEMBER_BUDGET_MAX } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/error-message';
import { formatCount } from '@/lib/format-count';
import { useSetBudget } from '../api/usage-breakdown';

/**
 * The owner's editor of one member's monthly budget: digits only, empty for no cap. A typed value is
 * never turned into another number: anything else is refused with the reason and nothing is saved.
 */
export function BudgetField({
  workspaceId,
  userId,
  memberName,
  monthlyWords,
}: {
  workspaceId: string;
  userId: string;
  memberName: string;
  monthlyWords: number | null;
}) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState(monthlyWords === null ? '' : String(monthlyWords));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetBudget(workspaceId);
  const unchanged = value.trim() === (monthlyWords === null ? '' : String(monthlyWords));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkBudgetWords(value);
    if (!check.ok) {
      setProblem(t(`usage.budget.${check.problem}`, { max: formatCount(MEMBER_BUDGET_MAX, i18n.language) }));
      return;
    }
    setProblem(null);
    save.mutate(
      { userId, monthlyWords: check.monthlyWords },
      {
        onSuccess: () => toast.success(t('usage.budget.saved', { name: memberName })),
        onError: (error) => setProblem(errorMessage(t, error)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex w-full flex-wrap items-start gap-2 sm:w-auto" noValidate>
      <div className="w-40">
        <Input
          label={t('usage.budget.label', { name: memberName })}
          labelHidden
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('usage.budget.none')}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setProblem(null);
          }}
          error={problem}
          className="h-9"
        />
      </div>
      <Button type="submit" variant="secondary" loading={save.isPending} disabled={unchanged}>
        {t('usage.budget.save')}
      </Button>
    </form>
  );
}

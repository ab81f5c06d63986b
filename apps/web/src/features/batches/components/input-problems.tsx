import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AlertTriangle } from 'lucide-react';
import type { BatchInputProblem } from '@redacta/shared';

/** Rows shown at once in the list of problems; the rest are counted. */
const SHOWN = 20;

export type InvalidRowsChoice = 'skip' | 'fix';

/**
 * A row's problem in the interface's language, by its code; a problem without a code, or with one this
 * interface has no words for yet, passes in the server's own sentence.
 */
function problemMessage(t: TFunction, problem: BatchInputProblem): string {
  if (!problem.code) return problem.message;
  return t(`batches.problems.message.${problem.code}`, {
    limit: problem.limit,
    defaultValue: problem.message,
  });
}

/**
 * The rows the server could not use, by line and column, and what to do about them: run the others
 * (they are skipped and charge nothing) or fix the file and choose it again.
 */
export function InputProblems({
  problems,
  choice,
  onChoice,
}: {
  problems: BatchInputProblem[];
  choice: InvalidRowsChoice | null;
  onChoice: (choice: InvalidRowsChoice) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const lines = new Set(problems.map((problem) => problem.line)).size;
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-warning/60 bg-warning/10 p-4"
      data-testid="batch-problems"
    >
      <p className="flex items-start gap-2 font-medium">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-text" aria-hidden />
        {t('batches.problems.title', { count: lines })}
      </p>
      <ul
        className="flex max-h-56 flex-col gap-1 overflow-y-auto text-[13px]"
        tabIndex={0}
        aria-label={t('batches.problems.listLabel')}
      >
        {problems.slice(0, SHOWN).map((problem, index) => (
          <li key={`${problem.line}-${problem.column}-${index}`}>
            <span className="font-medium">
              {problem.column
                ? t('batches.problems.where', { line: problem.line, column: problem.column })
                : t('batches.problems.whereLine', { line: problem.line })}
            </span>{' '}
            {problemMessage(t, problem)}
          </li>
        ))}
        {problems.length > SHOWN && (
          <li className="text-text-muted">
            {t('batches.problems.more', { count: problems.length - SHOWN })}
          </li>
        )}
      </ul>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-[13px] font-medium">{t('batches.problems.question')}</legend>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={name}
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={choice === 'skip'}
            onChange={() => onChoice('skip')}
          />
          {t('batches.problems.skip')}
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={name}
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={choice === 'fix'}
            onChange={() => onChoice('fix')}
          />
          {t('batches.problems.fix')}
        </label>
      </fieldset>
    </div>
  );
}

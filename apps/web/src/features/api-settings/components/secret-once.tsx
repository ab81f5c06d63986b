import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';

/**
 * A secret at the one moment it is shown (a new API key, a webhook's signing secret): the warning
 * that it will not be shown again, the value with its copy button, and the way out.
 */
export function SecretOnce({
  value,
  label,
  warning,
  doneLabel,
  onDone,
}: {
  value: string;
  label: string;
  warning: string;
  doneLabel: string;
  onDone: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <p
        role="note"
        className="flex items-start gap-2 rounded-lg bg-warning/15 px-3 py-2.5 text-sm text-amber-900 dark:text-amber-200"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {warning}
      </p>
      <CopyField value={value} label={label} testId="secret-value" emphasis />
      <div className="mt-2 flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}

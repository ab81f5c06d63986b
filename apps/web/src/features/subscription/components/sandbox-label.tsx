import { useTranslation } from 'react-i18next';
import { FlaskConical } from 'lucide-react';
import { cn } from '@/components/ui/cn';

/** Every sandbox screen says so: nothing is charged there (README, Billing). */
export function SandboxLabel({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <p
      data-testid="sandbox-label"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full bg-warning/15 px-2.5 py-1 text-xs font-medium text-amber-800 dark:text-amber-300',
        className,
      )}
    >
      <FlaskConical className="size-3.5 shrink-0" aria-hidden />
      {t('subscription.sandbox')}
    </p>
  );
}

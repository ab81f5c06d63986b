import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';

/** A subscription change that failed, in place: the catalogue's sentence, then why. */
export function FailureNote({
  error,
  titleKey = 'subscription.updateFailed',
}: {
  error: unknown;
  titleKey?: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="mt-4 rounded-lg bg-danger/10 p-3 text-[13px] text-danger">
      <p className="font-medium">{t(titleKey)}</p>
      <p>{errorMessage(t, error)}</p>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { DisabledHint } from './tooltip';

/** A form's submit: disabled while nothing changed, and saying so: a disabled button explains why. */
export function SaveButton({ loading, unchanged }: { loading: boolean; unchanged: boolean }) {
  const { t } = useTranslation();
  const button = (
    <Button type="submit" loading={loading} disabled={unchanged}>
      {t('common.save')}
    </Button>
  );
  return unchanged && !loading ? (
    <DisabledHint reason={t('common.noChanges')}>{button}</DisabledHint>
  ) : (
    button
  );
}

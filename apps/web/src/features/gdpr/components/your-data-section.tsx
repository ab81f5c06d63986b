import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SettingsSection } from '@/components/ui/settings-section';
import { errorMessage } from '@/lib/error-message';
import { fetchMyData } from '../api/gdpr-api';
import { saveFile } from '@/lib/save-file';

/** "Descargar mis datos": the person's data as one JSON file (docs/product.md, "Your data"). */
export function YourDataSection() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, fileName } = await fetchMyData();
      saveFile(blob, fileName);
      toast.success(t('gdpr.data.downloaded'));
    } catch (error) {
      toast.error(errorMessage(t, error, { fallbackKey: 'gdpr.data.failed' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsSection id="your-data" title={t('gdpr.data.title')} description={t('gdpr.data.help')}>
      <Button
        variant="secondary"
        loading={busy}
        icon={<Download className="size-4" aria-hidden />}
        onClick={download}
      >
        {t('gdpr.data.download')}
      </Button>
    </SettingsSection>
  );
}

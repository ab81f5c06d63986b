import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Download } from 'lucide-react';
import type { Batch } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { fetchBatchExport } from '../api/batch-api';
import { saveFile } from '@/lib/save-file';

type Format = 'csv' | 'xlsx';

/** The export's file name: the uploaded file's name with "-resultados" and the format's extension. */
export function exportFileName(batch: Pick<Batch, 'fileName'>, suffix: string, format: Format): string {
  const base = batch.fileName.replace(/\.[^.]+$/, '') || 'lote';
  return `${base}-${suffix}.${format}`;
}

/** The results as CSV (Excel reads its accents) or XLSX: inputs, then each output part. */
export function ExportButtons({ batch }: { batch: Batch }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Format | null>(null);
  const save = async (format: Format) => {
    setBusy(format);
    try {
      saveFile(
        await fetchBatchExport(batch.id, format),
        exportFileName(batch, t('batches.export.suffix'), format),
      );
    } catch (error) {
      toast.error(errorMessage(t, error, { fallbackKey: 'batches.export.failed' }));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="secondary"
          icon={<Download className="size-4" aria-hidden />}
          loading={busy === format}
          disabled={busy !== null}
          onClick={() => void save(format)}
        >
          {t(`batches.export.${format}`)}
        </Button>
      ))}
    </>
  );
}

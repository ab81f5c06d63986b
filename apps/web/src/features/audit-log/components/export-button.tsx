import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { fetchAuditExport, type AuditFilters } from '../api/audit-log';
import { saveFile } from '@/lib/save-file';

/** The log as CSV, with the filters shown (Excel reads its accents: the server writes a BOM). */
export function ExportButton({ workspaceId, filters }: { workspaceId: string; filters: AuditFilters }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      saveFile(await fetchAuditExport(workspaceId, filters), `${t('auditLog.exportFileName')}-${day}.csv`);
      // The export is itself an entry of the log: the list shows it.
      void queryClient.invalidateQueries({ queryKey: ['audit-log', workspaceId] });
    } catch (error) {
      toast.error(errorMessage(t, error, { fallbackKey: 'auditLog.exportFailed' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      icon={<Download className="size-4" aria-hidden />}
      loading={busy}
      onClick={() => void save()}
    >
      {t('auditLog.export')}
    </Button>
  );
}

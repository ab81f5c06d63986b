import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { errorMessage } from '@/lib/error-message';
import { saveFile } from '@/lib/save-file';
import { fetchExportZip } from '../api/gdpr-api';

/** Downloads an export's zip and saves it under the server's name; a failure is a toast. */
export function useExportDownload(workspaceId: string) {
  const { t } = useTranslation();
  const [downloading, setDownloading] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const download = async (exportId: string) => {
    setDownloading(true);
    try {
      const { blob, fileName } = await fetchExportZip(workspaceId, exportId);
      saveFile(blob, fileName);
      setDownloaded(true);
    } catch (error) {
      toast.error(errorMessage(t, error, { fallbackKey: 'gdpr.export.downloadFailed' }));
    } finally {
      setDownloading(false);
    }
  };
  return { download, downloading, downloaded };
}

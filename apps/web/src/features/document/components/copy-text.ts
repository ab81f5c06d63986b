import toast from 'react-hot-toast';
import type { TFunction } from 'i18next';

/** Puts the text on the clipboard and says whether it worked. */
export async function copyText(text: string, t: TFunction): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(t('document.ended.copied'), { id: 'document-copied' });
  } catch {
    toast.error(t('document.ended.copyFailed'), { id: 'document-copied' });
  }
}

import type { TFunction } from 'i18next';
import toast from 'react-hot-toast';
import type { BulkOutcome } from '../api/use-bulk-project-actions';

/**
 * One toast for a whole selection: every call went through → the success text
 * (singular or plural); none did → the failure text; some did → how many of how many.
 */
const bulkTexts = {
  delete: { ok: 'deleted', failed: 'deleteFailed', partial: 'deletePartial' },
  move: { ok: 'moved', failed: 'moveFailed', partial: 'movePartial' },
  share: { ok: 'sharedMany', failed: 'shareManyFailed', partial: 'sharePartial' },
};

export function announceBulk(t: TFunction, action: keyof typeof bulkTexts, outcome: BulkOutcome): void {
  const done = outcome.succeeded.length;
  const total = done + outcome.failed.length;
  const texts = bulkTexts[action];
  if (outcome.failed.length === 0) toast.success(t(`projects.toasts.${texts.ok}`, { count: total }));
  else if (done === 0) toast.error(t(`projects.toasts.${texts.failed}`));
  else toast.error(t(`projects.toasts.${texts.partial}`, { done, total }));
}

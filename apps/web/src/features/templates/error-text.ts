import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';

/**
 * A change the server refused: a 403 says why in the server's own words (a built-in template, a
 * template someone else made), anything else has its catalogue text or the action's toast.
 */
export function changeErrorText(t: TFunction, error: unknown, toastKey: string): string {
  if (isApiError(error) && error.status === 403 && error.message) return error.message;
  return errorMessage(t, error, { fallbackKey: toastKey });
}

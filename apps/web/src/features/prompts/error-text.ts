import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';

/**
 * Failures the user can act on (rate limited, offline, the workspace's custom prompts full) keep
 * their own message; the rest get the catalogue text.
 */
const actionable = new Set(['RATE_LIMITED', 'NETWORK', 'TIMEOUT', 'CUSTOM_PROMPTS_FULL']);

export function promptError(t: TFunction, error: unknown, toastKey: string): string {
  if (isApiError(error) && actionable.has(error.code))
    return errorMessage(t, error, { fallbackKey: toastKey });
  return t(toastKey);
}

import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';

/**
 * Failures the user can act on (out of words, rate limited, offline, a sample too long, the
 * workspace's list full) keep their own
 * message; the rest get the action's own brand-voice toast (creation, editing, analysis, deletion error).
 */
const actionable = new Set([
  'NO_WORDS_LEFT',
  'RATE_LIMITED',
  'NETWORK',
  'TIMEOUT',
  'BRAND_VOICE_SAMPLE_TOO_LONG',
  'BRAND_VOICES_FULL',
]);

export function brandVoiceError(t: TFunction, error: unknown, toastKey: string): string {
  if (isApiError(error) && actionable.has(error.code))
    return errorMessage(t, error, { fallbackKey: toastKey });
  return t(toastKey);
}

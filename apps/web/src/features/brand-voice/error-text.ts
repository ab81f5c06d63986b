import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';

/** Failures the user can act on keep their own message; the rest get the spec §8 brand-voice toast. */
const actionable = new Set([
  'NO_WORDS_LEFT',
  'RATE_LIMITED',
  'NETWORK',
  'TIMEOUT',
  'BRAND_VOICE_SAMPLE_TOO_LONG',
]);

export function brandVoiceError(t: TFunction, error: unknown, specKey: string): string {
  if (isApiError(error) && actionable.has(error.code))
    return errorMessage(t, error, { fallbackKey: specKey });
  return t(specKey);
}

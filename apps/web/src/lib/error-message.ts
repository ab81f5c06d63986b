import type { TFunction } from 'i18next';
import { isApiError } from './api-error';

/**
 * The localised catalogue text for an API error (the web app maps the error's `code`). Unknown
 * codes fall back to `fallbackKey`, or to the server's own message when `passThrough` is set
 * (sign-in messages other than the phone one are passed on unchanged).
 */
export function errorMessage(
  t: TFunction,
  error: unknown,
  options: { fallbackKey?: string; passThrough?: boolean } = {},
): string {
  const fallback = t(options.fallbackKey ?? 'errors.generic');
  if (!isApiError(error)) return fallback;
  if (error.code === 'RATE_LIMITED' && error.retryAfterSeconds) {
    return t('errors.RATE_LIMITED_RETRY', { count: Math.ceil(error.retryAfterSeconds / 60) });
  }
  const key = `errors.${error.code}`;
  const known = t(key, { defaultValue: '' });
  if (known) return known;
  if (options.passThrough && error.message) return error.message;
  return fallback;
}

/**
 * An error kept in state as what went wrong, not as words: `problemText` puts it into words on every
 * render, so switching the language re-renders an error already on screen.
 */
export type Problem = { key: string } | { error: unknown; fallbackKey?: string; passThrough?: boolean };

export function problemText(t: TFunction, problem: Problem | null): string | null {
  if (!problem) return null;
  return 'key' in problem ? t(problem.key) : errorMessage(t, problem.error, problem);
}

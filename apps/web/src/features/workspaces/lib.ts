import type { TFunction } from 'i18next';
import type { ErrorCode } from '@redacta/shared';
import { isApiError } from '@/lib/api-error';
import { formattingLocale } from '@/lib/i18n';

/** A person's name as lists show it: first and last name, else the e-mail. */
export function displayName(person: { firstName: string | null; lastName: string | null; email: string }) {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
}

/** "24 nov 2026" in the interface language, written the browser's regional way. */
export function shortDate(iso: string): string {
  return new Date(iso).toLocaleDateString(formattingLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/**
 * What a refused team action says: the refusal's own text when the server named the rule (not the
 * inviter, not allowed to remove), else the action's "could not" sentence.
 */
export function actionFailure(t: TFunction, error: unknown, ruleCode: ErrorCode, failedKey: string): string {
  return isApiError(error) && error.code === ruleCode ? t(`errors.${ruleCode}`) : t(failedKey);
}

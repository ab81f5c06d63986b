import type { TFunction } from 'i18next';
import type { ErrorCode } from '@redacta/shared';
import { isApiError } from '@/lib/api-error';

/** A person's name as lists show it: first and last name, else the e-mail. */
export function displayName(person: { firstName: string | null; lastName: string | null; email: string }) {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email;
}

export { shortDate } from '@/lib/format-date';

/**
 * What a refused team action says: the refusal's own text when the server named the rule (not the
 * inviter, not allowed to remove), else the action's "could not" sentence.
 */
export function actionFailure(t: TFunction, error: unknown, ruleCode: ErrorCode, failedKey: string): string {
  return isApiError(error) && error.code === ruleCode ? t(`errors.${ruleCode}`) : t(failedKey);
}

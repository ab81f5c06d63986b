import type { TFunction } from 'i18next';
import type { UsageBreakdownMember, UsageBreakdownProject } from '@redacta/shared';

/** How a member is named: their name, else their address; someone whose account is gone, "former member". */
export function memberLabel(t: TFunction, member: UsageBreakdownMember): string {
  const name = member.name ?? member.email ?? t('usage.formerMember');
  return member.isMember || !member.userId ? name : t('usage.left', { name });
}

/** Words outside any project, or in someone else's private project (whose name is theirs alone). */
export function projectLabel(t: TFunction, project: UsageBreakdownProject): string {
  return project.name ?? (project.projectId ? t('usage.privateProject') : t('usage.noProject'));
}

/** The last `count` calendar months (UTC), newest first, as YYYY-MM. */
export function recentMonths(now: Date, count = 12): string[] {
  return Array.from({ length: count }, (_, back) => {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return at.toISOString().slice(0, 7);
  });
}

/** "diciembre de 2026" / "December 2026". */
export function monthName(month: string, language: string): string {
  const [year, index] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, index! - 1, 1)).toLocaleDateString(language === 'en' ? 'en-GB' : 'es-ES', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

import type { TFunction } from 'i18next';
import type { KnowledgeLocator } from '@redacta/shared';
import { formattingLocale } from '@/lib/i18n';

/** "Página 3", "Precios › Plan Pro", or null for a passage with no place named (a short text file). */
export function locatorText(t: TFunction, locator: KnowledgeLocator): string | null {
  const parts: string[] = [];
  if (locator.page !== undefined) parts.push(t('knowledge.locator.page', { page: locator.page }));
  if (locator.headings?.length) parts.push(locator.headings.join(' › '));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** Bytes as people read them: "850 KB", "3,2 MB", in the interface's language. */
export function sizeText(bytes: number): string {
  const megabytes = bytes >= 1_000_000;
  return new Intl.NumberFormat(formattingLocale(), {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: megabytes ? 1 : 0,
  }).format(megabytes ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1_000)));
}

/** A person as the list names them: their name, or their e-mail when they gave none. */
export function personName(person: { firstName: string | null; lastName: string | null; email: string }) {
  return [person.firstName, person.lastName].filter(Boolean).join(' ').trim() || person.email;
}

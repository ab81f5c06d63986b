import type { TFunction } from 'i18next';
import type { DocumentVersion, DocumentVersionAuthor } from '@redacta/shared';

/** A person as the history names them: their name, or their address when they have none. */
export function personName(t: TFunction, person: DocumentVersionAuthor | null): string {
  if (!person) return t('documentHistory.someone');
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
  return name || person.email;
}

/** When a version was taken, in the interface's language: day, month, hour and minute. */
export const versionDate = (version: DocumentVersion, language: string) =>
  new Date(version.createdAt).toLocaleString(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** A version's title: its name, or why it was taken. */
export const versionTitle = (t: TFunction, version: DocumentVersion) =>
  version.name ?? t(`documentHistory.kind.${version.kind}`);

import { useTranslation } from 'react-i18next';
import type { DocumentVersion } from '@redacta/shared';
import { cn } from '@/components/ui/cn';
import { useVersions } from '../api/history-api';
import { QueryState } from './query-state';
import { personName, versionDate, versionTitle } from './version-text';

/** The versions kept, newest first: when, why or its name, and who edited it. */
export function VersionList({
  projectId,
  selectedId,
  onSelect,
}: {
  projectId: string;
  selectedId: string | null;
  onSelect: (version: DocumentVersion) => void;
}) {
  const { t, i18n } = useTranslation();
  const versions = useVersions(projectId, true);
  if (!versions.data) return <QueryState query={versions} failedKey="documentHistory.loadFailed" />;
  if (!versions.data.length)
    return <p className="py-6 text-sm text-text-muted">{t('documentHistory.empty')}</p>;
  return (
    <ul
      aria-label={t('documentHistory.listLabel')}
      className="flex flex-col gap-1"
      data-testid="version-list"
    >
      {versions.data.map((version) => {
        const selected = version.id === selectedId;
        const authors = version.authors.map((author) => personName(t, author)).join(', ');
        return (
          <li key={version.id}>
            <button
              type="button"
              aria-current={selected || undefined}
              onClick={() => onSelect(version)}
              className={cn(
                'w-full rounded-lg border px-3 py-2 text-left text-sm transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                selected ? 'border-primary bg-primary/10' : 'border-transparent hover:bg-surface-muted',
              )}
            >
              <span className="block font-medium">{versionTitle(t, version)}</span>
              <span className="block text-[13px] text-text-muted">
                <time dateTime={version.createdAt}>{versionDate(version, i18n.language)}</time>
                {version.createdBy &&
                  ` · ${t('documentHistory.savedBy', {
                    name: version.createdByApiKey
                      ? t('common.apiAuthor', { name: version.createdByApiKey.name })
                      : personName(t, version.createdBy),
                  })}`}
              </span>
              <span className="block truncate text-[13px] text-text-muted">
                {authors ? t('documentHistory.editedBy', { names: authors }) : t('documentHistory.noEdits')}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

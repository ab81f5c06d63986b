import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Template } from '@redacta/shared';
import type { Locale } from '@redacta/shared/locales';
import { LoadError } from '@/components/ui/load-error';
import { useTemplates } from '../api/use-templates';
import { searchTemplates } from '../search';
import { TemplateSearch } from './template-search';

/** The templates of a language to choose one from, searchable by name and description. */
export function TemplatePicker({
  language,
  onPick,
}: {
  language: Locale;
  onPick: (template: Template) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const templates = useTemplates(language);
  const found = searchTemplates(templates.data ?? [], query);
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <TemplateSearch value={query} onChange={setQuery} autoFocus />
      {templates.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <span className="sr-only">{t('common.loading')}</span>
          {[0, 1, 2].map((row) => (
            <div key={row} className="h-14 animate-pulse rounded-lg bg-surface-muted" />
          ))}
        </div>
      ) : templates.isError ? (
        <LoadError
          message={t('templates.toasts.fetchFailed')}
          retryLabel={t('templates.retry')}
          retrying={templates.isRefetching}
          onRetry={() => void templates.refetch()}
          className="py-6"
        />
      ) : found.length === 0 ? (
        <p className="py-6 text-center text-sm text-text-muted">
          {query.trim() ? t('templates.noMatch', { query: query.trim() }) : t('templates.emptyText')}
        </p>
      ) : (
        <ul className="flex max-h-[50vh] flex-col gap-1 overflow-y-auto" aria-label={t('templates.title')}>
          {found.map((template) => (
            <li key={template.id}>
              <button
                type="button"
                onClick={() => onPick(template)}
                className="flex w-full flex-col items-start gap-0.5 rounded-lg px-3 py-2 text-left hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary"
              >
                <span className="font-medium break-words">{template.name}</span>
                {template.description && (
                  <span className="line-clamp-2 text-xs text-text-muted">{template.description}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

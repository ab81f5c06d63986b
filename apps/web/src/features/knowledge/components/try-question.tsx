import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Search } from 'lucide-react';
import { KNOWLEDGE_SEARCH_QUERY_MAX_LENGTH } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { useKnowledgeSearch } from '../api/use-knowledge-search';
import { locatorText } from '../format';
import { passageText } from '../passage-text';

/**
 * "Try a question": the passages a chat request with this question would give the model, each with
 * its source's name and its place in it, best first.
 */
export function TryQuestion({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [asked, setAsked] = useState('');
  const search = useKnowledgeSearch(workspaceId, asked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const question = draft.trim();
    if (!question) return;
    if (question === asked) void search.refetch();
    else setAsked(question);
  };

  let results = null;
  if (asked && search.isPending) {
    results = (
      <ul className="flex flex-col gap-2" aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1].map((row) => (
          <li key={row} className="h-16 animate-pulse rounded-lg bg-surface-muted" />
        ))}
      </ul>
    );
  } else if (search.isError) {
    results = (
      <LoadError
        message={t('knowledge.try.failed')}
        retryLabel={t('knowledge.retry')}
        retrying={search.isRefetching}
        onRetry={() => void search.refetch()}
        className="py-4"
      />
    );
  } else if (search.data) {
    results =
      search.data.results.length === 0 ? (
        <p className="text-sm text-text-muted" role="status">
          {t('knowledge.try.noResults')}
        </p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label={t('knowledge.try.results')}>
          {search.data.results.map((passage, index) => {
            const place = locatorText(t, passage.locator);
            return (
              <li
                key={`${passage.knowledgeId}-${index}`}
                data-testid="knowledge-passage"
                className="flex flex-col gap-1 rounded-lg border border-border p-3"
              >
                <p className="text-xs font-medium break-words text-text-muted">
                  {passage.name}
                  {place && ` · ${place}`}
                </p>
                <p className="text-sm leading-relaxed break-words whitespace-pre-line">
                  {passageText(passage.text)}
                </p>
              </li>
            );
          })}
        </ol>
      );
  }

  return (
    <section
      aria-labelledby="knowledge-try"
      className="flex flex-col gap-3 rounded-xl border border-border p-4"
    >
      <div>
        <h2 id="knowledge-try" className="font-semibold">
          {t('knowledge.try.title')}
        </h2>
        <p className="text-sm text-text-muted">{t('knowledge.try.text')}</p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Input
            label={t('knowledge.try.label')}
            labelHidden
            type="search"
            value={draft}
            maxLength={KNOWLEDGE_SEARCH_QUERY_MAX_LENGTH}
            placeholder={t('knowledge.try.placeholder')}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button
          type="submit"
          variant="secondary"
          disabled={!draft.trim()}
          loading={asked !== '' && search.isFetching}
          icon={<Search className="size-4" aria-hidden />}
        >
          {t('knowledge.try.ask')}
        </Button>
      </form>
      {results}
    </section>
  );
}

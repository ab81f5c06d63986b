import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { LayoutTemplate } from 'lucide-react';
import type { Template } from '@redacta/shared';
import { resolveLocale, type Locale } from '@redacta/shared/locales';
import { buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ListLanguageSelect } from '@/components/ui/list-language-select';
import { LoadError } from '@/components/ui/load-error';
import { useSession } from '@/features/session';
import { useDeleteTemplate, useTemplates } from '../api/use-templates';
import { TemplateCard } from '../components/template-card';
import { TemplateSearch } from '../components/template-search';
import { changeErrorText } from '../error-text';
import { canChangeTemplate } from '../permissions';
import { runInChatHref } from '../run-in-chat';
import { searchTemplates } from '../search';

/**
 * /templates: the built-in templates of a language, then the workspace's own, searchable by name and
 * description. The language follows the interface's until another is picked.
 */
export default function TemplatesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user, workspace } = useSession();
  const [language, setLanguage] = useState<Locale>(() => resolveLocale(i18n.language));
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<Template | null>(null);
  const templates = useTemplates(language);
  const remove = useDeleteTemplate();
  if (!user || !workspace) return null;

  const all = templates.data ?? [];
  const found = searchTemplates(all, query);
  let content;
  if (templates.isPending)
    content = (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        {[0, 1, 2, 3, 4, 5].map((card) => (
          <div key={card} className="h-44 animate-pulse rounded-lg bg-surface-muted" />
        ))}
      </div>
    );
  else if (templates.isError)
    content = (
      <LoadError
        message={t('templates.toasts.fetchFailed')}
        retryLabel={t('templates.retry')}
        retrying={templates.isRefetching}
        onRetry={() => void templates.refetch()}
        className="py-12"
      />
    );
  else if (all.length === 0)
    content = (
      <EmptyState
        icon={<LayoutTemplate className="size-6" aria-hidden />}
        title={t('templates.emptyTitle')}
        text={t('templates.emptyText')}
        action={
          <Link to="/templates/new" className={buttonClasses('primary')}>
            {t('templates.new')}
          </Link>
        }
      />
    );
  else if (found.length === 0)
    content = (
      <p role="status" className="py-12 text-center text-text-muted">
        {t('templates.noMatch', { query: query.trim() })}
      </p>
    );
  else
    content = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('templates.title')}>
        {found.map((template) => (
          <li key={template.id} className="flex">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <TemplateCard
                template={template}
                canChange={canChangeTemplate(template, user.id, workspace)}
                onUse={() => navigate(runInChatHref(template.id))}
                onDelete={() => setDeleting(template)}
              />
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-1 flex-col gap-4 px-4 py-6 md:px-6 md:py-8">
      <div data-toast-clear className="flex flex-wrap items-center gap-3">
        <TemplateSearch value={query} onChange={setQuery} className="min-w-0 flex-1 basis-56" />
        <ListLanguageSelect label={t('templates.listLanguage')} value={language} onChange={setLanguage} />
      </div>
      {content}
      {deleting && (
        <ConfirmDialog
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('templates.deleteTitle')}
          description={t('templates.deleteText', { name: deleting.name })}
          confirmLabel={t('templates.delete')}
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                setDeleting(null);
                toast.success(t('templates.toasts.deleted'));
              },
              onError: (error) => {
                setDeleting(null);
                toast.error(changeErrorText(t, error, 'templates.toasts.deleteFailed'));
              },
            })
          }
        />
      )}
    </div>
  );
}

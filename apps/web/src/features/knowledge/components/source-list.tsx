import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { KnowledgeSource } from '@redacta/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/error-message';
import { useSession } from '@/features/session';
import { canChange } from '@/features/projects';
import { useDeleteKnowledge } from '../api/use-knowledge-mutations';
import { SourceRow } from './source-row';

/**
 * The workspace's sources. Whoever added a source may delete it, and the owner any (the rule of
 * everything shared in a workspace, docs/product.md); deleting asks first.
 */
export function SourceList({
  workspaceId,
  sources,
  reindexing,
}: {
  workspaceId: string;
  sources: KnowledgeSource[];
  reindexing: boolean;
}) {
  const { t } = useTranslation();
  const { user, workspace } = useSession();
  const remove = useDeleteKnowledge(workspaceId);
  const [deleting, setDeleting] = useState<KnowledgeSource | null>(null);

  const confirm = (source: KnowledgeSource) =>
    remove.mutate(source.id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(t('knowledge.delete.done'));
      },
      onError: (error) => toast.error(errorMessage(t, error, { fallbackKey: 'knowledge.delete.failed' })),
    });

  return (
    <section aria-labelledby="knowledge-sources" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="knowledge-sources" className="font-semibold">
          {t('knowledge.sources', { count: sources.length })}
        </h2>
        {reindexing && (
          <p className="text-xs text-text-muted" role="status">
            {t('knowledge.reindexing')}
          </p>
        )}
      </div>
      <ul className="divide-y divide-border rounded-xl border border-border">
        {sources.map((source) => (
          <SourceRow
            key={source.id}
            source={source}
            canDelete={!!user && !!workspace && canChange(source.addedBy?.id ?? null, user.id, workspace)}
            onDelete={() => setDeleting(source)}
          />
        ))}
      </ul>
      {deleting && (
        <ConfirmDialog
          onOpenChange={(open) => {
            if (!open) setDeleting(null);
          }}
          title={t('knowledge.delete.title', { name: deleting.name })}
          description={t('knowledge.delete.text')}
          confirmLabel={t('knowledge.delete.confirm')}
          pending={remove.isPending}
          onConfirm={() => confirm(deleting)}
        />
      )}
    </section>
  );
}

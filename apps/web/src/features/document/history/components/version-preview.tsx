import { useMemo } from 'react';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { History } from 'lucide-react';
import type { DocumentVersion } from '@redacta/shared';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-message';
import { useRestoreVersion, useVersion } from '../api/history-api';
import { differs, versionDiff, type DiffSegment } from '../diff';
import { QueryState } from './query-state';
import { useEditorText } from './use-editor-text';
import { versionDate, versionTitle } from './version-text';

function DiffText({ segments }: { segments: DiffSegment[] }) {
  const { t } = useTranslation();
  return segments.map((segment, i) =>
    segment.kind === 'added' ? (
      <ins key={i} title={t('documentHistory.added')} className="bg-success/20 text-text no-underline">
        {segment.text}
      </ins>
    ) : segment.kind === 'removed' ? (
      <del key={i} title={t('documentHistory.removed')} className="bg-danger/15 text-danger line-through">
        {segment.text}
      </del>
    ) : (
      <span key={i}>{segment.text}</span>
    ),
  );
}

/** A version read-only, with its differences from the document's current text, and its restore. */
export function VersionPreview({
  projectId,
  version,
  editor,
  onRestored,
}: {
  projectId: string;
  version: DocumentVersion;
  editor: Editor;
  onRestored: () => void;
}) {
  const { t, i18n } = useTranslation();
  const detail = useVersion(projectId, version.id);
  const current = useEditorText(editor);
  const segments = useMemo(
    () => (detail.data ? versionDiff(current, detail.data.text) : []),
    [current, detail.data],
  );
  const restore = useRestoreVersion(projectId);
  const date = versionDate(version, i18n.language);

  if (!detail.data) return <QueryState query={detail} failedKey="documentHistory.previewLoadFailed" />;
  const onRestore = () =>
    restore.mutate(version.id, {
      onSuccess: () => {
        toast.success(t('documentHistory.restored'));
        onRestored();
      },
      onError: (error) =>
        toast.error(errorMessage(t, error, { fallbackKey: 'documentHistory.restoreFailed' })),
    });
  return (
    <div className="flex min-h-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          {versionTitle(t, version)} · <time dateTime={version.createdAt}>{date}</time>
        </h3>
        <Button
          size="sm"
          onClick={onRestore}
          loading={restore.isPending}
          icon={<History className="size-4" aria-hidden />}
        >
          {t('documentHistory.restore')}
        </Button>
      </div>
      <p className="text-[13px] text-text-muted">
        {differs(segments) ? t('documentHistory.legend') : t('documentHistory.same')}
      </p>
      <div
        role="document"
        aria-label={t('documentHistory.previewLabel', { date })}
        data-testid="version-preview"
        tabIndex={0}
        className="max-h-[50vh] min-h-24 overflow-y-auto rounded-lg border border-border bg-surface-muted/40 p-3 text-sm leading-relaxed break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-primary md:max-h-[60vh]"
      >
        {detail.data.text || current ? <DiffText segments={segments} /> : t('documentHistory.emptyVersion')}
      </div>
    </div>
  );
}

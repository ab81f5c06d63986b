import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { Workspace } from '@redacta/shared';
import { DocumentPanel, useDocumentInsert, useOpenDocument } from '@/features/document';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { cn } from '@/components/ui/cn';
import { usePanelWidth } from '../hooks/use-panel-width';
import { ChatSession } from './chat-session';
import { SplitDivider } from './split-divider';

type Tab = 'chat' | 'document';

/**
 * The chat page's two halves: conversation and document side by side on desktop,
 * with a resizable divider; two tabs at 768 px and below. Once shown, both halves stay mounted, the
 * hidden one only hidden; inserting a reply goes to the document's state whether or not its panel
 * has been shown.
 */
export function ChatWorkbench({ workspace, projectId }: { workspace: Workspace; projectId: string }) {
  const { t } = useTranslation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [tab, setTab] = useState<Tab>('chat');
  const { width, setWidth } = usePanelWidth();
  const container = useRef<HTMLDivElement>(null);
  const { insertMarkdown } = useDocumentInsert();
  const openDocument = useOpenDocument();

  const onInsert = useCallback(
    (markdown: string) => {
      insertMarkdown(markdown);
      toast.success(t('chat.inserted'));
      if (isMobile) setTab('document');
    },
    [insertMarkdown, isMobile, t],
  );

  const tabs: { key: Tab; label: string }[] = [
    { key: 'chat', label: t('chat.tabs.chat') },
    { key: 'document', label: t('chat.tabs.document') },
  ];
  const show = (key: Tab) => !isMobile || tab === key;
  // On a phone the document is a tab of its own: its editor, the largest chunk of the screen, loads
  // when the tab is first opened (inserting a reply opens it), not before the conversation is drawn.
  // Once mounted the panel stays, hidden when the chat tab is chosen.
  const [documentMounted, setDocumentMounted] = useState(false);
  if (show('document') && !documentMounted) setDocumentMounted(true);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {isMobile && (
        <div
          role="tablist"
          aria-label={t('chat.tabs.label')}
          className="flex shrink-0 border-b border-border px-2"
        >
          {tabs.map(({ key, label }) => (
            <button
              key={key}
              type="button"
              role="tab"
              id={`chat-tab-${key}`}
              aria-controls={`chat-pane-${key}`}
              aria-selected={tab === key}
              tabIndex={tab === key ? 0 : -1}
              onClick={() => setTab(key)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
                  const next = key === 'chat' ? 'document' : 'chat';
                  setTab(next);
                  document.getElementById(`chat-tab-${next}`)?.focus();
                }
              }}
              className={cn(
                'flex-1 border-b-2 px-3 py-2.5 text-sm font-medium',
                tab === key
                  ? 'border-primary text-primary'
                  : 'border-transparent text-text-muted hover:text-text',
              )}
            >
              {label}
            </button>
          ))}
        </div>
      )}
      <div ref={container} className="flex min-h-0 flex-1">
        <section
          id="chat-pane-chat"
          role={isMobile ? 'tabpanel' : undefined}
          aria-labelledby={isMobile ? 'chat-tab-chat' : undefined}
          aria-label={isMobile ? undefined : t('chat.tabs.chat')}
          className={cn('min-w-0 flex-1 flex-col', show('chat') ? 'flex' : 'hidden')}
        >
          <ChatSession
            workspace={workspace}
            projectId={projectId}
            onInsert={onInsert}
            onShown={openDocument}
          />
        </section>
        {!isMobile && <SplitDivider width={width} onResize={setWidth} container={container} />}
        <section
          id="chat-pane-document"
          role={isMobile ? 'tabpanel' : undefined}
          aria-labelledby={isMobile ? 'chat-tab-document' : undefined}
          aria-label={isMobile ? undefined : t('chat.tabs.document')}
          style={isMobile ? undefined : { width, maxWidth: 'calc(100% - 360px)' }}
          className={cn(
            'min-h-0 min-w-0 shrink-0 flex-col bg-surface-muted',
            isMobile ? 'flex-1' : 'min-w-[320px]',
            show('document') ? 'flex' : 'hidden',
          )}
        >
          {documentMounted && <DocumentPanel />}
        </section>
      </div>
    </div>
  );
}

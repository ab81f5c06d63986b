import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { EditReplyBody, ReactionValue, Workspace } from '@redacta/shared';
import { cn } from '@/components/ui/cn';
import { LoadError } from '@/components/ui/load-error';
import { isApiError } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-message';
import { afterNextPaint } from '@/lib/after-next-paint';
import { useSession } from '@/features/session';
import { BrandVoicePicker, useActiveBrandVoice } from '@/features/brand-voice';
import { PromptLibraryButton } from '@/features/prompts';
import { TemplateButton, type TemplateRun } from '@/features/templates';
import { KnowledgeToggle, useHasReadyKnowledge } from '@/features/knowledge';
import { useConversation } from '../api/use-conversation';
import { useImprovePrompt } from '../api/use-improve-prompt';
import { usePremiumStatus } from '../api/use-premium-status';
import { useEditReply } from '../api/use-edit-reply';
import { useReactToReply } from '../api/use-react-to-reply';
import { useShowReplyVersion } from '../api/use-show-reply-version';
import { useUsage } from '@/lib/use-usage';
import { useChatStream } from '../hooks/use-chat-stream';
import { followedExchanges } from '../hooks/live-exchanges';
import { useLiveConversation } from '../hooks/use-live-conversation';
import { entriesOf, keepNewestPage } from '../hooks/conversation-cache';
import { useWritingControls } from '../hooks/use-writing-controls';
import { COMPACT_LABEL, Composer } from './composer';
import { WritingControls } from './writing-controls';
import { useDraftInsertion } from './draft-insertion';
import {
  ConversationFeed,
  type ConversationFeedHandle,
  type ConversationHandlers,
  type OlderEntries,
} from './conversation-feed';
import { feedRows } from './feed-rows';
import { GoToLatest, OlderEntriesStatus } from './feed-status';
import { ConversationSkeleton } from './conversation-skeleton';
import { DemoBanner } from './demo-banner';
import { BudgetNotice } from './budget-notice';
import { OutOfWords } from './out-of-words';
import { ProjectNotFound } from './project-not-found';
import { StarterCategories } from './starter-categories';
import { WordsMeter } from './words-meter';
import { WordsUsageContext } from './words-usage-context';

/** Where the draft came from, sent along with it: a library prompt, or a real-time search starter. */
interface DraftOrigin {
  promptId?: string;
  liveSearch?: boolean;
}

/**
 * The chat column of one project: its conversation (a skeleton while it loads, a way to try again
 * when it fails; older pages as the reader scrolls up), the starters when it is empty, the streamed
 * reply, "go to the latest message" while the reader is further up, and the composer.
 */
export function ChatSession({
  workspace,
  projectId,
  onInsert,
  onShown,
}: {
  workspace: Workspace;
  projectId: string;
  onInsert: (markdown: string) => void;
  /** Called once the conversation (or why it could not be shown) has been painted. */
  onShown?: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const conversation = useConversation(projectId);
  const usage = useUsage(workspace.id, workspace.workspaceUsage);
  const premium = usePremiumStatus(workspace.id);
  const react = useReactToReply();
  const showVersion = useShowReplyVersion();
  const editReply = useEditReply();
  const improve = useImprovePrompt();
  const { activeBrandVoiceId } = useActiveBrandVoice();
  const [draft, setDraftText] = useState('');
  const [origin, setOrigin] = useState<DraftOrigin>({});
  /** A call was refused for words: the month's allowance, or the member's own budget. */
  const [forbidden, setForbidden] = useState<'words' | 'budget' | null>(null);
  const [demo, setDemo] = useState(false);
  const hasKnowledge = useHasReadyKnowledge(workspace.id);
  const [knowledgeOn, setKnowledgeOn] = useState(true);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const insertIntoComposer = useDraftInsertion(textarea);
  const feed = useRef<ConversationFeedHandle>(null);
  const [atEnd, setAtEnd] = useState(true);
  const writing = useWritingControls(projectId);
  const [writingShown, setWritingShown] = useState(false);
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTemplate = searchParams.get('template');

  const setDraft = (text: string, from: DraftOrigin | null = null) => {
    setDraftText(text);
    // Typing keeps the origin (the user edits the prompt); emptying the composer drops it.
    if (from) setOrigin(from);
    else if (!text.trim()) setOrigin({});
  };
  const giveBack = (message: string | null) => {
    if (message) setDraftText((current) => (current.trim() ? current : message));
  };
  const chat = useChatStream({
    workspaceId: workspace.id,
    projectId,
    onOutOfWords: (message, budgetUsed) => {
      // A send refused for words says so where the eye is; the notice above the composer stays.
      toast.error(t(budgetUsed ? 'chat.budget.usedToast' : 'chat.outOfWordsToast'));
      setForbidden(budgetUsed ? 'budget' : 'words');
      giveBack(message);
    },
    onNoReply: giveBack,
    onDemo: () => setDemo(true),
  });
  // The conversation's first frame comes first (see `loading` below).
  const live = useLiveConversation(workspace.id, projectId, !conversation.isPending && !premium.isPending);
  const followed = useMemo(
    () => followedExchanges(live, chat.pending, user?.id),
    [live, chat.pending, user?.id],
  );
  const entries = useMemo(() => entriesOf(conversation.data), [conversation.data]);
  const rows = useMemo(
    () => feedRows(entries, chat.pending, followed, user?.id, chat.choice),
    [entries, chat.pending, followed, user?.id, chat.choice],
  );
  const follow = () => feed.current?.scrollToLatest();

  // Coming back to this conversation reads its newest page again, not every page scrolled through.
  useEffect(() => () => keepNewestPage(queryClient, projectId), [projectId, queryClient]);

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = conversation;
  const loadOlder = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const older = useMemo<OlderEntries>(
    () => ({
      hasMore: hasNextPage,
      loading: isFetchingNextPage,
      failed: isFetchNextPageError,
      load: loadOlder,
    }),
    [hasNextPage, isFetchNextPageError, isFetchingNextPage, loadOlder],
  );
  useEffect(() => {
    if (isFetchNextPageError) toast.error(t('chat.olderFailed'));
  }, [isFetchNextPageError, t]);

  // Stable handlers for the memoised entries; they call the latest closures.
  const latest = useRef<ConversationHandlers | null>(null);
  const handlers = useMemo<ConversationHandlers>(
    () => ({
      onInsert: (markdown) => latest.current?.onInsert(markdown),
      onRegenerate: (replyId) => latest.current?.onRegenerate(replyId),
      onReact: (entryId, value) => latest.current?.onReact(entryId, value),
      onShowVersion: (versionId) => latest.current?.onShowVersion(versionId),
      onEdit: (entryId, edit) => latest.current?.onEdit(entryId, edit),
      onUseVersion: (versionId) => latest.current?.onUseVersion(versionId),
    }),
    [],
  );

  // An older page that fails keeps what is shown (the status offers to try again).
  const loadFailed =
    conversation.isError &&
    !isFetchNextPageError &&
    !(isApiError(conversation.error) && conversation.error.status === 404);
  useEffect(() => {
    if (loadFailed) toast.error(t('chat.conversationFailed'));
  }, [loadFailed, t]);

  // What arrives after the skeleton is drawn in a transition: React yields to the browser between
  // components instead of building the composer and the newest entries in one long task (the skeleton
  // stays until then). Mounted with everything in the cache, it draws at once, in its parent's pass.
  // The demo notice sits above the conversation: drawn with it, never pushing it down afterwards.
  const loading = conversation.isPending || premium.isPending;
  const stillLoading = useDeferredValue(loading);
  const shown = conversation.isError || !(loading || stillLoading);
  useEffect(() => {
    if (shown && onShown) return afterNextPaint(onShown);
  }, [shown, onShown]);
  // A failure is said at once, like its toast.
  if (conversation.isError && !isFetchNextPageError) {
    return loadFailed ? (
      <LoadError
        message={t('chat.conversationFailed')}
        retryLabel={t('chat.retry')}
        retrying={conversation.isRefetching}
        onRetry={() => void conversation.refetch()}
        className="flex-1 justify-center px-4 py-12"
      />
    ) : (
      <ProjectNotFound />
    );
  }
  if (loading || stillLoading) return <ConversationSkeleton />;

  const currentUsage = usage.data ?? workspace.workspaceUsage;
  const showDemo = demo || premium.data?.demo === true;
  const empty = rows.length === 0 && !hasNextPage;
  const outOfBudget = forbidden === 'budget' || currentUsage.budget?.remaining === 0;
  const outOfWords = forbidden === 'words' || currentUsage.remaining === 0;
  const blockedReason = outOfWords ? t('chat.noWords') : outOfBudget ? t('chat.budget.used') : null;

  const send = (message: string, from: DraftOrigin = {}, run: TemplateRun | null = null) => {
    if (!message.trim()) return;
    if (!run) setDraft('');
    // On a phone the open reply settings take almost half the screen: the reply coming needs it.
    setWritingShown(false);
    follow();
    const { variants, ...controls } = writing.controls;
    void chat.send(
      {
        message,
        brandVoiceId: activeBrandVoiceId ?? undefined,
        ...controls,
        ...(variants > 1 ? { variants } : {}),
        // Without ready sources the toggle is hidden and the server's default (off then) applies.
        ...(hasKnowledge ? { useKnowledge: knowledgeOn } : {}),
        ...from,
        ...(run ? { template: run.template } : {}),
      },
      run?.ran,
    );
  };
  const onImprove = () =>
    improve.mutate(
      { workspaceId: workspace.id, text: draft },
      {
        onSuccess: ({ text }) => {
          setDraft(text, origin);
          textarea.current?.focus();
        },
        // A 403 on improve (no words left) is quiet: it shows the out-of-words state instead of a toast.
        onError: (error) => {
          if (isApiError(error) && error.status === 403)
            setForbidden(error.code === 'MEMBER_BUDGET_EXHAUSTED' ? 'budget' : 'words');
          else toast.error(t('chat.failed'));
        },
      },
    );
  const onReact = (entryId: string, value: ReactionValue | null) =>
    react.mutate(
      { workspaceId: workspace.id, projectId, entryId, value },
      { onError: (error) => toast.error(errorMessage(t, error)) },
    );
  // The server answers the reply's request again as it was sent (library prompt, live search), in the
  // brand voice, writing controls and knowledge choice set now.
  const onRegenerate = (replyId: string) => {
    follow();
    const { variants: _versions, ...controls } = writing.controls;
    void chat.send({
      regenerate: { entryId: replyId },
      brandVoiceId: activeBrandVoiceId ?? undefined,
      ...controls,
      ...(hasKnowledge ? { useKnowledge: knowledgeOn } : {}),
    });
  };
  const onShowVersion = (versionId: string) =>
    showVersion.mutate({ projectId, versionId }, { onError: () => toast.error(t('chat.versions.failed')) });
  const onUseVersion = (versionId: string) => {
    chat.clearChoice();
    onShowVersion(versionId);
  };
  // The fix shows at once; a failure puts the reply back as it was and says so.
  const onEdit = (entryId: string, edit: EditReplyBody) =>
    editReply.mutate(
      { projectId, entryId, edit },
      {
        onError: (error) =>
          toast.error(
            isApiError(error) && error.code === 'STORAGE_FULL'
              ? errorMessage(t, error)
              : t('styleRules.reply.saveFailed'),
          ),
      },
    );
  latest.current = { onInsert, onRegenerate, onReact, onShowVersion, onEdit, onUseVersion };
  // A prompt or a starter goes in at the caret: a draft with text is never overwritten.
  const fillComposer = (text: string, from: DraftOrigin) => setDraft(insertIntoComposer(draft, text), from);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {showDemo && (
        // Above the conversation, not in it: sample text is labelled as such wherever the reader is.
        <div className="mx-auto w-full max-w-[760px] px-4 pt-3 pb-1 md:px-6">
          <DemoBanner />
        </div>
      )}
      <div className="relative flex min-h-0 flex-1 flex-col">
        <div
          data-chat-scroller
          // The feed keeps the reader's place itself when older entries come in above.
          className="@container relative min-h-0 flex-1 overflow-y-auto [overflow-anchor:none]"
        >
          <div
            className={cn(
              'mx-auto flex w-full max-w-[760px] flex-col gap-6 px-4 pt-6 md:px-6',
              // The feed keeps its own space under the last entry.
              empty && 'pb-6',
            )}
          >
            {empty ? (
              <StarterCategories
                name={user?.firstName ?? null}
                onPick={(text, liveSearch) => fillComposer(text, liveSearch ? { liveSearch } : {})}
              />
            ) : (
              <WordsUsageContext value={currentUsage}>
                <ConversationFeed
                  ref={feed}
                  rows={rows}
                  idle={chat.pending === null && followed.length === 0}
                  older={older}
                  handlers={handlers}
                  after={textarea}
                  onAtEndChange={setAtEnd}
                />
              </WordsUsageContext>
            )}
          </div>
        </div>
        <OlderEntriesStatus older={older} />
        {!atEnd && rows.length > 0 && (
          <GoToLatest
            onClick={() => feed.current?.scrollToLatest({ focus: true })}
            focusWhenGone={textarea}
          />
        )}
      </div>
      <div className="flex shrink-0 flex-col gap-3 border-t border-border bg-surface px-4 py-3 md:px-6">
        {outOfWords ? (
          <div className="mx-auto w-full max-w-[760px]">
            <OutOfWords usage={{ ...currentUsage, remaining: 0 }} />
          </div>
        ) : (
          (outOfBudget || currentUsage.budget?.reached) && (
            <div className="mx-auto w-full max-w-[760px]">
              <BudgetNotice usage={currentUsage} exhausted={outOfBudget} />
            </div>
          )
        )}
        <Composer
          value={draft}
          onChange={setDraft}
          onSend={() => send(draft, origin)}
          onStop={chat.stop}
          onImprove={onImprove}
          streaming={chat.streaming}
          improving={improve.isPending}
          blockedReason={blockedReason}
          textareaRef={textarea}
          tools={
            <>
              <TemplateButton
                labelClassName={COMPACT_LABEL}
                requestedId={requestedTemplate}
                blockedReason={blockedReason ?? (chat.streaming ? t('templates.composer.busy') : null)}
                onRequestHandled={() =>
                  setSearchParams(
                    (current) => {
                      const next = new URLSearchParams(current);
                      next.delete('template');
                      return next;
                    },
                    { replace: true },
                  )
                }
                // A template run is its own message: the draft in the composer stays for later.
                onRun={(run) => send(run.message, {}, run)}
              />
              <PromptLibraryButton
                labelClassName={COMPACT_LABEL}
                addsToDraft={draft.trim() !== ''}
                onUse={(text, promptId) => fillComposer(text, { promptId })}
              />
              <BrandVoicePicker />
              {hasKnowledge && <KnowledgeToggle on={knowledgeOn} onChange={setKnowledgeOn} />}
              <WritingControls
                value={writing.controls}
                onChange={writing.change}
                shown={writingShown}
                onShownChange={setWritingShown}
              />
            </>
          }
          footer={outOfWords || outOfBudget ? null : <WordsMeter usage={currentUsage} />}
        />
      </div>
    </div>
  );
}

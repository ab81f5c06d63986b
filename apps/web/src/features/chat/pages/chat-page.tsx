import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import type { Workspace } from '@redacta/shared';
import { LoadError } from '@/components/ui/load-error';
import { DocumentProvider, LostEditsDialog } from '@/features/document';
import { useProject } from '@/features/projects';
import { useSession } from '@/features/session';
import { isApiError } from '@/lib/api-error';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useConversation } from '../api/use-conversation';
import { useFollowProjectLink } from '../hooks/use-follow-project-link';
import { useOpenProject } from '../hooks/use-open-project';
import { ChatWorkbench } from '../components/chat-workbench';
import { ConversationSkeleton } from '../components/conversation-skeleton';
import { ProjectNotFound } from '../components/project-not-found';

/**
 * The project from the address, checked: absent or foreign reads as not found. One of another of the
 * user's workspaces waits on a skeleton while the app switches there (useFollowProjectLink) or, after
 * a switch by choice, while the address moves on.
 */
function OpenProject({ workspace, projectId }: { workspace: Workspace; projectId: string }) {
  const { t } = useTranslation();
  const { workspaces } = useSession();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const project = useProject(projectId);
  // Loaded together with the project, not after it.
  useConversation(projectId);
  const status = isApiError(project.error) ? project.error.status : null;
  const foreignId =
    project.data !== undefined && project.data.workspaceId !== workspace.id ? project.data.workspaceId : null;
  const home = foreignId ? workspaces.find((item) => item.id === foreignId) : undefined;
  const missing = status === 404 || status === 400 || (foreignId !== null && !home);
  const failed = project.isError && !missing;
  useEffect(() => {
    if (failed) toast.error(t('chat.projectFailed'));
  }, [failed, t]);
  // The project's screen is first drawn in a transition, like the chat inside it (chat-session.tsx).
  const stillPending = useDeferredValue(project.isPending, true);

  if (missing) return <ProjectNotFound />;
  if (home) return <ConversationSkeleton />;
  if (failed)
    return (
      <LoadError
        message={t('chat.projectFailed')}
        retryLabel={t('chat.retry')}
        retrying={project.isRefetching}
        onRetry={() => void project.refetch()}
        className="flex-1 justify-center px-4 py-12"
      />
    );
  if (project.isPending) return <ConversationSkeleton />;
  // The document is asked for as soon as the project is known, beside the screen's first draw. On a
  // phone, where it is a tab of its own, once the chat is drawn (ChatWorkbench).
  return (
    <DocumentProvider projectId={projectId} openLater={isMobile}>
      {stillPending ? (
        <ConversationSkeleton />
      ) : (
        <ChatWorkbench workspace={workspace} projectId={projectId} />
      )}
    </DocumentProvider>
  );
}

function WorkspaceChat({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const open = useOpenProject(workspace.id);
  if (open.state === 'resolving') return <ConversationSkeleton />;
  if (open.state === 'failed')
    return (
      <LoadError
        message={t('chat.projectFailed')}
        retryLabel={t('chat.retry')}
        retrying={false}
        onRetry={open.retry}
        className="flex-1 justify-center px-4 py-12"
      />
    );
  return <OpenProject key={open.projectId} workspace={workspace} projectId={open.projectId} />;
}

/**
 * /chat: which project is open comes from `?project=`, else the stored id, else the
 * newest project, else a new one; then its conversation beside its document.
 */
export default function ChatPage() {
  const { workspace } = useSession();
  useFollowProjectLink();
  return (
    // A definite zero height lets the page fill what the layout leaves and scroll inside itself;
    // `relative` keeps visually hidden (absolute) texts inside it instead of stretching the document.
    <div className="relative flex h-0 min-h-0 grow basis-0 flex-col overflow-hidden">
      {workspace && <WorkspaceChat key={workspace.id} workspace={workspace} />}
      {/* Outside the workspace's screen: it stays while the app moves on from a lost project. */}
      <LostEditsDialog />
    </div>
  );
}

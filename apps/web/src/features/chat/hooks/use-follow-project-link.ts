import { createElement, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { ArrowLeftRight } from 'lucide-react';
import { useProject } from '@/features/projects';
import { useSession } from '@/features/session';

/**
 * A link to a project of another of the user's workspaces (one a teammate shared) opens it there:
 * when a `?project=` arrives whose project lives in another workspace the user belongs to, the app
 * switches to that workspace, keeping the address, and says so. Each project arriving is looked at
 * once, against the workspace open when it arrived: switching workspaces by choice afterwards (while
 * the address still names the project) never switches back.
 */
export function useFollowProjectLink() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { workspace, workspaces, selectWorkspace } = useSession();
  const project = useProject(searchParams.get('project'));
  const seen = useRef<string | null>(null);
  const latest = useRef({ workspace, workspaces });
  latest.current = { workspace, workspaces };

  const arrived = project.data;
  useEffect(() => {
    if (!arrived || seen.current === arrived.id) return;
    seen.current = arrived.id;
    const { workspace: open, workspaces: mine } = latest.current;
    if (!open || arrived.workspaceId === open.id) return;
    const home = mine.find((item) => item.id === arrived.workspaceId);
    if (!home) return;
    selectWorkspace(home.id, { keepAddress: true });
    toast(t('chat.switchedWorkspace', { workspace: home.name }), {
      icon: createElement(ArrowLeftRight, { className: 'size-4 shrink-0 text-primary', 'aria-hidden': true }),
    });
  }, [arrived, selectWorkspace, t]);
}

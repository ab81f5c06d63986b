import { useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import { useSession } from '@/features/session';
import { storage, storageKeys } from '@/lib/storage';
import { cn } from '@/components/ui/cn';
import { shortModified } from '../lib/modified-label';
import { useRecentProjects } from '../api/use-recent-projects';
import { projectChatPath, rememberOpenProject } from '../lib/open-project';

/**
 * Under the nav (sidebar and mobile menu): the five most recently updated projects, the open one
 * highlighted; each opens /chat?project={id} and becomes the stored project. A name shown more than
 * once (new projects made the same day all start as "<date> Sin título") carries when it was last
 * modified, so the entries can be told apart.
 */
export function RecentProjects({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const recent = useRecentProjects(workspace?.id);
  const onChat = pathname === '/chat';
  const openId = onChat ? (params.get('project') ?? storage.get(storageKeys.projectId)) : null;

  // Work elsewhere (a chat reply, a rename in the chat header) reorders the list: look again on
  // each move, joining a request already under way rather than starting another.
  const { refetch } = recent;
  const workspaceId = workspace?.id;
  useEffect(() => {
    if (workspaceId) void refetch({ cancelRefetch: false });
  }, [workspaceId, pathname, openId, refetch]);

  if (!workspace) return null;
  const items = recent.data ?? [];
  const namesakes = (name: string) => items.filter((item) => item.name === name);
  return (
    <section aria-labelledby="recent-projects-heading" className="flex min-h-0 flex-col gap-1">
      <h2
        id="recent-projects-heading"
        className="px-3 text-xs font-medium tracking-wide text-text-muted uppercase"
      >
        {t('projects.recent.title')}
      </h2>
      {recent.isPending ? (
        <div className="flex flex-col gap-2 px-3 py-1" aria-hidden>
          {[0, 1, 2].map((index) => (
            <span key={index} className="h-3 w-4/5 animate-pulse rounded bg-border" />
          ))}
        </div>
      ) : recent.isError ? (
        <p className="px-3 text-xs text-text-muted">{t('projects.recent.loadFailed')}</p>
      ) : items.length === 0 ? (
        <p className="px-3 text-xs text-text-muted">{t('projects.recent.empty')}</p>
      ) : (
        <ul className="flex min-h-0 flex-col gap-0.5 overflow-y-auto">
          {items.map((project) => {
            const current = project.id === openId;
            const same = namesakes(project.name);
            const when = same.length > 1 ? shortModified(project.updatedAt) : null;
            return (
              <li key={project.id}>
                <Link
                  to={projectChatPath(project.id)}
                  aria-current={current ? 'page' : undefined}
                  title={when ? `${project.name} · ${when}` : project.name}
                  onClick={() => {
                    rememberOpenProject(project.id);
                    onNavigate?.();
                  }}
                  className={cn(
                    'flex items-center gap-2.5 rounded-lg px-3 py-1.5 text-[13px] transition-colors',
                    current
                      ? 'bg-primary-soft font-medium text-primary'
                      : 'text-text-muted hover:bg-surface hover:text-text',
                  )}
                >
                  <FileText className="size-4 shrink-0" aria-hidden />
                  <span className="min-w-0 truncate">{project.name}</span>
                  {when && (
                    <span className="ml-auto shrink-0 text-[11px] font-normal text-text-muted">
                      <span className="sr-only">, </span>
                      {when}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

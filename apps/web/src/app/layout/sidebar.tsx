import { useState } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { useTranslation } from 'react-i18next';
import { ChevronsUpDown } from 'lucide-react';
import { useSession } from '@/features/session';
import { RecentProjects } from '@/features/projects';
import { WorkspaceAvatar } from '@/components/ui/avatar';
import { Logo } from './logo';
import { NavLinks } from './nav-links';
import { ProfileMenuContent } from './profile-menu';
import { WorkspaceAction } from './workspace-action';

/** Desktop sidebar, 264 px wide; replaced by the mobile header at 768 px and below. */
export function Sidebar() {
  const { t } = useTranslation();
  const { user, workspace } = useSession();
  const [open, setOpen] = useState(false);

  return (
    <aside
      data-testid="sidebar"
      aria-label={t('sidebar.label')}
      className="flex h-full w-[264px] shrink-0 flex-col gap-6 border-r border-border bg-surface-muted px-3 py-4"
    >
      <div className="px-1">
        <Logo />
      </div>
      <NavLinks />
      <RecentProjects />
      <div className="mt-auto flex flex-col gap-3">
        <WorkspaceAction />
        <Popover.Root open={open} onOpenChange={setOpen}>
          {/* The name starts with "Menú de perfil" and includes the visible text (WCAG label in name). */}
          <Popover.Trigger className="flex w-full items-center gap-2.5 rounded-lg border border-border bg-surface px-2.5 py-2 text-left hover:bg-surface-muted data-[state=open]:bg-surface-muted">
            <span className="sr-only">{t('profileMenu.trigger')}:</span>
            <WorkspaceAvatar name={workspace?.name ?? ''} />
            <span className="flex min-w-0 flex-1 flex-col leading-tight">
              <span className="truncate text-sm font-medium">{workspace?.name ?? '—'}</span>
              <span className="truncate text-xs text-text-muted">{user?.email}</span>
            </span>
            <ChevronsUpDown className="size-4 shrink-0 text-text-muted" aria-hidden />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              aria-label={t('profileMenu.trigger')}
              side="top"
              align="start"
              sideOffset={8}
              className="z-[55] w-[280px] rounded-xl border border-border bg-surface p-1.5 shadow-xl"
            >
              <ProfileMenuContent onNavigate={() => setOpen(false)} />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
    </aside>
  );
}

import { useState, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Menu, X } from 'lucide-react';
import { RecentProjects } from '@/features/projects';
import { Logo } from './logo';
import { NavLinks } from './nav-links';
import { ProfileMenuContent } from './profile-menu';
import { WorkspaceAction } from './workspace-action';

/** ≤ 768 px: a 56 px header with the menu button, the page title and the page's primary action. */
export function MobileHeader({ title, action }: { title: ReactNode; action?: ReactNode }) {
  const { t } = useTranslation();
  // Open for one location only: any navigation (nav link, menu item, workspace switch) closes it.
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const [openAt, setOpenAt] = useState<string | null>(null);
  // A replace is the page adjusting its own address (the chat writing ?project=), not the user going
  // somewhere: the menu stays open across it.
  if (openAt !== null && openAt !== key && navigationType === 'REPLACE') setOpenAt(key);
  const open = openAt === key;
  const setOpen = (next: boolean) => setOpenAt(next ? key : null);
  const close = () => setOpenAt(null);

  return (
    <header
      data-testid="mobile-header"
      className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-b border-border bg-surface px-2"
    >
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger
          aria-label={t('mobile.openMenu')}
          title={t('mobile.openMenu')}
          className="rounded-lg p-2.5 text-text hover:bg-surface-muted"
        >
          <Menu className="size-5" aria-hidden />
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="animate-fade-in fixed inset-0 z-40 bg-slate-950/50" />
          <Dialog.Content
            aria-describedby={undefined}
            data-testid="mobile-menu"
            className="animate-slide-in-left fixed inset-y-0 left-0 z-50 flex w-[min(86vw,320px)] flex-col gap-5 overflow-y-auto bg-surface-muted px-3 py-3 shadow-2xl"
          >
            <div className="flex items-center justify-between">
              <Dialog.Title asChild>
                <div>
                  <Logo onNavigate={close} />
                </div>
              </Dialog.Title>
              <Dialog.Close aria-label={t('mobile.closeMenu')} className="rounded-lg p-2.5 hover:bg-surface">
                <X className="size-5" aria-hidden />
              </Dialog.Close>
            </div>
            <NavLinks onNavigate={close} />
            {/* The menu scrolls as a whole: its sections keep their height instead of shrinking to fit
                (a long workspace list would squeeze the recent projects to a strip). */}
            <div className="shrink-0">
              <RecentProjects onNavigate={close} />
            </div>
            <WorkspaceAction onNavigate={close} />
            <div className="rounded-xl border border-border bg-surface p-1.5">
              <ProfileMenuContent onNavigate={close} />
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <div className="min-w-0 flex-1 truncate text-[15px] font-semibold">{title}</div>
      {action && <div className="flex shrink-0 items-center gap-1">{action}</div>}
    </header>
  );
}

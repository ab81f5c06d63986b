import { useTranslation } from 'react-i18next';
import { Logo } from './logo';
import { NavLinks } from './nav-links';
import { ProfileMenu } from './profile-menu';
import { WorkspaceAction } from './workspace-action';

/** Desktop sidebar, 264 px (spec §2); replaced by the mobile header at 768 px and below. */
export function Sidebar() {
  const { t } = useTranslation();
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
      <div className="mt-auto flex flex-col gap-3">
        <WorkspaceAction />
        <ProfileMenu />
      </div>
    </aside>
  );
}

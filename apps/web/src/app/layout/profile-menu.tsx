import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import {
  Check,
  ChevronsUpDown,
  CreditCard,
  FlaskConical,
  LogOut,
  Monitor,
  Moon,
  Settings,
  Sun,
  User,
} from 'lucide-react';
import { useLogout, useSession, useUpdateLocale } from '@/features/session';
import { UserAvatar, WorkspaceAvatar } from '@/components/ui/avatar';
import { LanguageSelect } from '@/components/ui/language-select';
import { cn } from '@/components/ui/cn';
import { setTheme, useTheme, type ThemeChoice } from '@/lib/theme';

const itemClasses =
  'flex w-full cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm text-text outline-none select-none data-[highlighted]:bg-surface-muted';

const themes: Array<{ value: ThemeChoice; Icon: typeof Sun }> = [
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
  { value: 'system', Icon: Monitor },
];

function LinkItem({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Item asChild className={itemClasses}>
      <Link to={to}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

/**
 * Spec §2 profile popup (Radix DropdownMenu: real menu items, arrow keys, Escape): the e-mail
 * linking to /profile, the workspaces with a check on the current one, the configurable items
 * (Labs tagged Experimental), theme and language, and log out. The same menu serves the desktop
 * sidebar and the mobile slide-in menu.
 */
export function ProfileMenu({ side = 'top' }: { side?: 'top' | 'bottom' }) {
  const { t } = useTranslation();
  const { user, workspaces, workspace, selectWorkspace } = useSession();
  const logout = useLogout();
  const updateLocale = useUpdateLocale();
  const theme = useTheme();
  const languageRef = useRef<HTMLSelectElement>(null);

  return (
    // Not modal: the page stays readable (no aria-hidden) while the menu is open, e.g. to see the
    // language change apply behind it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('profileMenu.trigger')}
        className="flex w-full items-center gap-2.5 rounded-lg border border-border bg-surface px-2.5 py-2 text-left hover:bg-surface-muted data-[state=open]:bg-surface-muted"
      >
        <WorkspaceAvatar name={workspace?.name ?? ''} />
        <span className="flex min-w-0 flex-1 flex-col leading-tight">
          <span className="truncate text-sm font-medium">{workspace?.name ?? '—'}</span>
          <span className="truncate text-xs text-text-muted">{user?.email}</span>
        </span>
        <ChevronsUpDown className="size-4 shrink-0 text-text-muted" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={side}
          align="start"
          sideOffset={8}
          collisionPadding={8}
          className="z-[75] max-h-[var(--radix-dropdown-menu-content-available-height)] w-[min(288px,calc(100vw-16px))] overflow-y-auto rounded-xl border border-border bg-surface p-1.5 text-sm shadow-xl"
        >
          {user && (
            <LinkItem to="/profile" icon={<UserAvatar user={user} size="sm" />}>
              <span className="min-w-0 flex-1 truncate font-medium" title={user.email}>
                {user.email}
              </span>
            </LinkItem>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Label className="px-2.5 pt-1 pb-0.5 text-xs font-medium tracking-wide text-text-muted uppercase">
            {t('profileMenu.workspaces')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={workspace?.id ?? ''}
            onValueChange={(id) => {
              if (id !== workspace?.id) selectWorkspace(id);
            }}
          >
            {workspaces.map((item) => (
              <DropdownMenu.RadioItem key={item.id} value={item.id} className={itemClasses}>
                <WorkspaceAvatar name={item.name} size="sm" />
                <span className="min-w-0 flex-1 truncate">{item.name}</span>
                <DropdownMenu.ItemIndicator>
                  <Check className="size-4 text-primary" aria-hidden />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <LinkItem
            to="/workspace-settings"
            icon={<Settings className="size-4 text-text-muted" aria-hidden />}
          >
            {t('profileMenu.workspaceSettings')}
          </LinkItem>
          <LinkItem to="/profile" icon={<User className="size-4 text-text-muted" aria-hidden />}>
            {t('profileMenu.profile')}
          </LinkItem>
          <LinkItem to="/subscription" icon={<CreditCard className="size-4 text-text-muted" aria-hidden />}>
            {t('profileMenu.subscription')}
          </LinkItem>
          <LinkItem to="/labs" icon={<FlaskConical className="size-4 text-text-muted" aria-hidden />}>
            <span className="flex-1">{t('profileMenu.labs')}</span>
            <span className="rounded-full bg-warning/15 px-2 py-0.5 text-[11px] font-medium text-amber-700 dark:text-amber-300">
              {t('profileMenu.experimental')}
            </span>
          </LinkItem>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <div className="flex items-center justify-between gap-2 px-2.5 py-1">
            <DropdownMenu.Label className="text-[13px] text-text-muted">
              {t('theme.label')}
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup
              value={theme}
              onValueChange={(value) => setTheme(value as ThemeChoice)}
              className="flex gap-0.5 rounded-lg bg-surface-muted p-0.5"
            >
              {themes.map(({ value, Icon }) => (
                <DropdownMenu.RadioItem
                  key={value}
                  value={value}
                  aria-label={t(`theme.${value}`)}
                  title={t(`theme.${value}`)}
                  onSelect={(event) => event.preventDefault()}
                  className={cn(
                    'cursor-pointer rounded-md p-1.5 outline-none data-[highlighted]:ring-2 data-[highlighted]:ring-primary',
                    theme === value ? 'bg-surface text-primary shadow-sm' : 'text-text-muted hover:text-text',
                  )}
                >
                  <Icon className="size-4" aria-hidden />
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          </div>
          {/* The language select lives in an item so arrow keys reach it; Enter focuses the select. */}
          <DropdownMenu.Item
            className="rounded-md px-2.5 py-1 outline-none data-[highlighted]:bg-surface-muted"
            onSelect={(event) => {
              event.preventDefault();
              languageRef.current?.focus();
            }}
            onPointerMove={(event) => event.preventDefault()}
          >
            <LanguageSelect
              ref={languageRef}
              className="justify-between"
              onChanged={(locale) => void updateLocale(locale)}
            />
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => void logout()}>
            <LogOut className="size-4 text-text-muted" aria-hidden />
            {t('profileMenu.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

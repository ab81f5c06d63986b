import { Link } from 'react-router';
import { governs } from '@redacta/shared/rules/roles';
import { useTranslation } from 'react-i18next';
import {
  BarChart3,
  Check,
  Code,
  KeyRound,
  CreditCard,
  FlaskConical,
  History,
  LogOut,
  Monitor,
  Moon,
  Settings,
  Sun,
  User,
  UsersRound,
} from 'lucide-react';
import { useLogout, useSession, useUpdateLocale } from '@/features/session';
import { planLabelKey } from '@/features/workspaces';
import { UserAvatar, WorkspaceAvatar } from '@/components/ui/avatar';
import { LanguageSelect } from '@/components/ui/language-select';
import { cn } from '@/components/ui/cn';
import { setTheme, useTheme, type ThemeChoice } from '@/lib/theme';

const itemClasses =
  'flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm text-text hover:bg-surface-muted focus-visible:bg-surface-muted';

const themes: Array<{ value: ThemeChoice; Icon: typeof Sun }> = [
  { value: 'light', Icon: Sun },
  { value: 'dark', Icon: Moon },
  { value: 'system', Icon: Monitor },
];

/**
 * The profile popup (a Radix Popover: buttons and links, Tab order, Escape closes): the e-mail
 * linking to /profile, the workspaces (with their plan) and a check on the current one, the configurable items (API
 * for the workspace's owner, Labs tagged Experimental), theme and language, log out.
 * Shared by the desktop popover and the mobile menu.
 */
export function ProfileMenuContent({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user, workspaces, workspace, selectWorkspace } = useSession();
  const logout = useLogout();
  const updateLocale = useUpdateLocale();
  const theme = useTheme();

  return (
    <div className="flex flex-col gap-1 text-sm">
      {user && (
        <Link to="/profile" onClick={onNavigate} className={cn(itemClasses, 'py-2.5')}>
          <UserAvatar user={user} size="sm" />
          <span className="min-w-0 flex-1 truncate font-medium" title={user.email}>
            {user.email}
          </span>
        </Link>
      )}
      <hr className="my-1 border-border" />
      <p
        className="px-2.5 pt-1 text-xs font-medium tracking-wide text-text-muted uppercase"
        id="workspaces-heading"
      >
        {t('profileMenu.workspaces')}
      </p>
      <ul aria-labelledby="workspaces-heading" className="flex flex-col">
        {workspaces.map((item) => {
          const current = item.id === workspace?.id;
          return (
            <li key={item.id}>
              <button
                type="button"
                className={itemClasses}
                aria-current={current ? 'true' : undefined}
                onClick={() => {
                  onNavigate?.();
                  if (!current) selectWorkspace(item.id);
                }}
              >
                <WorkspaceAvatar name={item.name} size="sm" />
                <span className="flex min-w-0 flex-1 flex-col leading-tight">
                  <span className="truncate" title={item.name}>
                    {item.name}
                  </span>
                  <span className="truncate text-xs text-text-muted">{t(planLabelKey(item.plan))}</span>
                </span>
                {current && <Check className="size-4 text-primary" aria-label={t('profileMenu.current')} />}
              </button>
            </li>
          );
        })}
      </ul>
      <hr className="my-1 border-border" />
      <Link to="/workspace-settings" onClick={onNavigate} className={itemClasses}>
        <Settings className="size-4 text-text-muted" aria-hidden />
        {t('profileMenu.workspaceSettings')}
      </Link>
      {/* The owner and admins manage the API access and read the audit log (docs/product.md, "Who may do what"). */}
      {user && workspace && governs(workspace, user.id) && (
        <>
          <Link to="/settings/api" onClick={onNavigate} className={itemClasses}>
            <Code className="size-4 text-text-muted" aria-hidden />
            {t('profileMenu.api')}
          </Link>
          <Link to="/settings/audit" onClick={onNavigate} className={itemClasses}>
            <History className="size-4 text-text-muted" aria-hidden />
            {t('profileMenu.audit')}
          </Link>
        </>
      )}
      {user && workspace && governs(workspace, user.id) && (
        <Link to="/settings/sso" onClick={onNavigate} className={itemClasses}>
          <KeyRound className="size-4 text-text-muted" aria-hidden />
          {t('profileMenu.sso')}
        </Link>
      )}
      {/* The owner and admins set up provisioning, on Enterprise (docs/product.md, "SCIM provisioning"). */}
      {user && workspace && governs(workspace, user.id) && workspace.plan === 'enterprise' && (
        <Link to="/settings/scim" onClick={onNavigate} className={itemClasses}>
          <UsersRound className="size-4 text-text-muted" aria-hidden />
          {t('profileMenu.scim')}
        </Link>
      )}
      <Link to="/settings/usage" onClick={onNavigate} className={itemClasses}>
        <BarChart3 className="size-4 text-text-muted" aria-hidden />
        {t('profileMenu.usage')}
      </Link>
      <Link to="/profile" onClick={onNavigate} className={itemClasses}>
        <User className="size-4 text-text-muted" aria-hidden />
        {t('profileMenu.profile')}
      </Link>
      <Link to="/subscription" onClick={onNavigate} className={itemClasses}>
        <CreditCard className="size-4 text-text-muted" aria-hidden />
        {t('profileMenu.subscription')}
      </Link>
      <Link to="/labs" onClick={onNavigate} className={itemClasses}>
        <FlaskConical className="size-4 text-text-muted" aria-hidden />
        <span className="flex-1">{t('profileMenu.labs')}</span>
        <span className="rounded-full bg-warning/15 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:text-amber-300">
          {t('profileMenu.experimental')}
        </span>
      </Link>
      <hr className="my-1 border-border" />
      <div className="flex items-center justify-between gap-2 px-2.5 py-1">
        <span className="text-[13px] text-text-muted" id="theme-label">
          {t('theme.label')}
        </span>
        <div
          role="radiogroup"
          aria-labelledby="theme-label"
          className="flex gap-0.5 rounded-lg bg-surface-muted p-0.5"
        >
          {themes.map(({ value, Icon }) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={theme === value}
              aria-label={t(`theme.${value}`)}
              title={t(`theme.${value}`)}
              onClick={() => setTheme(value)}
              className={cn(
                'rounded-md p-1.5',
                theme === value ? 'bg-surface text-primary shadow-sm' : 'text-text-muted hover:text-text',
              )}
            >
              <Icon className="size-4" aria-hidden />
            </button>
          ))}
        </div>
      </div>
      <LanguageSelect
        className="justify-between px-2.5 py-1"
        onChanged={(locale) => void updateLocale(locale)}
      />
      <hr className="my-1 border-border" />
      <button
        type="button"
        className={itemClasses}
        onClick={() => {
          onNavigate?.();
          void logout();
        }}
      >
        <LogOut className="size-4 text-text-muted" aria-hidden />
        {t('profileMenu.logout')}
      </button>
    </div>
  );
}

import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AudioLines, Folder, MessageSquare } from 'lucide-react';
import { cn } from '@/components/ui/cn';

const items = [
  { to: '/chat', key: 'nav.chat', Icon: MessageSquare },
  { to: '/projects', key: 'nav.projects', Icon: Folder },
  { to: '/brand-voice', key: 'nav.brandVoice', Icon: AudioLines },
] as const;

/** The main nav: Chat, My projects, Brand voice; the active item on primary-soft. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="flex flex-col gap-0.5">
        {items.map(({ to, key, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-primary-soft text-primary'
                    : 'text-text-muted hover:bg-surface hover:text-text',
                )
              }
            >
              <Icon className="size-5 shrink-0" aria-hidden />
              {t(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

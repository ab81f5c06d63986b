import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AudioLines, Folder, LayoutTemplate, MessageSquare, Table2 } from 'lucide-react';
import { cn } from '@/components/ui/cn';

/** Each item is active on every path starting with its `section`. */
const items = [
  { to: '/chat', section: '/chat', key: 'nav.chat', Icon: MessageSquare },
  { to: '/projects', section: '/projects', key: 'nav.projects', Icon: Folder },
  { to: '/templates', section: '/templates', key: 'nav.templates', Icon: LayoutTemplate },
  { to: '/batches', section: '/batches', key: 'nav.batches', Icon: Table2 },
  // The Brand area: its tabs, and the voices at their first address (/brand-voice, its editor).
  { to: '/brand/voices', section: '/brand', key: 'nav.brand', Icon: AudioLines },
] as const;

/** The main nav: Chat, My projects, Templates, Bulk runs, Brand; the active item on primary-soft. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="flex flex-col gap-0.5">
        {items.map(({ to, section, key, Icon }) => {
          const active = pathname.startsWith(section);
          return (
            <li key={to}>
              <Link
                to={to}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                  active
                    ? 'bg-primary-soft text-primary'
                    : 'text-text-muted hover:bg-surface hover:text-text',
                )}
              >
                <Icon className="size-5 shrink-0" aria-hidden />
                {t(key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

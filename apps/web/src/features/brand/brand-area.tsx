import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { brandTabAt, brandTabs } from './brand-tabs';

/**
 * The Brand area: voices, knowledge (and whatever else brandTabs lists) as tabs that are routes,
 * so each has its own address, the browser's back button moves between them and a link opens one.
 * On a phone the tabs show short labels, so the three fit one row; a row still too wide (a large
 * text size) scrolls sideways rather than squeezing the labels.
 */
export default function BrandArea() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = brandTabAt(pathname);
  return (
    <div className="flex flex-1 flex-col">
      <nav aria-label={t('brandArea.tabsLabel')} className="border-b border-border px-4 md:px-6">
        <ul className="mx-auto flex w-full max-w-[1200px] gap-1 overflow-x-auto">
          {brandTabs.map((tab) => (
            <li key={tab.path} className="shrink-0">
              <Link
                to={tab.path}
                aria-current={tab === active ? 'page' : undefined}
                className={cn(
                  '-mb-px inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors',
                  'rounded-t-lg focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
                  tab === active
                    ? 'border-primary text-primary'
                    : 'border-transparent text-text-muted hover:border-border hover:text-text',
                )}
              >
                {/* The short label is seen, the full one read: the link's name stays the page's title. */}
                <span aria-hidden className="sm:hidden">
                  {t(tab.shortLabelKey)}
                </span>
                <span className="max-sm:sr-only">{t(tab.labelKey)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

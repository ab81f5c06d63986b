import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChatHeaderActions, ChatTitle, COMPOSER_ID } from '@/features/chat';
import { ProjectsHeaderActions } from '@/features/projects';
import { BrandVoiceHeaderActions } from '@/features/brand-voice';
import { TemplatesHeaderActions } from '@/features/templates';
import { brandTabAt, brandTabs } from '@/features/brand';
import { MOBILE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Footer } from './footer';
import { MobileHeader } from './mobile-header';
import { PageHeader } from './page-header';
import { Sidebar } from './sidebar';

interface Chrome {
  title: ReactNode;
  /** For the browser tab. */
  documentTitle: string;
  /** The page header with its actions; only /projects, /chat, /templates and the Brand area's tabs have one. */
  header?: { actions: ReactNode; compactActions?: ReactNode };
  footer: boolean;
}

function useChrome(pathname: string): Chrome {
  const { t } = useTranslation();
  const heading = (text: string) => <h1 className="truncate text-lg font-semibold">{text}</h1>;
  if (pathname === '/chat')
    return {
      title: <ChatTitle />,
      documentTitle: t('nav.chat'),
      header: { actions: <ChatHeaderActions />, compactActions: <ChatHeaderActions compact /> },
      footer: false,
    };
  if (pathname === '/projects')
    return {
      title: heading(t('nav.projects')),
      documentTitle: t('nav.projects'),
      header: { actions: <ProjectsHeaderActions />, compactActions: <ProjectsHeaderActions compact /> },
      footer: true,
    };
  if (pathname === '/templates')
    return {
      title: heading(t('nav.templates')),
      documentTitle: t('nav.templates'),
      header: { actions: <TemplatesHeaderActions />, compactActions: <TemplatesHeaderActions compact /> },
      footer: true,
    };
  const brandTab = brandTabAt(pathname);
  if (brandTab) {
    // The voices' tab keeps "new brand voice" in the header; the others act inside their page.
    const voices = brandTab === brandTabs[0];
    return {
      title: heading(t(brandTab.labelKey)),
      documentTitle: t(brandTab.labelKey),
      header: voices
        ? { actions: <BrandVoiceHeaderActions />, compactActions: <BrandVoiceHeaderActions compact /> }
        : { actions: null },
      footer: true,
    };
  }
  const titles: Record<string, string> = {
    '/brand-voice/new': 'brandVoice.newTitle',
    '/profile': 'profileMenu.profile',
    '/workspace-settings': 'profileMenu.workspaceSettings',
    '/settings/api': 'profileMenu.api',
    '/settings/sso': 'ssoSettings.title',
    '/settings/audit': 'profileMenu.audit',
    '/settings/scim': 'profileMenu.scim',
    '/settings/usage': 'profileMenu.usage',
    '/subscription': 'profileMenu.subscription',
    '/subscription/sandbox-checkout': 'subscription.sandboxCheckout.title',
    '/labs': 'profileMenu.labs',
    '/templates/new': 'templates.newTitle',
    '/batches': 'nav.batches',
    '/batches/new': 'batches.new.title',
  };
  // /brand-voice/{id}: the editor of a saved voice; /templates/{id}/edit: a template's editor;
  // /batches/{id}: one bulk run's results; /exports/{workspaceId}/{exportId}: a mailed download.
  const key =
    titles[pathname] ??
    (pathname.startsWith('/brand-voice/')
      ? 'nav.brandVoice'
      : /^\/templates\/[^/]+\/edit$/.test(pathname)
        ? 'templates.editTitle'
        : pathname.startsWith('/batches/')
          ? 'nav.batches'
          : pathname.startsWith('/exports/')
            ? 'gdpr.export.pageTitle'
            : undefined);
  const text = key ? t(key) : t('notFound.title');
  return { title: key ? text : 'Redacta', documentTitle: text, footer: key !== undefined };
}

const skipLinkClasses =
  'sr-only z-[80] rounded-lg bg-primary px-3 py-2 text-on-primary focus:not-sr-only focus:fixed focus:top-2 focus:left-2';

/**
 * On /chat the first Tab reaches "skip to message", which puts the caret in the composer (focused
 * by hand: a fragment link only moves where the next Tab starts).
 */
function SkipToMessage() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${COMPOSER_ID}`}
      className={skipLinkClasses}
      onClick={(event) => {
        const composer = document.getElementById(COMPOSER_ID);
        if (!composer) return;
        event.preventDefault();
        composer.focus();
      }}
    >
      {t('common.skipToMessage')}
    </a>
  );
}

/** The signed-in shell: sidebar (desktop) or mobile header + slide-in menu (≤ 768 px). */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const chrome = useChrome(pathname);
  useDocumentTitle(chrome.documentTitle);

  return (
    <div className="flex h-full">
      {pathname === '/chat' && <SkipToMessage />}
      <a href="#main" className={skipLinkClasses}>
        {t('common.skipToContent')}
      </a>
      {!isMobile && <Sidebar />}
      <div className="flex min-w-0 flex-1 flex-col">
        {isMobile && <MobileHeader title={chrome.title} action={chrome.header?.compactActions} />}
        <main id="main" tabIndex={-1} className="flex min-h-0 flex-1 flex-col overflow-y-auto outline-none">
          {!isMobile && chrome.header && <PageHeader title={chrome.title} actions={chrome.header.actions} />}
          <div className="flex flex-1 flex-col">
            <Outlet />
          </div>
          {chrome.footer && <Footer />}
        </main>
      </div>
    </div>
  );
}

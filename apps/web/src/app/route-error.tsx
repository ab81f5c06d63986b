import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';

/** Shown when a page throws or its chunk fails to load (for example after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">{t('errors.pageTitle')}</h1>
      <p className="max-w-md text-text-muted">{t('errors.generic')}</p>
      <a href="/chat" className={buttonClasses('primary')}>
        {t('errors.reload')}
      </a>
    </main>
  );
}

interface RouteErrorBoundaryProps {
  /** The address's path: going to another one gives its page a new chance. */
  pathname: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  pathname: string;
}

/** Draws RouteError in place of the pages below it when one throws while rendering. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

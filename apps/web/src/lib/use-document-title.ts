import { useEffect } from 'react';

/** Each screen names the tab ("Mis proyectos · Redacta"): WCAG 2.4.2 and easier tab switching. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Redacta` : 'Redacta';
  }, [title]);
}

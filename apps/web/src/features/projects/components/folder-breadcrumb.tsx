import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';

/** Inside a folder: "Mis proyectos › Folder", the first part leading back to all projects. */
export function FolderBreadcrumb({ rootHref, folderName }: { rootHref: string; folderName: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('projects.breadcrumb')} className="min-w-0">
      <ol className="flex min-w-0 items-start gap-1 text-sm">
        <li className="shrink-0">
          <Link
            to={rootHref}
            className="rounded text-text-muted hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          >
            {t('nav.projects')}
          </Link>
        </li>
        <li aria-hidden className="shrink-0 text-text-muted">
          <ChevronRight className="size-4" />
        </li>
        <li className="min-w-0 font-semibold [overflow-wrap:anywhere]" aria-current="page">
          {folderName}
        </li>
      </ol>
    </nav>
  );
}

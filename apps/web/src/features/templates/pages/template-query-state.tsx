import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Template } from '@redacta/shared';
import { isApiError } from '@/lib/api-error';
import { EditorSkeleton, TemplateLoadError, TemplateNotFound } from './editor-states';

/** A template read for the editor: a skeleton while it comes, not found (gone, foreign), a way to retry. */
export function TemplateQueryState({
  query,
  children,
}: {
  query: UseQueryResult<Template>;
  children: (template: Template) => ReactNode;
}) {
  if (query.isPending) return <EditorSkeleton />;
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return missing ? (
      <TemplateNotFound />
    ) : (
      <TemplateLoadError retrying={query.isRefetching} onRetry={() => void query.refetch()} />
    );
  }
  return children(query.data);
}

import { useQuery } from '@tanstack/react-query';
import { workspaceTemplatesKey } from '@/features/templates';
import { fetchTemplates } from './batch-api';

/**
 * The templates a batch can run, in every language: the built-in ones, then the workspace's own.
 * Under the templates' own key, so a template saved or deleted is read again here too.
 */
export function useBatchTemplates(workspaceId: string) {
  return useQuery({
    queryKey: [...workspaceTemplatesKey(workspaceId), 'all'],
    queryFn: ({ signal }) => fetchTemplates(workspaceId, signal).then((answer) => answer.templates),
    enabled: workspaceId !== '',
  });
}

import { useQuery } from '@tanstack/react-query';
import { fetchTemplate, fetchTemplates } from './batch-api';
import { batchKeys } from './batch-keys';

/** The templates a batch can run: the built-in ones, then the workspace's own. */
export function useBatchTemplates(workspaceId: string) {
  return useQuery({
    queryKey: batchKeys.templates(workspaceId),
    queryFn: ({ signal }) => fetchTemplates(workspaceId, signal).then((answer) => answer.templates),
  });
}

/** One template (a batch's fields and parts, with their limits); absent once deleted. */
export function useTemplate(templateId: string | undefined) {
  return useQuery({
    queryKey: batchKeys.template(templateId ?? ''),
    queryFn: ({ signal }) => fetchTemplate(templateId!, signal),
    enabled: templateId !== undefined,
    staleTime: 60_000,
  });
}

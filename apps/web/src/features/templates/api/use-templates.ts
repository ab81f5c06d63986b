import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTemplateBody, Template, TemplateListResponse, UpdateTemplateBody } from '@redacta/shared';
import type { Locale } from '@redacta/shared/locales';
import { api } from '@/lib/api-client';
import { useCreateOnce } from '@/lib/use-create-once';
import { useSession } from '@/features/session';

/** Every language's templates of a workspace start with this key. */
export const workspaceTemplatesKey = (workspaceId: string) => ['templates', workspaceId] as const;
export const templatesKey = (workspaceId: string, language: Locale) =>
  [...workspaceTemplatesKey(workspaceId), language] as const;
export const templateKey = (id: string) => ['template', id] as const;

function useWorkspaceId(): string {
  return useSession().workspace?.id ?? '';
}

/** GET /api/workspace/{id}/templates?language=: the built-in templates of that language, then the workspace's. */
export function useTemplates(language: Locale) {
  const workspaceId = useWorkspaceId();
  return useQuery({
    queryKey: templatesKey(workspaceId, language),
    queryFn: async ({ signal }) =>
      (
        await api.get<TemplateListResponse>(
          `/workspace/${encodeURIComponent(workspaceId)}/templates?language=${language}`,
          { signal },
        )
      ).templates,
    enabled: workspaceId !== '',
    staleTime: 60_000,
  });
}

/** GET /api/template/{id}: one template, built-in or the workspace's own. */
export function useTemplate(id: string | null) {
  return useQuery({
    queryKey: templateKey(id ?? ''),
    queryFn: ({ signal }) => api.get<Template>(`/template/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null && id !== '',
    staleTime: 60_000,
  });
}

/** The lists and the one template a change touches are read again. */
function useForget() {
  const queryClient = useQueryClient();
  const workspaceId = useWorkspaceId();
  return (template: Template | { id: string }) => {
    void queryClient.invalidateQueries({ queryKey: workspaceTemplatesKey(workspaceId) });
    if ('updatedAt' in template) queryClient.setQueryData(templateKey(template.id), template);
    else queryClient.removeQueries({ queryKey: templateKey(template.id) });
  };
}

export type NewTemplate = Omit<CreateTemplateBody, 'id'>;

/**
 * POST /api/workspace/{id}/templates → the template. A save asked for while one is running does
 * nothing, and a retry after a failure goes under the same id, which the server answers with what it
 * may already have made: one template per save.
 */
export function useCreateTemplate() {
  const workspaceId = useWorkspaceId();
  const forget = useForget();
  const once = useCreateOnce();
  const mutation = useMutation({
    mutationFn: (body: CreateTemplateBody) =>
      api.post<Template>(`/workspace/${encodeURIComponent(workspaceId)}/templates`, body),
    onSuccess: forget,
  });
  return {
    isPending: mutation.isPending,
    mutate(
      body: NewTemplate,
      callbacks: { onSuccess: (template: Template) => void; onError: (error: unknown) => void },
    ) {
      const id = once.start();
      if (!id) return;
      mutation.mutate(
        { id, ...body },
        {
          onSuccess: (template) => {
            once.settle(true);
            callbacks.onSuccess(template);
          },
          onError: (error) => {
            once.settle(false);
            callbacks.onError(error);
          },
        },
      );
    },
  };
}

/** PATCH /api/template/{id} → the template as saved. */
export function useUpdateTemplate() {
  const forget = useForget();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateTemplateBody & { id: string }) =>
      api.patch<Template>(`/template/${encodeURIComponent(id)}`, body),
    onSuccess: forget,
  });
}

/** DELETE /api/template/{id}. */
export function useDeleteTemplate() {
  const forget = useForget();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/template/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => forget({ id }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Prompt, PromptGroup } from '@redacta/shared';
import { api } from '@/lib/api-client';
import { addCustomPrompt, editCustomPrompt, moveToRecent, removePrompt } from '../prompt-groups';
import { usePromptScope } from './use-prompt-groups';

function useGroupsCache() {
  const queryClient = useQueryClient();
  const scope = usePromptScope();
  const update = (change: (groups: PromptGroup[]) => PromptGroup[]) =>
    queryClient.setQueryData<PromptGroup[]>(scope.key, (groups) => groups && change(groups));
  return { ...scope, update };
}

/** POST /api/prompt/custom → `{ id }`: the new prompt goes to the top of Personalizados. */
export function useCreateCustomPrompt() {
  const { workspaceId, language, update } = useGroupsCache();
  return useMutation({
    mutationFn: async (body: { name: string; text: string }): Promise<Prompt> => {
      const { id } = await api.post<{ id: string }>('/prompt/custom', { workspaceId, language, ...body });
      return { id, ...body, category: null, custom: true, language };
    },
    onSuccess: (prompt) => update((groups) => addCustomPrompt(groups, prompt)),
  });
}

/** PATCH /api/prompt/custom/{id}: name and text. */
export function useEditCustomPrompt() {
  const { update } = useGroupsCache();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; name: string; text: string }) =>
      api.patch<unknown>(`/prompt/custom/${encodeURIComponent(id)}`, body),
    onSuccess: (_result, { id, ...change }) => update((groups) => editCustomPrompt(groups, id, change)),
  });
}

/** DELETE /api/prompt/custom/{id}. */
export function useDeleteCustomPrompt() {
  const { update } = useGroupsCache();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/prompt/custom/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => update((groups) => removePrompt(groups, id)),
  });
}

/** POST /api/prompt/{id}/use: the prompt moves to the top of Recientes. */
export function useRecordPromptUse() {
  const { t } = useTranslation();
  const { workspaceId, update } = useGroupsCache();
  return useMutation({
    mutationFn: (prompt: Prompt) =>
      api.post<void>(`/prompt/${encodeURIComponent(prompt.id)}/use`, { workspaceId }),
    onSuccess: (_result, prompt) => update((groups) => moveToRecent(groups, prompt, t('prompts.recent'))),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreateCustomPromptResponse, Prompt, PromptGroup } from '@redacta/shared';
import type { Locale } from '@redacta/shared/locales';
import { api } from '@/lib/api-client';
import { useCreateOnce } from '@/lib/use-create-once';
import { useSession } from '@/features/session';
import { addCustomPrompt, editCustomPrompt, moveToRecent, removePrompt } from '../prompt-groups';
import { promptGroupsKey, workspacePromptsKey } from './use-prompt-groups';

type Change = (groups: PromptGroup[]) => PromptGroup[];

/** The library's cached groups of the current workspace: in one language, or in every language loaded. */
function useGroupsCache() {
  const queryClient = useQueryClient();
  const { workspace } = useSession();
  const workspaceId = workspace?.id ?? '';
  const inLanguage = (language: Locale, change: Change) =>
    queryClient.setQueryData<PromptGroup[]>(
      promptGroupsKey(workspaceId, language),
      (groups) => groups && change(groups),
    );
  const everywhere = (change: Change) =>
    queryClient.setQueriesData<PromptGroup[]>(
      { queryKey: workspacePromptsKey(workspaceId) },
      (groups) => groups && change(groups),
    );
  return { queryClient, workspaceId, inLanguage, everywhere };
}

export interface NewCustomPrompt {
  name: string;
  text: string;
  language: Locale;
}

/**
 * POST /api/prompt/custom → `{ id }`: the new prompt goes to the top of Personalizados in its language.
 * A save asked for while one is running does nothing, and a save retried after a failure goes under
 * the same id, which the server answers with the prompt it may already have made: one prompt per save.
 */
export function useCreateCustomPrompt() {
  const { workspaceId, inLanguage } = useGroupsCache();
  const once = useCreateOnce();
  const mutation = useMutation({
    mutationFn: async ({ id: chosen, ...body }: NewCustomPrompt & { id: string }): Promise<Prompt> => {
      const { id } = await api.post<CreateCustomPromptResponse>('/prompt/custom', {
        id: chosen,
        workspaceId,
        ...body,
      });
      return { id, ...body, category: null, custom: true };
    },
    onSuccess: (prompt) => inLanguage(prompt.language, (groups) => addCustomPrompt(groups, prompt)),
  });
  return {
    isPending: mutation.isPending,
    mutate(
      body: NewCustomPrompt,
      callbacks: { onSuccess: (prompt: Prompt) => void; onError: (error: unknown) => void },
    ) {
      const id = once.start();
      if (!id) return;
      mutation.mutate(
        { id, ...body },
        {
          onSuccess: (prompt) => {
            once.settle(true);
            callbacks.onSuccess(prompt);
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

/** PATCH /api/prompt/custom/{id}: name and text, wherever the prompt is listed. */
export function useEditCustomPrompt() {
  const { everywhere } = useGroupsCache();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; name: string; text: string }) =>
      api.patch<unknown>(`/prompt/custom/${encodeURIComponent(id)}`, body),
    onSuccess: (_result, { id, ...change }) => everywhere((groups) => editCustomPrompt(groups, id, change)),
  });
}

/** DELETE /api/prompt/custom/{id}, gone from every language's library. */
export function useDeleteCustomPrompt() {
  const { everywhere } = useGroupsCache();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/prompt/custom/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => everywhere((groups) => removePrompt(groups, id)),
  });
}

/**
 * POST /api/prompt/{id}/use: the prompt moves to the top of Recientes in the library shown. Other
 * languages list a built-in prompt in their own words, so their Recientes is loaded again when shown.
 */
export function useRecordPromptUse(language: Locale) {
  const { t } = useTranslation();
  const { queryClient, workspaceId, inLanguage } = useGroupsCache();
  return useMutation({
    mutationFn: (prompt: Prompt) =>
      api.post<void>(`/prompt/${encodeURIComponent(prompt.id)}/use`, { workspaceId }),
    onSuccess: (_result, prompt) => {
      inLanguage(language, (groups) => moveToRecent(groups, prompt, t('prompts.recent')));
      void queryClient.invalidateQueries({
        queryKey: workspacePromptsKey(workspaceId),
        predicate: (query) => query.queryKey[2] !== language,
      });
    },
  });
}

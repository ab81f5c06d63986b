import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromptGroup } from '@redacta/shared';
import type { Locale } from '@redacta/shared/locales';
import { api } from '@/lib/api-client';
import { useSession } from '@/features/session';
import { nameFixedGroups, withFixedGroups } from '../prompt-groups';

/** Every language's library of a workspace starts with this key. */
export const workspacePromptsKey = (workspaceId: string) => ['prompt-groups', workspaceId] as const;
export const promptGroupsKey = (workspaceId: string, language: Locale) =>
  [...workspacePromptsKey(workspaceId), language] as const;

/**
 * GET /api/prompt/by-workspace/{id}?language=: Recientes, Personalizados, then the catalogue, in
 * `language` (custom prompts are kept per language). Recientes and Personalizados are named in the
 * interface language whatever language the prompts are in.
 */
export function usePromptGroups(language: Locale) {
  const { t } = useTranslation();
  const { workspace } = useSession();
  const workspaceId = workspace?.id ?? '';
  const names = { recent: t('prompts.recent'), custom: t('prompts.custom') };
  return useQuery({
    queryKey: promptGroupsKey(workspaceId, language),
    queryFn: async ({ signal }) =>
      withFixedGroups(
        await api.get<PromptGroup[]>(
          `/prompt/by-workspace/${encodeURIComponent(workspaceId)}?language=${language}`,
          { signal },
        ),
      ),
    select: (groups) => nameFixedGroups(groups, names),
    enabled: workspaceId !== '',
    staleTime: 60_000,
  });
}

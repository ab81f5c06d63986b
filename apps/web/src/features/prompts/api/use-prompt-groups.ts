import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromptGroup } from '@redacta/shared';
import { resolveLocale, type Locale } from '@redacta/shared/locales';
import { api } from '@/lib/api-client';
import { useSession } from '@/features/session';
import { withFixedGroups } from '../prompt-groups';

export const promptGroupsKey = (workspaceId: string, language: Locale) =>
  ['prompt-groups', workspaceId, language] as const;

/** Where the library's cache lives: the current workspace, in the interface language. */
export function usePromptScope() {
  const { workspace } = useSession();
  const { i18n } = useTranslation();
  const workspaceId = workspace?.id ?? '';
  const language = resolveLocale(i18n.language);
  return { workspaceId, language, key: promptGroupsKey(workspaceId, language) };
}

/** GET /api/prompt/by-workspace/{id}?language=: Recientes, Personalizados, then the catalogue. */
export function usePromptGroups() {
  const { t } = useTranslation();
  const { workspaceId, language, key } = usePromptScope();
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const groups = await api.get<PromptGroup[]>(
        `/prompt/by-workspace/${encodeURIComponent(workspaceId)}?language=${language}`,
        { signal },
      );
      return withFixedGroups(groups, { recent: t('prompts.recent'), custom: t('prompts.custom') });
    },
    enabled: workspaceId !== '',
    staleTime: 60_000,
  });
}

import {
  CUSTOM_PROMPTS_GROUP,
  RECENT_PROMPTS_GROUP,
  RECENT_PROMPTS_LIMIT,
  type Prompt,
  type PromptGroup,
} from '@redacta/shared';

/**
 * The list transitions on the loaded groups, applied to the cache so the panel answers at once.
 * Recientes and Personalizados always exist and come first (missing ones are added, named later by
 * `nameFixedGroups`). The server lists custom prompts oldest first; the loaded list is reversed, so
 * the newest leads.
 */
export function withFixedGroups(groups: PromptGroup[]): PromptGroup[] {
  const find = (key: string) => groups.find((group) => group.key === key);
  const rest = groups.filter(
    (group) => group.key !== RECENT_PROMPTS_GROUP && group.key !== CUSTOM_PROMPTS_GROUP,
  );
  const custom = find(CUSTOM_PROMPTS_GROUP);
  return [
    find(RECENT_PROMPTS_GROUP) ?? { key: RECENT_PROMPTS_GROUP, name: '', prompts: [] },
    custom
      ? { ...custom, prompts: [...custom.prompts].reverse() }
      : { key: CUSTOM_PROMPTS_GROUP, name: '', prompts: [] },
    ...rest,
  ];
}

/**
 * Recientes and Personalizados are named in the interface language, whatever language the library
 * shows (the catalogue's categories keep the names of their prompts' language).
 */
export function nameFixedGroups(
  groups: PromptGroup[],
  names: { recent: string; custom: string },
): PromptGroup[] {
  return groups.map((group) =>
    group.key === RECENT_PROMPTS_GROUP
      ? { ...group, name: names.recent }
      : group.key === CUSTOM_PROMPTS_GROUP
        ? { ...group, name: names.custom }
        : group,
  );
}

const mapGroup = (groups: PromptGroup[], key: string, change: (prompts: Prompt[]) => Prompt[]) =>
  groups.map((group) => (group.key === key ? { ...group, prompts: change(group.prompts) } : group));

/** A new custom prompt goes to the top of Personalizados. */
export function addCustomPrompt(groups: PromptGroup[], prompt: Prompt): PromptGroup[] {
  return mapGroup(groups, CUSTOM_PROMPTS_GROUP, (prompts) => [prompt, ...prompts]);
}

/** Edit changes name and text wherever the prompt is listed (Personalizados and Recientes). */
export function editCustomPrompt(
  groups: PromptGroup[],
  id: string,
  change: { name: string; text: string },
): PromptGroup[] {
  return groups.map((group) => ({
    ...group,
    prompts: group.prompts.map((prompt) => (prompt.id === id ? { ...prompt, ...change } : prompt)),
  }));
}

export function removePrompt(groups: PromptGroup[], id: string): PromptGroup[] {
  return groups.map((group) => ({ ...group, prompts: group.prompts.filter((prompt) => prompt.id !== id) }));
}

/** A used prompt moves to the top of Recientes (created if missing), which keeps the last ten. */
export function moveToRecent(groups: PromptGroup[], prompt: Prompt, recentName: string): PromptGroup[] {
  const withRecent = groups.some((group) => group.key === RECENT_PROMPTS_GROUP)
    ? groups
    : [{ key: RECENT_PROMPTS_GROUP, name: recentName, prompts: [] }, ...groups];
  return mapGroup(withRecent, RECENT_PROMPTS_GROUP, (prompts) =>
    [prompt, ...prompts.filter((item) => item.id !== prompt.id)].slice(0, RECENT_PROMPTS_LIMIT),
  );
}

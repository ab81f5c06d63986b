import { RECENT_PROMPTS_GROUP, type Prompt, type PromptGroup } from '@redacta/shared';

/** Lower case without accents, so "version" finds "versión" and "ÁNGULOS" finds "ángulos". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface PromptHit {
  prompt: Prompt;
  /** The group it is listed under (its category; Recientes only when it is nowhere else). */
  groupName: string;
}

/**
 * Every prompt whose name or text holds all the words of the query, each prompt once; matches in
 * the name come before matches only in the text.
 */
export function searchPrompts(groups: PromptGroup[], query: string): PromptHit[] {
  const terms = foldText(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [];
  const seen = new Map<string, PromptHit & { inName: boolean }>();
  const isRecent = (group: PromptGroup) => group.key === RECENT_PROMPTS_GROUP;
  const ordered = [...groups.filter((group) => !isRecent(group)), ...groups.filter(isRecent)];
  for (const group of ordered) {
    for (const prompt of group.prompts) {
      if (seen.has(prompt.id)) continue;
      const name = foldText(prompt.name);
      const all = `${name}\n${foldText(prompt.text)}`;
      if (!terms.every((term) => all.includes(term))) continue;
      seen.set(prompt.id, {
        prompt,
        groupName: group.name,
        inName: terms.every((term) => name.includes(term)),
      });
    }
  }
  const hits = [...seen.values()];
  return [...hits.filter((hit) => hit.inName), ...hits.filter((hit) => !hit.inName)].map(
    ({ prompt, groupName }) => ({ prompt, groupName }),
  );
}

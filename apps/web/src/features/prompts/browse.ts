import type { PromptGroup } from '@redacta/shared';
import type { PromptHit } from './search';

/** Opening the library shows Recientes when it has prompts, else the first group that has any. */
export function firstGroupWithPrompts(groups: PromptGroup[]): string {
  return (groups.find((group) => group.prompts.length > 0) ?? groups[0])?.key ?? '';
}

/** A category's prompts as list rows (the group is already named above the list). */
export function browseHits(group: PromptGroup | null): PromptHit[] {
  return group?.prompts.map((prompt) => ({ prompt, groupName: '' })) ?? [];
}

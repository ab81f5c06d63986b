import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { ConversationEntry, Locale, StyleRule } from '@redacta/shared';
import type { LiveSearchMode } from '../../ai/live-search.ts';
import { buildSystemPrompt, type WritingControls } from '../../ai/prompts.ts';

/** System prompt, the conversation so far (oldest first), then the new message. */
export function buildGenerationPrompt(input: {
  history?: readonly Pick<ConversationEntry, 'role' | 'content'>[];
  message: string;
  language: Locale;
  brandVoice?: { name: string; voice: string } | null;
  liveSearch?: LiveSearchMode;
  knowledge?: { n: number; name: string; text: string }[];
  styleRules?: readonly StyleRule[];
  controls?: WritingControls;
}): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = [
    {
      role: 'system',
      content: buildSystemPrompt({
        language: input.language,
        brandVoice: input.brandVoice,
        liveSearch: input.liveSearch,
        knowledge: input.knowledge,
        styleRules: input.styleRules,
        controls: input.controls,
      }),
    },
  ];
  for (const entry of input.history ?? []) {
    if (!entry.content.trim()) continue;
    prompt.push(
      entry.role === 'user'
        ? { role: 'user', content: [{ type: 'text', text: entry.content }] }
        : { role: 'assistant', content: [{ type: 'text', text: entry.content }] },
    );
  }
  prompt.push({ role: 'user', content: [{ type: 'text', text: input.message }] });
  return prompt;
}

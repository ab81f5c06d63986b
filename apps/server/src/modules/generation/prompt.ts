import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { ConversationEntry, Locale, StyleRule, TemplateOutput } from '@redacta/shared';
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

const partsWording: Record<
  Locale,
  { intro: string; heading: string; chars: (n: number) => string; items: (n: number) => string }
> = {
  en: {
    intro:
      'Write the answer in these parts, in this order, each under its key as a heading line "## key" ' +
      'and nothing else around them:',
    heading: 'Respect every limit exactly: count the characters.',
    chars: (n) => `at most ${n} characters`,
    items: (n) => `${n} items, one per line`,
  },
  es: {
    intro:
      'Escribe la respuesta en estas partes, en este orden, cada una bajo su clave como título "## clave" ' +
      'y nada más alrededor:',
    heading: 'Respeta cada límite con exactitud: cuenta los caracteres.',
    chars: (n) => `como máximo ${n} caracteres`,
    items: (n) => `${n} elementos, uno por línea`,
  },
};

/**
 * The instruction a template with named output parts adds to the user's message: each part's key,
 * label and limits, in the workspace's language (the demo writer reads the message's language too).
 */
export function outputPartsInstruction(output: TemplateOutput, language: Locale): string {
  const wording = partsWording[language];
  const lines = output.parts.map((part) => {
    const limits = [
      part.items !== undefined ? wording.items(part.items) : undefined,
      part.maxChars !== undefined ? wording.chars(part.maxChars) : undefined,
    ].filter((limit) => limit !== undefined);
    return `- ${part.key} (${part.label})${limits.length ? `: ${limits.join(', ')}` : ''}`;
  });
  return [wording.intro, ...lines, wording.heading].join('\n');
}

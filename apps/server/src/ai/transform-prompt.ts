import type { Locale, OutputLanguage, StyleRule, TransformRequest, WritingTone } from '@redacta/shared';
import { brandVoiceSection } from './prompts.ts';
import { styleRulesGuidance } from './style-rules-prompt.ts';

/** Each output language by its English name and its own, so the model cannot mistake it. */
export const outputLanguageNames: Record<OutputLanguage, string> = {
  es: 'Spanish (español)',
  en: 'English',
  fr: 'French (français)',
  de: 'German (Deutsch)',
  it: 'Italian (italiano)',
  pt: 'Portuguese (português)',
};

const toneGuidance: Record<WritingTone, string> = {
  closer:
    'Make the tone closer and warmer: speak to the reader directly and informally, as a friendly person would.',
  formal: 'Make the tone more formal: courteous, precise, no slang and no exclamations.',
  persuasive: 'Make it more persuasive: lead with the benefit for the reader and add urgency.',
  simple: 'Make it simpler: short sentences, everyday words, one idea per sentence, no jargon.',
};

/** What each action asks of the model, on top of the shared rules. */
function actionGuidance(transform: TransformRequest): string {
  switch (transform.action) {
    case 'rewrite':
      return 'Rewrite the text so it reads better: same meaning and about the same length, fresher wording.';
    case 'shorten':
      return 'Make the text clearly shorter, about half its length: keep the key message and any call to action.';
    case 'lengthen':
      return (
        'Make the text longer, about one and a half to two times its length: develop its ideas with ' +
        'concrete detail and benefits, without inventing facts.'
      );
    case 'tone':
      return `${toneGuidance[transform.tone]} Keep the meaning and about the same length.`;
    case 'translate':
      return (
        `Translate the text into ${outputLanguageNames[transform.language]}. Keep its meaning, tone, ` +
        'formatting, names and brand terms; adapt idioms naturally.'
      );
    case 'correct':
      return (
        'Correct spelling, grammar, accents and punctuation only. Change nothing else: not the wording, ' +
        'not the tone, not the length.'
      );
    case 'custom':
      return `Change the text as this instruction asks:\n<instruction>\n${transform.instruction}\n</instruction>`;
    case 'avoid':
      return (
        "The workspace's style rules ban this phrase:\n<phrase>\n" +
        transform.phrase +
        '\n</phrase>\nRewrite the passage so it no longer contains that phrase, in any capitals or form. Do ' +
        'not just delete it, and do not put in a synonym that reads as if it had been cut out: reword ' +
        'the sentence so it is complete and natural. Keep its meaning, its language, about the same ' +
        'length and its formatting (Markdown marks, punctuation at the start and end).'
      );
  }
}

/**
 * A closing line (a call to action, a sign-off to the reader) ends a text: a passage in the middle of
 * the document gets none, or the document would close before its rest; one at the end may.
 */
function closingGuidance(transform: TransformRequest): string | null {
  if (!transform.reachesEnd) {
    return 'More of the document follows the passage: add no closing line, sign-off or call to action at its end.';
  }
  if (transform.action === 'tone' && transform.tone === 'persuasive') {
    return 'The passage ends the document: end it with a clear call to action.';
  }
  return null;
}

export interface TransformPromptInput {
  /** The language the workspace writes in (the text keeps its own language unless translated). */
  language: Locale;
  transform: TransformRequest;
  /** The active brand voice: its name and the description of how the brand writes. */
  brandVoice?: { name: string; voice: string } | null;
  /** The workspace's style rules; those for the passage's language are followed. */
  styleRules?: readonly StyleRule[];
}

/**
 * The system prompt of a document transform: the user's message is the selected text, and the
 * answer replaces it, so the model answers with the new text only. Every rule a transform follows
 * (the action, the brand voice, the style rules) is added here, in one place.
 */
export function buildTransformPrompt(input: TransformPromptInput): string {
  const parts = [
    [
      'You are Redacta, an expert marketing copywriter. The user selected a passage of their document;',
      'their message is that passage. Transform it as asked and answer with the new passage only: no',
      'preamble, no quotes around it, no notes or explanations. Keep its Markdown formatting (bold,',
      'lists, links) and never add raw HTML. Never invent prices, statistics or facts about the brand.',
    ].join(' '),
    actionGuidance(input.transform),
  ];
  const closing = closingGuidance(input.transform);
  if (closing) parts.push(closing);
  if (input.transform.action !== 'translate') {
    parts.push(
      `Keep the passage in its own language; if it is unclear, write in ${outputLanguageNames[input.language]}.`,
    );
  }
  if (input.brandVoice) parts.push(brandVoiceSection(input.brandVoice));
  // A translation follows the rules of the language it writes in, when the rules have that language.
  const target = input.transform.action === 'translate' ? input.transform.language : input.language;
  const style = styleRulesGuidance(
    input.styleRules ?? [],
    target === 'es' || target === 'en' ? target : input.language,
  );
  if (style) parts.push(style);
  return parts.join('\n\n');
}

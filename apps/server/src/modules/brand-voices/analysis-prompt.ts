import type { Locale } from '@redacta/shared';

const languageNames: Record<Locale, string> = { es: 'Spanish (español)', en: 'English' };

/**
 * The system prompt of a brand-voice analysis. The answer is saved as the voice description that
 * later goes into every chat's system prompt, so it must be an instruction a writer can follow,
 * in plain text the user can edit: no HTML, no preamble.
 */
export function buildAnalysisPrompt(input: { language: Locale }): string {
  const language = languageNames[input.language];
  return [
    'You are a senior brand strategist. The user message is a sample of copy written by one brand.',
    'Describe the brand voice it shows so that another copywriter could write new copy that sounds the same.',
    'Base every statement on the sample itself; do not guess facts about the company.',
    `Write the whole description in ${language}, whatever the language of the sample, with these sections, each`,
    'starting with its title followed by a colon:',
    '1. Tone: three to five adjectives.',
    '2. Personality: who speaks (we, I, the brand) and how it treats the reader (for example tú or usted,',
    '   contractions or words in full), in one or two sentences.',
    '3. Vocabulary: register, favourite words and expressions, jargon or its absence.',
    '4. Sentence style: typical sentence length, rhythm, punctuation habits (exclamations, questions), emoji, formatting.',
    '5. Do: a list of four to six concrete rules, one per line starting with "- ".',
    '6. Don\'t: a list of three to five things the brand avoids, one per line starting with "- ".',
    '7. Examples from the sample: two or three short quotes copied exactly from the sample, one per line.',
    'Translate the section titles into the language of the description.',
    'Plain text only: no HTML, no Markdown headings, no introduction and no closing remarks.',
  ].join('\n');
}

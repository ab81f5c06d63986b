/**
 * The writing controls a request can carry as structured fields (never glued to the user's text):
 * the composer's tone, length and output language, and the document's "change tone" and "translate"
 * actions. The prompt builder and the offline demo writer both read these values. Plain constants,
 * apart from writing-controls.ts, whose schemas (built when the module loads) would bring zod into
 * the chat's first load.
 */
export const writingTones = ['closer', 'formal', 'persuasive', 'simple'] as const;
export type WritingTone = (typeof writingTones)[number];

export const replyLengths = ['short', 'medium', 'long'] as const;
export type ReplyLength = (typeof replyLengths)[number];

/** The word range each length asks for; the composer shows it beside the choice. */
export const REPLY_LENGTH_WORDS: Record<ReplyLength, { min: number; max: number }> = {
  short: { min: 50, max: 120 },
  medium: { min: 150, max: 300 },
  long: { min: 400, max: 700 },
};

/** Languages a reply or a translation can be written in (ISO 639-1). */
export const outputLanguages = ['es', 'en', 'fr', 'de', 'it', 'pt'] as const;
export type OutputLanguage = (typeof outputLanguages)[number];

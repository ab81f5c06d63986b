import { z } from 'zod';
import { clientIdSchema } from './common.ts';
import { freeText } from '../rules/text.ts';

export const BRAND_VOICE_NAME_MAX_LENGTH = 100;
export const BRAND_VOICE_TEXT_MAX_LENGTH = 20_000;
/**
 * Analysis samples of 50–500 words are recommended; outside that range the UI warns (docs/product.md,
 * "Limits").
 */
export const BRAND_VOICE_SAMPLE_MIN_WORDS = 50;
export const BRAND_VOICE_SAMPLE_MAX_WORDS = 500;
/** Above this the analysis is refused (400), not just warned about. */
export const BRAND_VOICE_SAMPLE_HARD_MAX_WORDS = 5000;

export const brandVoiceNameSchema = freeText({ max: BRAND_VOICE_NAME_MAX_LENGTH });
export const brandVoiceTextSchema = freeText({ min: 0, max: BRAND_VOICE_TEXT_MAX_LENGTH });

/** Characters of a voice's text the list carries: enough for its card's first lines. */
export const BRAND_VOICE_EXCERPT_LENGTH = 280;

const brandVoiceFields = {
  id: z.uuid(),
  workspaceId: z.uuid(),
  name: z.string(),
  isDefault: z.boolean(),
  /** Who added it; null once that user is gone. */
  addedBy: z
    .object({
      id: z.uuid(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** One voice whole, for its editor: `GET /brand-voice/{id}`, and the answer of a create or an edit. */
export const brandVoiceSchema = z.object({ ...brandVoiceFields, voice: z.string() });
export type BrandVoice = z.infer<typeof brandVoiceSchema>;

/**
 * A voice in `GET /brand-voice/workspace/{id}`: everything but its text, of which only the start
 * (`excerpt`, at most 280 characters, "…" added when cut), so the list stays small however long the
 * voices are.
 */
export const brandVoiceSummarySchema = z.object({ ...brandVoiceFields, excerpt: z.string() });
export type BrandVoiceSummary = z.infer<typeof brandVoiceSummarySchema>;
export const brandVoiceListResponseSchema = z.array(brandVoiceSummarySchema);
export type BrandVoiceListResponse = z.infer<typeof brandVoiceListResponseSchema>;

/** `POST /brand-voice/workspace/{id}`. */
export const createBrandVoiceBodySchema = z.strictObject({
  id: clientIdSchema,
  name: brandVoiceNameSchema,
  voice: brandVoiceTextSchema,
  isDefault: z.boolean().default(false),
});
export type CreateBrandVoiceBody = z.input<typeof createBrandVoiceBodySchema>;

/** `PATCH /brand-voice/{id}`: any of the fields (rename is a PATCH with only `name`). */
export const updateBrandVoiceBodySchema = z
  .strictObject({
    name: brandVoiceNameSchema.optional(),
    voice: brandVoiceTextSchema.optional(),
    isDefault: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateBrandVoiceBody = z.infer<typeof updateBrandVoiceBodySchema>;

/**
 * `PATCH /brand-voice/analyze-content` (100 s client timeout). Refusals: a sample without words →
 * 400 VALIDATION_FAILED (issue on `text`); over 5,000 words → 400 BRAND_VOICE_SAMPLE_TOO_LONG;
 * allowance used up → 403 NO_WORDS_LEFT; the model fails or times out → 502/504
 * BRAND_VOICE_ANALYSIS_FAILED ("Text analysis error"), nothing charged.
 */
export const analyzeContentBodySchema = z.strictObject({
  workspaceId: z.uuid(),
  text: freeText({ max: BRAND_VOICE_SAMPLE_HARD_MAX_WORDS * 20 }),
});
export type AnalyzeContentBody = z.infer<typeof analyzeContentBodySchema>;

export const sampleLengthWarnings = ['TOO_SHORT', 'TOO_LONG'] as const;
export const analyzeContentResponseSchema = z.object({
  /** The voice description, editable by the user before saving. */
  voice: z.string(),
  /** Words in the sample as counted by `countWords`. */
  sampleWords: z.number().int().nonnegative(),
  /** Set when the sample is outside the recommended 50–500 words. */
  warning: z.enum(sampleLengthWarnings).nullable(),
  wordsCharged: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative().nullable(),
});
export type AnalyzeContentResponse = z.infer<typeof analyzeContentResponseSchema>;

/** The recommended-range warning for a sample of `words` words, or null inside the range. */
export function sampleLengthWarning(words: number): (typeof sampleLengthWarnings)[number] | null {
  if (words < BRAND_VOICE_SAMPLE_MIN_WORDS) return 'TOO_SHORT';
  if (words > BRAND_VOICE_SAMPLE_MAX_WORDS) return 'TOO_LONG';
  return null;
}

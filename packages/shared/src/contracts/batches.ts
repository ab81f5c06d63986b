import { z } from 'zod';
import { templateKeySchema, type TemplateInputProblem } from './templates.ts';
import type { Plan } from '../plans.ts';
import { freeText } from '../rules/text.ts';
import { outputLanguageSchema, replyLengthSchema, writingToneSchema } from './writing-controls.ts';

/**
 * Bulk runs: a template over the rows of a spreadsheet (docs/product.md, "Templates and bulk runs").
 * Each row is generated and charged once, by whichever instance works the queue.
 */
export const BATCH_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** Rows one batch may have, by plan. */
export const BATCH_ROWS_MAX: Record<Plan, number> = {
  free: 50,
  pro_monthly: 5000,
  pro_yearly: 5000,
  enterprise: 5000,
};
/** Rows of one workspace generated at the same time, by plan: one workspace's batch never starves another's. */
export const BATCH_CONCURRENCY: Record<Plan, number> = {
  free: 2,
  pro_monthly: 8,
  pro_yearly: 8,
  enterprise: 8,
};
/** A batch that took longer than this sends its creator an e-mail when it ends. */
export const BATCH_EMAIL_AFTER_MS = 60_000;
export const BATCH_ROWS_PAGE_MAX = 200;

export const batchStatuses = ['draft', 'running', 'paused', 'done', 'cancelled'] as const;
export type BatchStatus = (typeof batchStatuses)[number];
export const batchRowStatuses = ['pending', 'running', 'done', 'failed', 'skipped'] as const;
export type BatchRowStatus = (typeof batchRowStatuses)[number];

/** `mapping` of `POST /workspace/{id}/batches`: which column fills each field. */
export const batchMappingSchema = z.record(templateKeySchema, z.string().max(200));
export type BatchMapping = z.infer<typeof batchMappingSchema>;

/**
 * What a row's problem is, for an interface to word in its own language: the template input problems'
 * codes (templateInputProblems), and the file's own: values past the header's columns (`pastHeader`),
 * fewer cells than the header (`shortRow`, `limit` the header's cells), a formula where a value goes.
 */
export const batchInputProblemCodes = [
  'required',
  'unstorable',
  'tooLong',
  'notNumber',
  'belowMin',
  'aboveMax',
  'notUrl',
  'notOption',
  'notLanguage',
  'pastHeader',
  'shortRow',
  'formula',
] as const satisfies readonly (TemplateInputProblem['code'] | 'pastHeader' | 'shortRow' | 'formula')[];
export type BatchInputProblemCode = (typeof batchInputProblemCodes)[number];

/**
 * A problem of the uploaded file or of one of its rows; `line` counts the file's lines from 1, header
 * included. `message` is the server's sentence, in English, for a `code` an interface does not know.
 */
export const batchInputProblemSchema = z.object({
  line: z.number().int().min(1),
  column: z.string(),
  message: z.string(),
  code: z.enum(batchInputProblemCodes).optional(),
  /** The number the problem names: the most characters, the least or most value, the header's cells. */
  limit: z.number().optional(),
});
export type BatchInputProblem = z.infer<typeof batchInputProblemSchema>;

/**
 * The writing controls every row of a batch is written with, as a chat turn's composer sends them
 * (`controls` of `POST /workspace/{id}/batches`, a JSON object).
 */
export const batchControlsSchema = z.strictObject({
  tone: writingToneSchema.optional(),
  length: replyLengthSchema.optional(),
  language: outputLanguageSchema.optional(),
  brandVoiceId: z.uuid().optional(),
  useKnowledge: z.boolean().optional(),
});
export type BatchControls = z.infer<typeof batchControlsSchema>;

export const batchSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  templateId: z.uuid(),
  templateName: z.string(),
  fileName: z.string(),
  status: z.enum(batchStatuses),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** Rows that will never be written: a field the template refuses (with `skipInvalid`), or cancelled before their turn. */
  skipped: z.number().int(),
  wordsCharged: z.number().int(),
  /** Rows with a required field empty: skipped when `skipInvalid`, otherwise the batch cannot start. */
  skipInvalid: z.boolean(),
  /** Null once its creator's account is deleted. */
  createdBy: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
export type Batch = z.infer<typeof batchSchema>;

/** `POST /workspace/{id}/batches` (multipart: `file`, `templateId`, optional `mapping`) → 201. */
export const createdBatchSchema = batchSchema.extend({
  columns: z.array(z.string()),
  mapping: batchMappingSchema,
  invalid: z.array(batchInputProblemSchema),
  /**
   * The first rows rendered as the prompts they will send; `invalid` when the row has a problem listed
   * in `invalid` (skipped when `skipInvalid`, otherwise the batch cannot start).
   */
  preview: z.array(z.object({ index: z.number().int(), prompt: z.string(), invalid: z.boolean() })),
  estimatedWords: z.number().int(),
});
export type CreatedBatch = z.infer<typeof createdBatchSchema>;

/** `PATCH /batch/{id}` on a draft: another mapping, or whether rows with a missing field are skipped. */
export const updateBatchBodySchema = z.strictObject({
  mapping: batchMappingSchema.optional(),
  skipInvalid: z.boolean().optional(),
});

/** A part over its limit after the last try: kept whole and flagged, never cut. */
export const batchRowFlagSchema = z.object({
  part: z.string(),
  /** Which item of a list part, from 1. */
  item: z.number().int().optional(),
  length: z.number().int(),
  maxChars: z.number().int(),
});

/** A row's outputs by part key; a template without named parts writes one part, `text`. */
export const batchRowSchema = z.object({
  index: z.number().int(),
  status: z.enum(batchRowStatuses),
  inputs: z.record(z.string(), z.string()),
  outputs: z.record(z.string(), z.string()),
  words: z.number().int(),
  error: z.string().optional(),
  flags: z.array(batchRowFlagSchema).optional(),
  /** Someone changed an output by hand. */
  edited: z.boolean(),
});
export type BatchRow = z.infer<typeof batchRowSchema>;

export const batchRowsQuerySchema = z.strictObject({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(BATCH_ROWS_PAGE_MAX).default(50),
});
export const batchRowsResponseSchema = z.object({ rows: z.array(batchRowSchema) });
export type BatchRowsResponse = z.infer<typeof batchRowsResponseSchema>;

/** `GET /workspace/{id}/batches` → the workspace's batches, newest first. */
export const batchListResponseSchema = z.object({ batches: z.array(batchSchema) });

/** `PATCH /batch/{id}/row/{index}`: a cell edited by hand. */
export const editBatchRowBodySchema = z.strictObject({
  part: templateKeySchema,
  text: freeText({ max: 20_000, min: 0 }),
});

export const batchExportQuerySchema = z.strictObject({ format: z.enum(['csv', 'xlsx']).default('csv') });

import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BATCH_FILE_MAX_BYTES, batchControlsSchema, batchMappingSchema } from '@redacta/shared';
import { AppError } from '../../lib/errors.ts';
import { readMultipartUpload, uploadParserLimits, type UploadRules } from '../../lib/multipart-upload.ts';
import type { BatchUpload } from './drafts.ts';

/** A batch upload: the file and three small fields. */
const batchUpload: UploadRules = {
  maxFileBytes: BATCH_FILE_MAX_BYTES,
  tooLarge: () =>
    new AppError('BODY_TOO_LARGE', `A file may be at most ${BATCH_FILE_MAX_BYTES / 1024 / 1024} MB`, 413),
  fields: 3,
  maxFieldBytes: 64 * 1024,
};

/** The multipart parser's limits for a batch upload. */
export const batchUploadLimits = uploadParserLimits(batchUpload);

const fieldsSchema = z.strictObject({
  templateId: z.uuid(),
  mapping: z.string().optional(),
  controls: z.string().optional(),
});

/**
 * `POST /workspace/{id}/batches`'s multipart body (readMultipartUpload): the file (`file`),
 * `templateId`, and optional `mapping` and `controls` as JSON, each checked with its schema (400
 * naming the field).
 */
export async function readBatchUpload(request: FastifyRequest): Promise<BatchUpload> {
  const upload = await readMultipartUpload(request, batchUpload);
  const parsed = fieldsSchema.safeParse(upload.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(issue.path.join('.') || 'body', issue.message);
  }
  return {
    file: upload.bytes,
    fileName: upload.fileName,
    templateId: parsed.data.templateId,
    ...(parsed.data.mapping !== undefined
      ? { mapping: jsonField('mapping', parsed.data.mapping, batchMappingSchema) }
      : {}),
    controls:
      parsed.data.controls !== undefined
        ? jsonField('controls', parsed.data.controls, batchControlsSchema)
        : {},
  };
}

function jsonField<T>(name: string, text: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(name, 'Not JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(name, parsed.error.issues[0]!.message);
  return parsed.data;
}

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${path}: ${message}`, 400, [{ path, message }]);

import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BATCH_FILE_MAX_BYTES, batchControlsSchema, batchMappingSchema } from '@redacta/shared';
import { discardRest } from '../../lib/discard-body.ts';
import { AppError } from '../../lib/errors.ts';
import type { BatchUpload } from './drafts.ts';

/**
 * The multipart parser's limits for a batch upload: the file (cut one byte past the limit, so a file
 * over it always counts more than the limit) and three small fields.
 */
export const batchUploadLimits = {
  fileSize: BATCH_FILE_MAX_BYTES + 1,
  files: 1,
  fields: 3,
  parts: 4,
  fieldSize: 64 * 1024,
};

const fieldsSchema = z.strictObject({
  templateId: z.uuid(),
  mapping: z.string().optional(),
  controls: z.string().optional(),
});

const tooLarge = () =>
  new AppError('BODY_TOO_LARGE', `A file may be at most ${BATCH_FILE_MAX_BYTES / 1024 / 1024} MB`, 413);

/**
 * `POST /workspace/{id}/batches`'s multipart body: the file (`file`), `templateId`, and optional
 * `mapping` and `controls` as JSON, each checked with its schema (400 naming the field). The rest of a
 * refused body is read and dropped before the answer, so a client still sending reads it.
 */
export async function readBatchUpload(request: FastifyRequest): Promise<BatchUpload> {
  if (!request.isMultipart())
    throw new AppError('VALIDATION_FAILED', 'Send the file as multipart/form-data in the field "file"');
  try {
    let file: { bytes: Buffer; name: string } | null = null;
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw invalid('file', 'Send the file in the field "file"');
        const bytes = await part.toBuffer();
        if (bytes.length > BATCH_FILE_MAX_BYTES || part.file.truncated) throw tooLarge();
        file = { bytes, name: part.filename };
      } else fields[part.fieldname] = String(part.value);
    }
    if (!file) throw invalid('file', 'Required');
    const parsed = fieldsSchema.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw invalid(issue.path.join('.') || 'body', issue.message);
    }
    return {
      file: file.bytes,
      fileName: file.name,
      templateId: parsed.data.templateId,
      ...(parsed.data.mapping !== undefined
        ? { mapping: jsonField('mapping', parsed.data.mapping, batchMappingSchema) }
        : {}),
      controls:
        parsed.data.controls !== undefined
          ? jsonField('controls', parsed.data.controls, batchControlsSchema)
          : {},
    };
  } catch (error) {
    await discardRest(request.raw);
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('VALIDATION_FAILED', 'The multipart body could not be read');
  }
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

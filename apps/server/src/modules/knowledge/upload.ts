import type { FastifyRequest } from 'fastify';
import { KNOWLEDGE_FILE_MAX_BYTES } from '@redacta/shared';
import { AppError } from '../../lib/errors.ts';
import { readMultipartUpload, uploadParserLimits, type UploadRules } from '../../lib/multipart-upload.ts';

/** A knowledge upload is the file alone, no fields beside it. */
const knowledgeUpload: UploadRules = {
  maxFileBytes: KNOWLEDGE_FILE_MAX_BYTES,
  tooLarge: () =>
    new AppError(
      'KNOWLEDGE_FILE_TOO_LARGE',
      `A knowledge file may be at most ${KNOWLEDGE_FILE_MAX_BYTES / 1024 / 1024} MB`,
      413,
    ),
};

/** The multipart parser's limits for the upload route. */
export const uploadLimits = uploadParserLimits(knowledgeUpload);

/**
 * The multipart request's one file (field `file`), read whole: 400 without one, 413
 * KNOWLEDGE_FILE_TOO_LARGE past the limit (readMultipartUpload).
 */
export async function readUpload(request: FastifyRequest) {
  const { fileName, mediaType, bytes } = await readMultipartUpload(request, knowledgeUpload);
  return { fileName, mediaType, bytes };
}

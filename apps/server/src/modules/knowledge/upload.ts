import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { readMultipartUpload, type UploadRules } from '../../lib/multipart-upload.ts';

/** A knowledge upload is the file alone, of at most `maxFileBytes`, no fields beside it. */
export function knowledgeUploadRules(maxFileBytes: number): UploadRules {
  return {
    maxFileBytes,
    tooLarge: () =>
      new AppError(
        'KNOWLEDGE_FILE_TOO_LARGE',
        `A knowledge file may be at most ${maxFileBytes / 1024 / 1024} MB`,
        413,
      ),
  };
}

/**
 * The multipart request's one file (field `file`), read whole: 400 without one, 413
 * KNOWLEDGE_FILE_TOO_LARGE past the limit (readMultipartUpload).
 */
export async function readUpload(request: FastifyRequest, rules: UploadRules) {
  const { fileName, mediaType, bytes } = await readMultipartUpload(request, rules);
  return { fileName, mediaType, bytes };
}

import type { FastifyRequest } from 'fastify';
import { KNOWLEDGE_FILE_MAX_BYTES } from '@redacta/shared';
import { AppError } from '../../lib/errors.ts';

const tooLarge = () =>
  new AppError(
    'KNOWLEDGE_FILE_TOO_LARGE',
    `A knowledge file may be at most ${KNOWLEDGE_FILE_MAX_BYTES / 1024 / 1024} MB`,
    413,
  );

/**
 * The multipart request's one file (field `file`), read whole: 400 without one or for another field,
 * 413 KNOWLEDGE_FILE_TOO_LARGE past the size limit (the reading stops there).
 */
export async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', 'Send the file as multipart/form-data in the field "file"');
  }
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('VALIDATION_FAILED', 'The multipart body could not be read');
  }
  if (!part || part.fieldname !== 'file') {
    throw new AppError('VALIDATION_FAILED', 'Send the file in the field "file"', 400, [
      { path: 'file', message: 'Required' },
    ]);
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('VALIDATION_FAILED', 'The file could not be read');
  }
  return { fileName: part.filename, mediaType: part.mimetype, bytes };
}

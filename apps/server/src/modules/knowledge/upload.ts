import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { KNOWLEDGE_FILE_MAX_BYTES } from '@redacta/shared';
import { discardRest } from '../../lib/discard-body.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Room in an upload's body for the multipart envelope around the file: its boundaries and the part's
 * headers (a browser's come to a few hundred bytes; the parser allows a part 80 kB of headers).
 */
export const KNOWLEDGE_UPLOAD_ENVELOPE_BYTES = 96 * 1024;

/** An upload's whole body, file and envelope, is at most this many bytes. */
const BODY_MAX_BYTES = KNOWLEDGE_FILE_MAX_BYTES + KNOWLEDGE_UPLOAD_ENVELOPE_BYTES;

/**
 * The multipart parser's limits for the upload route: one part, a file, cut one byte past the limit.
 * The file's size is judged here by counting its bytes, not by the plugin's whole-file read: that read
 * looks at the parser's cut flag only as each chunk arrives, so when the limit fell exactly at the end
 * of a chunk the cut came after the last chunk it looked at, its error went where a one-file read never
 * looks, and the file came through cut at the limit as if it fitted. Cut one byte past the limit, a
 * file over it always counts more than the limit.
 */
export const uploadLimits = { fileSize: KNOWLEDGE_FILE_MAX_BYTES + 1, files: 1, fields: 0, parts: 1 };

const tooLarge = () =>
  new AppError(
    'KNOWLEDGE_FILE_TOO_LARGE',
    `A knowledge file may be at most ${KNOWLEDGE_FILE_MAX_BYTES / 1024 / 1024} MB`,
    413,
  );

/**
 * The multipart request's one file (field `file`), read whole: 400 without one or for another field,
 * 413 KNOWLEDGE_FILE_TOO_LARGE when the file or the body is past its limit, whether the body declares
 * its length or not. Every byte of the body is counted; a refusal is known as soon as it can be,
 * and answered once the rest of the body is read and dropped (refuse), so a client still sending reads it.
 */
export async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', 'Send the file as multipart/form-data in the field "file"');
  }
  if (Number(request.headers['content-length']) > BODY_MAX_BYTES) return refuse(request, tooLarge());
  const firstPart = request.file();
  const body = bodyWithin(request.raw, BODY_MAX_BYTES);
  try {
    let part: Awaited<typeof firstPart>;
    try {
      part = await Promise.race([firstPart, body.overflow]);
    } catch (error) {
      throw asUploadError(error, 'The multipart body could not be read');
    }
    if (!part || part.fieldname !== 'file') {
      throw new AppError('VALIDATION_FAILED', 'Send the file in the field "file"', 400, [
        { path: 'file', message: 'Required' },
      ]);
    }
    let bytes: Buffer | null;
    try {
      bytes = await Promise.race([fileWithin(part.file, KNOWLEDGE_FILE_MAX_BYTES), body.overflow]);
      // The envelope's last bytes follow the file: the body is taken once all of it is counted.
      if (bytes) await Promise.race([body.ended, body.overflow]);
    } catch (error) {
      throw asUploadError(error, 'The file could not be read');
    }
    if (!bytes) throw tooLarge();
    return { fileName: part.filename, mediaType: part.mimetype, bytes };
  } catch (error) {
    body.stop();
    return refuse(request, error);
  } finally {
    body.stop();
  }
}

/**
 * Throws `error` once the rest of the refused body has been read and dropped (discardRest), so that a
 * client still sending reads the answer.
 */
async function refuse(request: FastifyRequest, error: unknown): Promise<never> {
  await discardRest(request.raw);
  throw error;
}

function asUploadError(error: unknown, message: string): AppError {
  if (error instanceof AppError) return error;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  return new AppError('VALIDATION_FAILED', message);
}

/**
 * Counts the body's bytes as they arrive: `overflow` rejects (413) once they pass `max`, `ended`
 * settles when the body has all arrived (or rejects if it was cut off). Neither rejects unobserved.
 */
function bodyWithin(raw: IncomingMessage, max: number) {
  let received = 0;
  let refuse!: (error: AppError) => void;
  const overflow = new Promise<never>((_, reject) => (refuse = reject));
  overflow.catch(() => {});
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > max) refuse(tooLarge());
  };
  raw.on('data', count);
  const ended = finished(raw, { writable: false });
  ended.catch(() => {});
  return { overflow, ended, stop: () => raw.off('data', count) };
}

/**
 * The file's bytes, or null as soon as it passes `max` (or the parser flagged it cut), counted here
 * chunk by chunk; anything that still comes after null is dropped.
 */
function fileWithin(file: Readable & { truncated?: boolean }, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    file.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        chunks.length = 0;
        resolve(null);
      } else chunks.push(chunk);
    });
    file.on('end', () => resolve(size > max || file.truncated ? null : Buffer.concat(chunks)));
    file.on('error', reject);
  });
}

import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { discardRest } from './discard-body.ts';
import { AppError } from './errors.ts';

/**
 * Room in an upload's body for the multipart envelope around its parts: their boundaries and headers
 * (a browser's come to a few hundred bytes; the parser allows a part 80 kB of headers).
 */
export const UPLOAD_ENVELOPE_BYTES = 96 * 1024;

/** What one upload route takes: a file in the field `file`, and the text fields it names beside it. */
export interface UploadRules {
  /** The file's limit in bytes. */
  maxFileBytes: number;
  /** The refusal (413) of a file or body past its limit, in the route's own words. */
  tooLarge: () => AppError;
  /** How many text fields may come beside the file, each of at most `maxFieldBytes`. */
  fields?: number;
  maxFieldBytes?: number;
}

/** A read upload: the file, and the text fields by name as sent (each route checks its own). */
export interface ReadUpload {
  fileName: string;
  mediaType: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

/**
 * The multipart parser's limits for a route that reads with these rules. The file is cut one byte past
 * its limit, so that a file over it always counts more than the limit: its size is judged here by
 * counting its bytes, not by the plugin's whole-file read, which looks at the parser's cut flag only as
 * each chunk arrives; when the limit fell exactly at the end of a chunk, that read let a file cut at the
 * limit through as if it fitted.
 */
export function uploadParserLimits(rules: UploadRules) {
  const fields = rules.fields ?? 0;
  return {
    fileSize: rules.maxFileBytes + 1,
    files: 1,
    fields,
    parts: fields + 1,
    ...(rules.maxFieldBytes === undefined ? {} : { fieldSize: rules.maxFieldBytes }),
  };
}

/** The whole body's limit under these rules: the file, the fields and their envelope. */
const bodyMaxBytes = (rules: UploadRules) =>
  rules.maxFileBytes + (rules.fields ?? 0) * (rules.maxFieldBytes ?? 0) + UPLOAD_ENVELOPE_BYTES;

/**
 * A multipart request's one file (field `file`, read whole) and its text fields: 400 without a file or
 * for a file in another field, 413 (`rules.tooLarge`) when the file or the body is past its limit,
 * whether the body declares its length or not. Every byte of the body is counted; a refusal is known as
 * soon as it can be, and answered once the rest of the body is read and dropped (discardRest), so a
 * client still sending reads it.
 */
export async function readMultipartUpload(request: FastifyRequest, rules: UploadRules): Promise<ReadUpload> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION_FAILED', 'Send the file as multipart/form-data in the field "file"');
  }
  const max = bodyMaxBytes(rules);
  if (Number(request.headers['content-length']) > max) return refuse(request, rules.tooLarge());
  const body = bodyWithin(request.raw, max, rules.tooLarge);
  try {
    const parts = request.parts()[Symbol.asyncIterator]();
    const fields: Record<string, string> = {};
    let file: Omit<ReadUpload, 'fields'> | null = null;
    for (;;) {
      let next: IteratorResult<Multipart>;
      try {
        next = await Promise.race([parts.next(), body.overflow]);
      } catch (error) {
        throw asUploadError(error, rules, 'The multipart body could not be read');
      }
      if (next.done) break;
      const part = next.value;
      if (part.type !== 'file') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || file) throw noFile();
      let bytes: Buffer | null;
      try {
        bytes = await Promise.race([fileWithin(part.file, rules.maxFileBytes), body.overflow]);
      } catch (error) {
        throw asUploadError(error, rules, 'The file could not be read');
      }
      if (!bytes) throw rules.tooLarge();
      file = { fileName: part.filename, mediaType: part.mimetype, bytes };
    }
    if (!file) throw noFile();
    // The envelope's last bytes follow the parts: the body is taken once all of it is counted.
    try {
      await Promise.race([body.ended, body.overflow]);
    } catch (error) {
      throw asUploadError(error, rules, 'The multipart body could not be read');
    }
    return { ...file, fields };
  } catch (error) {
    body.stop();
    return refuse(request, error);
  } finally {
    body.stop();
  }
}

const noFile = () =>
  new AppError('VALIDATION_FAILED', 'Send the file in the field "file"', 400, [
    { path: 'file', message: 'Required' },
  ]);

/**
 * Throws `error` once the rest of the refused body has been read and dropped (discardRest), so that a
 * client still sending reads the answer.
 */
async function refuse(request: FastifyRequest, error: unknown): Promise<never> {
  await discardRest(request.raw);
  throw error;
}

function asUploadError(error: unknown, rules: UploadRules, message: string): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return rules.tooLarge();
  // More parts, files or fields than the route takes: the body is not one this route reads.
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError(
      'VALIDATION_FAILED',
      'Send the file in the field "file" and only the fields asked for',
    );
  return new AppError('VALIDATION_FAILED', message);
}

/**
 * Counts the body's bytes as they arrive: `overflow` rejects (413) once they pass `max`, `ended`
 * settles when the body has all arrived (or rejects if it was cut off). Neither rejects unobserved.
 */
function bodyWithin(raw: IncomingMessage, max: number, tooLarge: () => AppError) {
  let received = 0;
  let refuseBody!: (error: AppError) => void;
  const overflow = new Promise<never>((_, reject) => (refuseBody = reject));
  overflow.catch(() => {});
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > max) refuseBody(tooLarge());
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

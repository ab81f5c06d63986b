import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface StreamedUpload {
  /** The file's size in bytes; its content is `%PDF-1.4` then filler. */
  size: number;
  /**
   * Sent as a text file of spaces instead: processing finds no text in it at once, where the
   * parser takes a busy machine many seconds to give up on a PDF of filler tens of MB long.
   */
  blankText?: true;
  /** How many bytes each write to the socket carries. */
  writeSize: number;
  /** Sent without a Content-Length (chunked), so the server learns the size only by counting. */
  chunked?: boolean;
  /** Filler bytes after the closing boundary (the body's epilogue, which parsers skip). */
  epilogue?: number;
}

/** What came back: the status and body, or how the connection broke before an answer could be read. */
export type UploadOutcome = { status: number; body: string; sentAll: boolean } | { broken: string };

/**
 * A multipart upload of a PDF over a real connection: the part's head, then the file in writes of
 * `writeSize` bytes, then the closing boundary. Each write waits for the socket to drain and a
 * millisecond more, as over a network slower than the server: every write arrives and is read on its
 * own, the way that once let a file cut exactly at the limit through. The file is never held whole: one
 * filler buffer is written again and again. Settles once the answer is read and the client stopped
 * writing.
 */
export function streamUpload(
  base: URL,
  path: string,
  headers: Record<string, string>,
  upload: StreamedUpload,
): Promise<UploadOutcome> {
  const boundary = `----redacta${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.${upload.blankText ? 'txt' : 'pdf'}"\r\n` +
      `Content-Type: ${upload.blankText ? 'text/plain' : 'application/pdf'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = Buffer.alloc(upload.writeSize, upload.blankText ? ' ' : 'a');
  if (!upload.blankText) filler.write('%PDF-1.4\n');
  const req = httpRequest({
    host: base.hostname,
    port: base.port,
    path,
    method: 'POST',
    headers: {
      ...headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(upload.chunked
        ? { 'transfer-encoding': 'chunked' }
        : { 'content-length': String(head.length + upload.size + tail.length + (upload.epilogue ?? 0)) }),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  // Node's client emits no 'drain' once the answer has been read: from then on writes need no pacing.
  let answered = false;
  answer.then(
    () => (answered = true),
    () => {},
  );
  const written = (async () => {
    const write = async (chunk: Buffer) => {
      if (req.write(chunk) || answered) return;
      await Promise.race([new Promise((done) => req.once('drain', done)), answer.catch(() => {})]);
      req.removeAllListeners('drain');
    };
    await write(head);
    await sleep(1);
    const fill = async (size: number) => {
      for (let sent = 0; sent < size && !req.destroyed; sent += upload.writeSize) {
        await write(filler.subarray(0, Math.min(upload.writeSize, size - sent)));
        await sleep(1);
      }
    };
    await fill(upload.size);
    await write(tail);
    await fill(upload.epilogue ?? 0);
    if (req.destroyed) return false;
    await new Promise<void>((done) => req.end(done));
    return true;
  })();
  return Promise.all([answer, written]).then(
    ([{ status, body }, sentAll]) => ({ status, body, sentAll }),
    (error: Error) => ({ broken: error.message }),
  );
}

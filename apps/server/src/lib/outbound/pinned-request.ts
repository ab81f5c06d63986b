import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isAllowedAddress } from './address.ts';

/** Why an outbound request did not get an answer to use. */
export type OutboundFailure =
  'ADDRESS_NOT_ALLOWED' | 'FETCH_FAILED' | 'TIMEOUT' | 'TOO_LARGE' | 'TOO_MANY_REDIRECTS';

/** An outbound request refused or failed, with why. */
export class FetchRefused extends Error {
  constructor(readonly reason: OutboundFailure) {
    super(`The request could not be made: ${reason}`);
  }
}

/** Whether `text` is an http(s) address a request can be sent to. */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export interface PinnedRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** Whether loopback addresses may be reached (tests, local use; refused in production at start). */
  allowLoopback: boolean;
  /** The most of the answer's body read. */
  maxBytes: number;
  /** A body over `maxBytes` fails TOO_LARGE (`refuse`) or is cut there (`truncate`). */
  overflow: 'refuse' | 'truncate';
  /** Ends the request, the answer's body included, with TIMEOUT. */
  deadline: AbortSignal;
}

export interface PinnedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request to one address, never to the server's own network: the host is resolved, refused
 * unless every address it resolves to is public (loopback too when allowed), and then connected to at
 * exactly the address checked — the connection never asks DNS again, so a name that changes its
 * answer between the check and the connection (DNS rebinding) cannot slip past. No redirect is
 * followed here: the answer is returned whatever its status, and a caller that follows redirects
 * sends each hop through this again.
 */
export async function pinnedRequest(address: string, options: PinnedRequest): Promise<PinnedAnswer> {
  if (!isWebAddress(address)) throw new FetchRefused('ADDRESS_NOT_ALLOWED');
  const target = new URL(address);
  const pinned = await resolveAllowed(target.hostname, options.allowLoopback, options.deadline);
  return send(target, pinned, options);
}

interface Pinned {
  address: string;
  family: 4 | 6;
}

async function resolveAllowed(hostname: string, allowLoopback: boolean, deadline: AbortSignal) {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  let addresses: { address: string; family: number }[];
  try {
    addresses = await Promise.race([lookup(host, { all: true, verbatim: true }), aborted(deadline)]);
  } catch (error) {
    if (error instanceof FetchRefused) throw error;
    throw new FetchRefused('FETCH_FAILED');
  }
  if (addresses.length === 0) throw new FetchRefused('FETCH_FAILED');
  if (!addresses.every((entry) => isAllowedAddress(entry.address, allowLoopback))) {
    throw new FetchRefused('ADDRESS_NOT_ALLOWED');
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 } satisfies Pinned;
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new FetchRefused('TIMEOUT'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/** The connection's lookup: always the address already checked. */
function pinnedLookup(pinned: Pinned): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function send(target: URL, pinned: Pinned, options: PinnedRequest): Promise<PinnedAnswer> {
  const client = target.protocol === 'https:' ? https : http;
  const { deadline, maxBytes } = options;
  const failure = () => new FetchRefused(deadline.aborted ? 'TIMEOUT' : 'FETCH_FAILED');
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: options.method,
        lookup: pinnedLookup(pinned),
        signal: deadline,
        headers: {
          'accept-encoding': 'identity',
          ...options.headers,
          ...(options.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(options.body)) }),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const answer = (body: Buffer) => resolve({ status, headers: res.headers, body });
        if (options.overflow === 'refuse' && Number(res.headers['content-length'] ?? 0) > maxBytes) {
          res.destroy();
          return reject(new FetchRefused('TOO_LARGE'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= maxBytes) return void chunks.push(chunk);
          res.destroy();
          if (options.overflow === 'refuse') return reject(new FetchRefused('TOO_LARGE'));
          chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
          answer(Buffer.concat(chunks));
        });
        res.on('end', () => answer(Buffer.concat(chunks)));
        res.on('error', () => reject(failure()));
      },
    );
    req.on('error', () => reject(failure()));
    req.end(options.body);
  });
}

import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { KnowledgeFailureReason } from '@redacta/shared';
import { isAllowedAddress } from './address.ts';

export interface SafeFetchOptions {
  /** Whether loopback addresses may be fetched (tests, local use). */
  allowLoopback: boolean;
  maxBytes: number;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
}

export interface FetchedPage {
  body: Buffer;
  /** The answer's Content-Type, without parameters. */
  mediaType: string;
  /** Where the page was finally read, after redirects. */
  url: string;
}

/** A page that could not be fetched, with why in the words of the knowledge contract. */
export class FetchRefused extends Error {
  constructor(readonly reason: KnowledgeFailureReason) {
    super(`The page could not be fetched: ${reason}`);
  }
}

/** Whether `text` is an http(s) address a page can be fetched from. */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Reads a web page without letting an address reach the server's own network: every hop (the first
 * address and each redirect, followed by hand) is resolved, refused unless every address it resolves
 * to is public, and then connected to at exactly the address checked — the connection never asks DNS
 * again, so a name that changes its answer between the check and the connection (DNS rebinding)
 * cannot slip past. The body is read up to `maxBytes` and the whole fetch is bounded in time.
 */
export async function safeFetch(address: string, options: SafeFetchOptions): Promise<FetchedPage> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = address;
  for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
    if (!isWebAddress(url)) throw new FetchRefused('ADDRESS_NOT_ALLOWED');
    const target = new URL(url);
    const pinned = await resolveAllowed(target.hostname, options.allowLoopback, deadline);
    const answer = await request(target, pinned, options.maxBytes, deadline);
    if ('location' in answer) {
      url = new URL(answer.location, target).toString();
      continue;
    }
    return { ...answer, url };
  }
  throw new FetchRefused('TOO_MANY_REDIRECTS');
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

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function request(
  target: URL,
  pinned: Pinned,
  maxBytes: number,
  deadline: AbortSignal,
): Promise<Omit<FetchedPage, 'url'> | { location: string }> {
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      target,
      {
        lookup: pinnedLookup(pinned),
        signal: deadline,
        headers: {
          accept: 'text/html,application/xhtml+xml,text/plain,text/markdown;q=0.9,*/*;q=0.5',
          'accept-encoding': 'identity',
          'user-agent': 'Redacta knowledge fetcher',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status) && res.headers.location) {
          res.resume();
          return resolve({ location: res.headers.location });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return reject(new FetchRefused('FETCH_FAILED'));
        }
        if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
          res.destroy();
          return reject(new FetchRefused('TOO_LARGE'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new FetchRefused('TOO_LARGE'));
          } else chunks.push(chunk);
        });
        res.on('end', () => {
          const type = String(res.headers['content-type'] ?? '');
          resolve({ body: Buffer.concat(chunks), mediaType: type.split(';')[0]!.trim().toLowerCase() });
        });
        res.on('error', () => reject(new FetchRefused(deadline.aborted ? 'TIMEOUT' : 'FETCH_FAILED')));
      },
    );
    req.on('error', () => reject(new FetchRefused(deadline.aborted ? 'TIMEOUT' : 'FETCH_FAILED')));
  });
}

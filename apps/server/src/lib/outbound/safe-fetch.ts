import { FetchRefused, pinnedRequest } from './pinned-request.ts';

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

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Reads a web page without letting an address reach the server's own network: every hop (the first
 * address and each redirect, followed by hand) goes through `pinnedRequest`, which checks the
 * addresses its host resolves to and connects to the one checked. The body is read up to `maxBytes`
 * and the whole fetch is bounded in time; an answer other than 2xx fails FETCH_FAILED.
 */
export async function safeFetch(address: string, options: SafeFetchOptions): Promise<FetchedPage> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = address;
  for (let hop = 0; hop <= options.maxRedirects; hop += 1) {
    const answer = await pinnedRequest(url, {
      method: 'GET',
      headers: {
        accept: 'text/html,application/xhtml+xml,text/plain,text/markdown;q=0.9,*/*;q=0.5',
        'user-agent': 'Redacta knowledge fetcher',
      },
      allowLoopback: options.allowLoopback,
      maxBytes: options.maxBytes,
      overflow: 'refuse',
      deadline,
    });
    const location = answer.headers.location;
    if (REDIRECTS.has(answer.status) && location) {
      url = new URL(location, url).toString();
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) throw new FetchRefused('FETCH_FAILED');
    const type = String(answer.headers['content-type'] ?? '');
    return { body: answer.body, mediaType: type.split(';')[0]!.trim().toLowerCase(), url };
  }
  throw new FetchRefused('TOO_MANY_REDIRECTS');
}

/**
 * The live-search backend: a SearXNG instance's JSON API, asked
 * `GET {SEARCH_URL}/search?q=…&format=json` → `{results: [{title, url, content}]}`.
 */
export interface WebSearchResult {
  title: string;
  url: string;
  snippet: string;
}

/** Results handed to the model per search: enough to answer and cite, small enough for its context. */
export const WEB_SEARCH_MAX_RESULTS = 5;
const SNIPPET_MAX_CHARS = 400;
export const WEB_SEARCH_TIMEOUT_MS = 10_000;

export class WebSearchError extends Error {}

export async function searchWeb(
  searchUrl: string,
  query: string,
  signal: AbortSignal,
): Promise<WebSearchResult[]> {
  const url = new URL('search', searchUrl.endsWith('/') ? searchUrl : `${searchUrl}/`);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  let body: unknown;
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.any([signal, AbortSignal.timeout(WEB_SEARCH_TIMEOUT_MS)]),
    });
    if (!res.ok) throw new WebSearchError(`The search service answered ${res.status}`);
    body = await res.json();
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof WebSearchError) throw error;
    throw new WebSearchError(`The search service could not be reached: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const results = (body as { results?: unknown }).results;
  if (!Array.isArray(results)) throw new WebSearchError('The search service answered without results');
  return results.flatMap(toResult).slice(0, WEB_SEARCH_MAX_RESULTS);
}

/**
 * Keeps results with a title and an http(s) address only: the reply cites them as Markdown links,
 * so a `javascript:` URL or a title with link syntax must never get through.
 */
function toResult(raw: unknown): WebSearchResult[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const { title, url, content } = raw as Record<string, unknown>;
  if (typeof title !== 'string' || typeof url !== 'string') return [];
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return [];
  }
  if (address.protocol !== 'https:' && address.protocol !== 'http:') return [];
  const cleanTitle = title
    .replace(/[[\]\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleanTitle) return [];
  return [
    {
      title: cleanTitle,
      url: address.href.replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29')),
      snippet:
        typeof content === 'string' ? content.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_MAX_CHARS) : '',
    },
  ];
}

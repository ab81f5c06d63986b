import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking SearXNG's JSON API (`GET /search?q=…&format=json` →
 * `{query, results: [{title, url, content}]}`), scripted per test. The app reaches it through
 * SEARCH_URL over real HTTP, like a SearXNG instance in production.
 */
export interface SearchScript {
  results: { title: string; url: string; content?: string }[];
  /** Answer with this HTTP error status instead of results. */
  status?: number;
}

export interface SearchPeer {
  /** Base URL for SEARCH_URL. */
  url: string;
  script: SearchScript;
  /** Every query received, with its `format` parameter. */
  queries: { q: string | null; format: string | null }[];
  close(): Promise<void>;
}

export async function startSearchPeer(script: SearchScript = { results: [] }): Promise<SearchPeer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    if (req.method !== 'GET' || url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    const q = url.searchParams.get('q');
    peer.queries.push({ q, format: url.searchParams.get('format') });
    if (peer.script.status) {
      res.writeHead(peer.script.status, { 'content-type': 'text/html' }).end('<h1>error</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        query: q,
        number_of_results: peer.script.results.length,
        results: peer.script.results.map((result) => ({ content: '', engine: 'peer', ...result })),
      }),
    );
  });
  const peer: SearchPeer = {
    url: '',
    script,
    queries: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
}

/**
 * The limit on this machine: a bare `node:http` server that forwards a request to the model server,
 * parses its SSE and writes each text delta as it arrives. No framework, auth, database or saving;
 * the upstream call uses fetch, like the AI SDK inside our server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { profileIfAsked } from './profile.ts';
import { announceReady } from './protocol.ts';

const upstream = process.env.UPSTREAM_URL!;

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    void forward(res).catch(() => res.destroy());
  });
  async function forward(response: typeof res) {
    const controller = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) controller.abort();
    });
    const reply = await fetch(`${upstream}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: 'x' }] }),
      signal: controller.signal,
    });
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const bytes of reply.body!) {
      buffer += decoder.decode(bytes, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
        const content = JSON.parse(event.slice(6)).choices[0]?.delta?.content;
        if (content) response.write(content);
      }
    }
    response.end();
  }
});
server.keepAliveTimeout = 60_000;
const profile = await profileIfAsked('limit');
process.once('SIGTERM', () => {
  void profile.stop().then(() => process.exit(0));
});
server.listen(0, '127.0.0.1', () => announceReady({ port: (server.address() as AddressInfo).port }));

/**
 * The benchmark's model: a local server speaking the OpenAI Chat Completions streaming protocol,
 * run in its own process so its work is not charged to the servers under test. Every request gets
 * TOKENS_PER_STREAM content chunks, one every 1000/TOKENS_PER_SECOND ms, then finish, usage, [DONE].
 *
 * With BENCH_PROVIDER_LOG=1 it says how long each call took, from its request's last byte to its
 * answer's, as one JSON line on stdout: `{"call":{"marker":…,"ms":…}}`, where the marker is the first
 * `bench-row-<n>` in the request (null when there is none) — the provider's own time for that row.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announceReady, token, TOKENS_PER_SECOND, TOKENS_PER_STREAM } from './protocol.ts';

const intervalMs = 1000 / TOKENS_PER_SECOND;
const logCalls = process.env.BENCH_PROVIDER_LOG === '1';

const server = createServer((req, res) => {
  let body = '';
  if (logCalls) req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  else req.resume();
  req.on('end', () => {
    if (logCalls) {
      const startedAt = performance.now();
      const marker = /bench-row-\d+/.exec(body)?.[0] ?? null;
      res.once('finish', () =>
        process.stdout.write(`${JSON.stringify({ call: { marker, ms: performance.now() - startedAt } })}\n`),
      );
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const chunk = (delta: object, finish: string | null = null) =>
      `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1,"model":"bench","choices":[{"index":0,"delta":${JSON.stringify(delta)},"finish_reason":${finish ? `"${finish}"` : 'null'}}]}\n\n`;
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < TOKENS_PER_STREAM) {
        res.write(chunk(sent === 0 ? { role: 'assistant', content: token(0) } : { content: token(sent) }));
        sent += 1;
        return;
      }
      clearInterval(timer);
      res.write(chunk({}, 'stop'));
      res.write(
        `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1,"model":"bench","choices":[],"usage":{"prompt_tokens":10,"completion_tokens":${TOKENS_PER_STREAM},"total_tokens":${TOKENS_PER_STREAM + 10}}}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    }, intervalMs);
    res.on('close', () => clearInterval(timer));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => announceReady({ port: (server.address() as AddressInfo).port }));

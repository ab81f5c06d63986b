import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelPeer {
  /** The API root to give a spec's own server as OPENAI_BASE_URL. */
  url: string;
  close(): Promise<void>;
}

/**
 * A local model server speaking the OpenAI Chat Completions streaming protocol: each request to
 * `/v1/chat/completions` is answered with the pieces `reply` yields for its body (the JSON the app
 * sent), one SSE chunk each as it yields them, then the finish, the usage and `[DONE]`.
 */
export async function startModelPeer(reply: (body: string) => AsyncIterable<string>): Promise<ModelPeer> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', async () => {
      if (req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const base = { id: 'chatcmpl-e2e', object: 'chat.completion.chunk', created: 1, model: 'e2e' };
      const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
      for await (const content of reply(body)) {
        if (res.destroyed) return;
        send({
          ...base,
          choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: null }],
        });
      }
      send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
      send({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 } });
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the OpenAI Chat Completions streaming protocol (SSE `data: {...}` chunks,
 * a final usage chunk, `data: [DONE]`), scripted per test. The real @ai-sdk/openai provider points
 * at it through OPENAI_BASE_URL, so tests cross the same wire as production.
 */
export interface PeerScript {
  /** Text pieces sent one per SSE chunk. */
  chunks?: string[];
  /**
   * The pieces for this request's body, sent one per SSE chunk as they are yielded (instead of
   * `chunks`): a model that answers by what it is asked, or waits between pieces until a test lets it go on.
   */
  pieces?: (body: PeerRequest['body']) => AsyncIterable<string>;
  /** Wait before each chunk (ms). */
  delayMs?: number;
  /** Answer with this HTTP error status instead of a stream (429, 500…). */
  status?: number;
  /** Headers of that error answer (a 429's `retry-after`, say). */
  headers?: Record<string, string>;
  /** Destroy the connection after sending this many chunks (no [DONE]). */
  dropAfter?: number;
  /** Stop sending after this many chunks and hold the connection open until the client leaves. */
  stallAfter?: number;
  /**
   * Function calls streamed after the text as Chat Completions `tool_calls` deltas (name first,
   * then the JSON arguments in two pieces), ending with finish_reason `tool_calls`.
   */
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
}

export interface PeerRequest {
  body: {
    model: string;
    messages: { role: string; content: unknown; tool_call_id?: string; tool_calls?: unknown[] }[];
    stream?: boolean;
    stream_options?: unknown;
    tools?: { type: string; function: { name: string } }[];
    tool_choice?: unknown;
  };
  /** Chunks written before the exchange ended. */
  chunksSent: number;
  /** The client closed the connection before the reply was complete. */
  closedByClient: boolean;
  closedAt?: number;
  completed: boolean;
}

export interface OpenAIPeer {
  /** Base URL for OPENAI_BASE_URL (ends with /v1). */
  url: string;
  requests: PeerRequest[];
  /** The script of every request not covered by `queue`. */
  script: PeerScript;
  /** Scripts for the next requests, one each, in order (a tool call, then the answer). */
  queue: PeerScript[];
  /** Resolves when the n-th request (1-based) has ended, however it ended. */
  ended(n?: number): Promise<PeerRequest>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * App settings that send the standard model to the peer, with the free allowance and timeouts the
 * stream tests count on (short enough that a stalled stream fails within a test); `env` adds or overrides.
 * On CI's shared two cores the test process (the peer's too) has been seen to pause past 300 ms between
 * two tokens sent 2 ms apart, which the idle timeout rightly took for a stall: there the timeouts are
 * longer, so that a stall a test sees is the peer's script, not the machine's load.
 */
export const PEER_FIRST_TOKEN_TIMEOUT_MS = process.env.CI ? 3000 : 1000;
export const PEER_IDLE_TIMEOUT_MS = process.env.CI ? 1500 : 300;

export function peerAppEnv(peer: OpenAIPeer, env: Record<string, string> = {}): Record<string, string> {
  return {
    OPENAI_BASE_URL: peer.url,
    OPENAI_API_KEY: 'test',
    AI_MODEL: 'peer-standard',
    FREE_PLAN_WORDS: '2000',
    AI_FIRST_TOKEN_TIMEOUT_MS: String(PEER_FIRST_TOKEN_TIMEOUT_MS),
    AI_IDLE_TIMEOUT_MS: String(PEER_IDLE_TIMEOUT_MS),
    ...env,
  };
}

export async function startOpenAIPeer(
  script: PeerScript = { chunks: ['Hello', ' world'] },
): Promise<OpenAIPeer> {
  const requests: PeerRequest[] = [];
  const endings: { resolve: (r: PeerRequest) => void; promise: Promise<PeerRequest> }[] = [];
  const ending = (index: number) => {
    while (endings.length <= index) {
      let resolve!: (r: PeerRequest) => void;
      const promise = new Promise<PeerRequest>((r) => (resolve = r));
      endings.push({ resolve, promise });
    }
    return endings[index]!;
  };

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });

  const peer: OpenAIPeer = {
    url: '',
    requests,
    script,
    queue: [],
    ended: (n = requests.length) => ending(n - 1).promise,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const record: PeerRequest = {
      body: JSON.parse(raw),
      chunksSent: 0,
      closedByClient: false,
      completed: false,
    };
    const index = requests.push(record) - 1;
    const current = peer.queue.shift() ?? peer.script;
    let droppedByUs = false;
    res.on('close', () => {
      if (!res.writableFinished && !droppedByUs) {
        record.closedByClient = true;
        record.closedAt = Date.now();
      }
      ending(index).resolve(record);
    });

    if (req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    if (current.status) {
      res.writeHead(current.status, { 'content-type': 'application/json', ...current.headers });
      res.end(
        JSON.stringify({
          error: {
            message: `scripted ${current.status}`,
            type: 'server_error',
            code: String(current.status),
          },
        }),
      );
      return;
    }

    // Cuts the connection without ending the response, once what was written has reached the client.
    const drop = async () => {
      await sleep(50);
      droppedByUs = true;
      res.socket?.destroy();
    };
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    const base = {
      id: 'chatcmpl-peer',
      object: 'chat.completion.chunk',
      created: 1,
      model: record.body.model,
    };
    for await (const content of current.pieces?.(record.body) ?? current.chunks ?? []) {
      if (res.destroyed) return;
      if (current.dropAfter === record.chunksSent) {
        await drop();
        return;
      }
      if (current.stallAfter === record.chunksSent) return; // holds the connection until the client leaves
      if (current.delayMs) await sleep(current.delayMs);
      if (res.destroyed) return;
      send({
        ...base,
        choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: null }],
      });
      record.chunksSent += 1;
    }
    if (current.dropAfter !== undefined && current.dropAfter >= record.chunksSent) {
      await drop();
      return;
    }
    for (const [index, call] of (current.toolCalls ?? []).entries()) {
      const args = JSON.stringify(call.arguments);
      const half = Math.floor(args.length / 2);
      const id = `call_${index}`;
      const deltas = [
        { index, id, type: 'function', function: { name: call.name, arguments: '' } },
        { index, function: { arguments: args.slice(0, half) } },
        { index, function: { arguments: args.slice(half) } },
      ];
      for (const delta of deltas) {
        send({ ...base, choices: [{ index: 0, delta: { tool_calls: [delta] }, finish_reason: null }] });
      }
    }
    const finishReason = current.toolCalls?.length ? 'tool_calls' : 'stop';
    send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finishReason }] });
    send({
      ...base,
      choices: [],
      usage: {
        prompt_tokens: 10,
        completion_tokens: record.chunksSent,
        total_tokens: 10 + record.chunksSent,
      },
    });
    res.write('data: [DONE]\n\n');
    record.completed = true;
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return peer;
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, type LanguageModelV3, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { createLeanChatModel } from '../../src/ai/chat-completions-stream.ts';
import { partSourceOf } from '../../src/ai/part-source.ts';

/**
 * The lean Chat Completions stream against a server that writes exact bytes: SSE split anywhere
 * (inside an event, inside a UTF-8 character), CRLF, comments — what real OpenAI-compatible servers
 * send. The openai-peer tests cover the same model through the chat route.
 */
interface Recorded {
  body: Record<string, unknown>;
  authorization?: string;
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Answers every request with `status` and the given byte pieces, written one by one. */
async function rawServer(pieces: (string | Buffer)[], status = 200) {
  const requests: Recorded[] = [];
  server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    requests.push({ body: JSON.parse(raw), authorization: req.headers.authorization });
    res.writeHead(status, {
      'content-type': status === 200 ? 'text/event-stream' : 'application/json',
    });
    for (const piece of pieces) {
      res.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    res.end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const baseURL = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`;
  return { baseURL, requests };
}

/** The parts with each run of text deltas joined into one: what they say, however the reads grouped them. */
function joinedDeltas(parts: LanguageModelV3StreamPart[]): LanguageModelV3StreamPart[] {
  const joined: LanguageModelV3StreamPart[] = [];
  for (const part of parts) {
    const last = joined.at(-1);
    if (part.type === 'text-delta' && last?.type === 'text-delta' && last.id === part.id) {
      joined[joined.length - 1] = { ...last, delta: last.delta + part.delta };
    } else joined.push(part);
  }
  return joined;
}

function model(baseURL: string): LanguageModelV3 {
  const sdk = createOpenAI({ apiKey: 'sk-test', baseURL }).chat('local-model');
  return createLeanChatModel({ modelId: 'local-model', baseURL, apiKey: 'sk-test', sdk });
}

const prompt = [
  { role: 'system' as const, content: 'Write copy.' },
  { role: 'user' as const, content: [{ type: 'text' as const, text: 'Un eslogan' }] },
  { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'Corre más.' }] },
  { role: 'user' as const, content: [{ type: 'text' as const, text: 'Otro' }] },
];

/** `prompt` as Chat Completions messages. */
const sentMessages = [
  { role: 'system', content: 'Write copy.' },
  { role: 'user', content: 'Un eslogan' },
  { role: 'assistant', content: 'Corre más.' },
  { role: 'user', content: 'Otro' },
];

async function partsOf(result: { stream: ReadableStream<LanguageModelV3StreamPart> }) {
  const parts: LanguageModelV3StreamPart[] = [];
  for await (const part of result.stream) parts.push(part);
  return parts;
}

const event = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const chunk = (content: string | null, finish: string | null = null) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model: 'local-model',
  choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
});

describe('the lean Chat Completions stream', () => {
  it('reassembles text split anywhere in the bytes, in order, with usage and finish reason', async () => {
    const bytes = Buffer.from(
      [
        ': keep-alive\r\n\r\n',
        event(chunk('Año ')).replace(/\n/g, '\r\n'),
        `data:${JSON.stringify(chunk('nuevo, '))}\n\n`,
        event(chunk('vida 🚀')),
        event(chunk(null, 'length')),
        event({
          ...chunk(null),
          choices: [],
          usage: {
            prompt_tokens: 12,
            completion_tokens: 5,
            prompt_tokens_details: { cached_tokens: 4 },
            completion_tokens_details: { reasoning_tokens: 1 },
          },
        }),
        'data: [DONE]\n\n',
      ].join(''),
    );
    // Cut the body into 7-byte pieces: events, the CRLF pairs, "ñ" and the emoji all get split.
    const pieces: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += 7) pieces.push(bytes.subarray(at, at + 7));
    const { baseURL, requests } = await rawServer(pieces);

    const parts = await partsOf(await model(baseURL).doStream({ prompt }));

    const deltas = parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : []));
    expect(deltas.join('')).toBe('Año nuevo, vida 🚀');
    // Events that share a read share a delta, so how many deltas depends on the reads.
    const types = parts.map((part) => part.type).filter((type, i, all) => type !== all[i - 1]);
    expect(types).toEqual([
      'stream-start',
      'response-metadata',
      'text-start',
      'text-delta',
      'text-end',
      'finish',
    ]);
    expect(parts[1]).toMatchObject({ id: 'chatcmpl-1', modelId: 'local-model' });
    expect(parts.at(-1)).toMatchObject({
      type: 'finish',
      finishReason: { unified: 'length', raw: 'length' },
      usage: {
        inputTokens: { total: 12, noCache: 8, cacheRead: 4 },
        outputTokens: { total: 5, text: 4, reasoning: 1 },
      },
    });

    // The request is what the SDK's Chat Completions model sends for the same call.
    expect(requests[0]).toEqual({
      authorization: 'Bearer sk-test',
      body: {
        model: 'local-model',
        messages: sentMessages,
        stream: true,
        stream_options: { include_usage: true },
      },
    });
  });

  it('gives the text of events that arrive in one read as one delta', async () => {
    const { baseURL } = await rawServer([
      event(chunk('Rápido')),
      [event(chunk(' y')), event(chunk(' ligero')), event(chunk('.', 'stop'))].join(''),
      'data: [DONE]\n\n',
    ]);
    const parts = await partsOf(await model(baseURL).doStream({ prompt }));
    const deltas = parts.filter((part) => part.type === 'text-delta').map((part) => part.delta);
    // A busy machine may deliver the first piece in the same read as the rest.
    expect([['Rápido', ' y ligero.'], ['Rápido y ligero.']]).toContainEqual(deltas);
  });

  it('hands the chat path the same parts in one batch per network read, without a web stream', async () => {
    const pieces = [
      event(chunk('Hola')),
      [event(chunk(' mundo')), event(chunk('.', 'stop'))].join(''),
      'data: [DONE]\n\n',
    ];
    const { baseURL } = await rawServer(pieces);
    const viaStream = await partsOf(await model(baseURL).doStream({ prompt }));

    const source = partSourceOf(await model(baseURL).doStream({ prompt }));
    const batches: LanguageModelV3StreamPart[][] = [];
    for (let batch = await source.read(); batch; batch = await source.read()) batches.push(batch);

    // The same parts, though the two requests' pieces may have been read in different groupings.
    expect(joinedDeltas(batches.flat())).toEqual(joinedDeltas(viaStream));
    // After the stream's start, the first read's events arrive together: metadata, the text's start
    // and its first delta.
    expect(batches[1]!.slice(0, 3).map((part) => part.type)).toEqual([
      'response-metadata',
      'text-start',
      'text-delta',
    ]);
    expect(await source.read()).toBeUndefined();
  });

  it('turns an HTTP error into an APICallError carrying the provider’s message and status', async () => {
    const { baseURL } = await rawServer(
      [JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests' } })],
      429,
    );
    const failure = await model(baseURL)
      .doStream({ prompt })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(APICallError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ statusCode: 429, isRetryable: true, message: 'Rate limit reached' });
  });

  it('reports an error event and unreadable data as error parts, keeping the text before them', async () => {
    // In one read: the text before the error still comes first.
    const { baseURL } = await rawServer([
      [event(chunk('Hola')), event({ error: { message: 'model overloaded' } })].join(''),
      'data: {not json\n\n',
    ]);
    const parts = await partsOf(await model(baseURL).doStream({ prompt }));
    expect(parts.filter((part) => part.type === 'text-delta')).toEqual([
      { type: 'text-delta', id: '0', delta: 'Hola' },
    ]);
    const types = parts.map((part) => part.type);
    expect(types.indexOf('text-delta')).toBeLessThan(types.indexOf('error'));
    const errors = parts.filter((part) => part.type === 'error');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatchObject({ error: { message: 'model overloaded' } });
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'other' } });
  });

  it('sends a token limit itself: max_tokens in the lean request, nothing else added', async () => {
    const { baseURL, requests } = await rawServer([event(chunk('ok', 'length')), 'data: [DONE]\n\n']);
    const parts = await partsOf(await model(baseURL).doStream({ prompt, maxOutputTokens: 88 }));
    expect(parts.filter((part) => part.type === 'text-delta').map((part) => part.delta)).toEqual(['ok']);
    expect(requests[0]!.body).toEqual({
      model: 'local-model',
      messages: sentMessages,
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 88,
    });
  });

  it('leaves calls with tools or settings to the SDK’s model', async () => {
    const { baseURL, requests } = await rawServer([event(chunk('ok', 'stop')), 'data: [DONE]\n\n']);
    const parts = await partsOf(
      await model(baseURL).doStream({
        prompt,
        temperature: 0.2,
        tools: [
          {
            type: 'function',
            name: 'web_search',
            inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
          },
        ],
      }),
    );
    expect(parts.filter((part) => part.type === 'text-delta').map((part) => part.delta)).toEqual(['ok']);
    expect(requests[0]!.body).toMatchObject({
      temperature: 0.2,
      tools: [{ type: 'function', function: { name: 'web_search' } }],
    });
  });
});

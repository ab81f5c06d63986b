import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import type { LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { createLeanChatModel } from '../../src/ai/chat-completions-stream.ts';
import { demoWriterOptions } from '../../src/ai/demo/writer.ts';
import { partSourceOf } from '../../src/ai/part-source.ts';

/**
 * The chat hands the demo writer the active brand voice in `providerOptions.redactaDemo`. Real
 * providers must ignore that namespace: it must neither reach their servers nor turn the chat's
 * plain-text stream away from the lean path.
 */
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Records every request body; answers with `reply` (status and body). */
async function recordingServer(reply: { status: number; type: string; body: string }) {
  const bodies: string[] = [];
  server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    bodies.push(raw);
    res.writeHead(reply.status, { 'content-type': reply.type });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`, bodies };
}

const voice = { name: 'Banco Serio', voice: 'Trata al lector de usted.' };
const providerOptions = demoWriterOptions({ language: 'es', task: 'chat', brandVoice: voice });
const prompt: LanguageModelV3Prompt = [
  { role: 'system', content: 'Write copy.' },
  { role: 'user', content: [{ type: 'text', text: 'Un eslogan' }] },
];
const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const completionChunk = (content: string, finish: string | null) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model: 'local-model',
  choices: [{ index: 0, delta: { content }, finish_reason: finish }],
});

describe("the demo writer's provider options", () => {
  it('leave the lean OpenAI stream lean and never reach the server', async () => {
    const { url, bodies } = await recordingServer({
      status: 200,
      type: 'text/event-stream',
      body: sse(completionChunk('Corre más.', 'stop')) + 'data: [DONE]\n\n',
    });
    const sdk = createOpenAI({ apiKey: 'sk-test', baseURL: url }).chat('local-model');
    const model = createLeanChatModel({ modelId: 'local-model', baseURL: url, apiKey: 'sk-test', sdk });

    const source = partSourceOf(await model.doStream({ prompt, providerOptions }));
    const batches: LanguageModelV3StreamPart[][] = [];
    for (let batch = await source.read(); batch; batch = await source.read()) batches.push(batch);

    // The lean path hands over a network read's parts together; the SDK's stream gives one at a time.
    expect(batches.some((batch) => batch.length > 1)).toBe(true);
    expect(JSON.parse(bodies[0]!)).toEqual({
      model: 'local-model',
      messages: [
        { role: 'system', content: 'Write copy.' },
        { role: 'user', content: 'Un eslogan' },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("are left out of the OpenAI SDK's requests", async () => {
    const { url, bodies } = await recordingServer({
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: 'local-model',
        choices: [{ index: 0, message: { role: 'assistant', content: 'Corre más.' }, finish_reason: 'stop' }],
      }),
    });
    const model = createOpenAI({ apiKey: 'sk-test', baseURL: url }).chat('local-model');
    const result = await model.doGenerate({ prompt, providerOptions });
    expect(result.content).toEqual([{ type: 'text', text: 'Corre más.' }]);
    expect(bodies[0]).not.toContain('redactaDemo');
    expect(bodies[0]).not.toContain(voice.name);
  });

  it("are left out of Anthropic's requests", async () => {
    const { url, bodies } = await recordingServer({
      status: 200,
      type: 'application/json',
      body: JSON.stringify({
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-haiku-4-5',
        content: [{ type: 'text', text: 'Corre más.' }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 5, output_tokens: 3 },
      }),
    });
    const model = createAnthropic({ apiKey: 'sk-ant-test', baseURL: url })('claude-haiku-4-5');
    const result = await model.doGenerate({ prompt, providerOptions });
    expect(result.content).toEqual([{ type: 'text', text: 'Corre más.' }]);
    expect(JSON.parse(bodies[0]!)).toMatchObject({ system: [{ type: 'text', text: 'Write copy.' }] });
    expect(bodies[0]).not.toContain('redactaDemo');
    expect(bodies[0]).not.toContain(voice.name);
  });
});

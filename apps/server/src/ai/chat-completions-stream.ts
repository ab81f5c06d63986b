import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3CallOptions,
  type LanguageModelV3FinishReason,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3StreamResult,
  type LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { streamResultFromSource, type PartSource } from './part-source.ts';
import { nextReadTick } from './read-tick.ts';

export interface LeanChatSettings {
  modelId: string;
  /** The API root, e.g. https://api.openai.com/v1 or an OpenAI-compatible server's /v1. */
  baseURL: string;
  apiKey: string;
  /** The SDK's Chat Completions model for the same id, for every call the lean path does not take. */
  sdk: LanguageModelV3;
}

/**
 * A Chat Completions model whose plain-text streams skip the SDK's per-chunk pipeline (ADR 0005).
 *
 * The chat's hot path streams text for a text-only prompt, with at most a token limit (`max_tokens`,
 * which a limited plan's reply always sends), and nothing else. For exactly that call this
 * model speaks the protocol itself: one fetch, the SSE split by hand, `JSON.parse`, and the parts of
 * each network read handed over in one batch (part-source.ts; `stream` reads the same). Every other
 * call — tools, response formats, sampling settings, files, `doGenerate` — goes to the SDK's own model
 * (`sdk`), so its behaviour stays the SDK's. The parts are the same
 * LanguageModelV3 parts the SDK's model yields for such a stream.
 */
export function createLeanChatModel(settings: LeanChatSettings): LanguageModelV3 {
  const { sdk } = settings;
  return {
    specificationVersion: 'v3',
    provider: sdk.provider,
    modelId: settings.modelId,
    supportedUrls: sdk.supportedUrls,
    doGenerate: (options) => sdk.doGenerate(options),
    doStream: (options) => {
      const messages = plainTextMessages(options);
      return messages ? leanStream(settings, messages, options) : sdk.doStream(options);
    },
  };
}

type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** The call's messages when the lean path can serve it exactly, or null for the SDK's model. */
function plainTextMessages(options: LanguageModelV3CallOptions): ChatMessage[] | null {
  const settingsGiven =
    options.tools?.length ||
    options.toolChoice ||
    (options.responseFormat && options.responseFormat.type !== 'text') ||
    options.temperature !== undefined ||
    options.topP !== undefined ||
    options.topK !== undefined ||
    options.stopSequences?.length ||
    options.presencePenalty !== undefined ||
    options.frequencyPenalty !== undefined ||
    options.seed !== undefined ||
    options.includeRawChunks ||
    options.headers ||
    options.providerOptions?.openai;
  if (settingsGiven) return null;
  return textMessages(options.prompt);
}

function textMessages(prompt: LanguageModelV3Prompt): ChatMessage[] | null {
  const messages: ChatMessage[] = [];
  for (const message of prompt) {
    if (message.role === 'system') {
      messages.push({ role: 'system', content: message.content });
      continue;
    }
    if (message.role !== 'user' && message.role !== 'assistant') return null;
    let content = '';
    for (const part of message.content) {
      if (part.type !== 'text') return null;
      content += part.text;
    }
    messages.push({ role: message.role, content });
  }
  return messages;
}

async function leanStream(
  settings: LeanChatSettings,
  messages: ChatMessage[],
  options: LanguageModelV3CallOptions,
): Promise<LanguageModelV3StreamResult> {
  const url = `${settings.baseURL.replace(/\/+$/, '')}/chat/completions`;
  const body = {
    model: settings.modelId,
    messages,
    stream: true,
    // Usage is asked for: it is recorded, while what is charged is the words of the reply.
    stream_options: { include_usage: true },
    ...(options.maxOutputTokens === undefined ? {} : { max_tokens: options.maxOutputTokens }),
  };
  const requestInit: RequestInit = {
    method: 'POST',
    headers: { authorization: `Bearer ${settings.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
  if (options.abortSignal) requestInit.signal = options.abortSignal;
  const response = await fetch(url, requestInit);
  const responseHeaders = Object.fromEntries(response.headers);
  if (!response.ok || !response.body) {
    throw await apiError(url, body, response, responseHeaders);
  }
  return streamResultFromSource(completionParts(response.body), {
    request: { body },
    response: { headers: responseHeaders },
  });
}

async function apiError(
  url: string,
  requestBodyValues: unknown,
  response: Response,
  responseHeaders: Record<string, string>,
): Promise<APICallError> {
  const responseBody = await response.text().catch(() => '');
  let message = response.statusText || `HTTP ${response.status}`;
  try {
    const parsed = JSON.parse(responseBody) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') message = parsed.error.message;
  } catch {
    // Not JSON: the status text says enough.
  }
  return new APICallError({
    message,
    url,
    requestBodyValues,
    statusCode: response.status,
    responseHeaders,
    responseBody,
    isRetryable:
      response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500,
  });
}

interface CompletionChunk {
  id?: string;
  created?: number;
  model?: string;
  choices?: { delta?: { content?: string | null } | null; finish_reason?: string | null }[];
  usage?: OpenAIUsage | null;
  error?: { message?: string };
}

interface OpenAIUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number } | null;
  completion_tokens_details?: { reasoning_tokens?: number } | null;
}

const TEXT_ID = '0';

/**
 * The SSE body as LanguageModelV3 parts: one `data:` event per chunk, `[DONE]` or the end closes it.
 * The text of the events that came in one network read is one text delta, and one batch of the
 * source: a server behind on its reading catches up with one write per read, not one per token. Once
 * the text has started, the body is read once per tick (read-tick.ts), so each read takes what the
 * provider sent since the last.
 */
function completionParts(body: ReadableStream<Uint8Array>): PartSource {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let batch: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  let pending = '';
  let data: string | undefined;
  let sawMetadata = false;
  let textStarted = false;
  let text = '';
  let finishReason: string | null | undefined;
  let usage: OpenAIUsage | undefined;
  let ended = false;

  const flushText = () => {
    if (!text) return;
    if (!textStarted) {
      textStarted = true;
      batch.push({ type: 'text-start', id: TEXT_ID });
    }
    batch.push({ type: 'text-delta', id: TEXT_ID, delta: text });
    text = '';
  };
  // Any other part comes after the text that arrived before it.
  const emit = (part: LanguageModelV3StreamPart) => {
    flushText();
    batch.push(part);
  };

  const handle = (event: string) => {
    if (event === '[DONE]') return;
    let chunk: CompletionChunk;
    try {
      chunk = JSON.parse(event) as CompletionChunk;
    } catch (error) {
      emit({ type: 'error', error });
      return;
    }
    if (chunk.error) {
      emit({ type: 'error', error: chunk.error });
      return;
    }
    if (!sawMetadata) {
      sawMetadata = true;
      emit({
        type: 'response-metadata',
        id: chunk.id,
        modelId: chunk.model,
        timestamp: chunk.created === undefined ? undefined : new Date(chunk.created * 1000),
      });
    }
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices?.[0];
    if (!choice) return;
    if (choice.finish_reason) finishReason = choice.finish_reason;
    if (choice.delta?.content) text += choice.delta.content;
  };

  // Server-Sent Events, for the one field this protocol uses: `data:` lines accumulate, a blank line
  // dispatches, comments and other fields are skipped.
  const feed = (received: string) => {
    const lines = pending + received;
    let start = 0;
    let end: number;
    while ((end = lines.indexOf('\n', start)) >= 0) {
      let line = lines.slice(start, end);
      start = end + 1;
      if (line.endsWith('\r')) line = line.slice(0, -1);
      if (line === '') {
        if (data !== undefined) handle(data);
        data = undefined;
      } else if (line.startsWith('data:')) {
        const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
        data = data === undefined ? value : `${data}\n${value}`;
      }
    }
    pending = lines.slice(start);
    flushText();
  };

  return {
    async read() {
      while (batch.length === 0) {
        if (ended) return undefined;
        if (textStarted) {
          await nextReadTick();
          // Cancelled while it waited for the tick.
          if (ended) return undefined;
        }
        const { done, value } = await reader.read();
        // Cancelled while the read was pending: the stream ends here.
        if (ended) return undefined;
        if (done) {
          feed(`${decoder.decode()}\n\n`);
          if (textStarted) emit({ type: 'text-end', id: TEXT_ID });
          emit({ type: 'finish', finishReason: finishOf(finishReason), usage: usageOf(usage) });
          ended = true;
        } else {
          feed(decoder.decode(value, { stream: true }));
        }
      }
      const parts = batch;
      batch = [];
      return parts;
    },
    cancel(reason) {
      ended = true;
      batch = [];
      return reader.cancel(reason);
    },
  };
}

function finishOf(raw: string | null | undefined): LanguageModelV3FinishReason {
  const unified =
    raw === 'stop'
      ? 'stop'
      : raw === 'length'
        ? 'length'
        : raw === 'content_filter'
          ? 'content-filter'
          : raw === 'tool_calls' || raw === 'function_call'
            ? 'tool-calls'
            : 'other';
  return { unified, raw: raw ?? undefined };
}

function usageOf(usage: OpenAIUsage | undefined): LanguageModelV3Usage {
  const input = usage?.prompt_tokens;
  const cached = usage?.prompt_tokens_details?.cached_tokens;
  const output = usage?.completion_tokens;
  const reasoning = usage?.completion_tokens_details?.reasoning_tokens;
  return {
    inputTokens: {
      total: input,
      noCache: input === undefined ? undefined : input - (cached ?? 0),
      cacheRead: cached,
      cacheWrite: undefined,
    },
    outputTokens: {
      total: output,
      text: output === undefined ? undefined : output - (reasoning ?? 0),
      reasoning,
    },
    ...(usage ? { raw: usage as LanguageModelV3Usage['raw'] } : {}),
  };
}

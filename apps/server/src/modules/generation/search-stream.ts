import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Prompt } from '@ai-sdk/provider';
import { stepCountIs, streamText, tool, type ModelMessage } from 'ai';
import { z } from 'zod';
import type { Locale } from '@redacta/shared';
import { notConnectedNotice, searchEpilogue, type LiveSearchMode } from '../../ai/live-search.ts';
import { searchWeb, type WebSearchResult } from '../../ai/web-search.ts';
import {
  describe,
  ModelStreamError,
  modelTextStream,
  StreamGuard,
  type StreamTimeouts,
} from '../../ai/model-stream.ts';

/** Model calls in one searching reply: search, maybe search again, then the last one must answer. */
export const LIVE_SEARCH_MAX_STEPS = 3;

export interface LiveSearchSettings {
  searchUrl: string;
  language: Locale;
  /** Told when the search backend fails (the reply goes on without results). */
  onSearchFailure: (error: unknown) => void;
}

/**
 * Text deltas of a reply that may call the web_search tool, with the same failures, abort and
 * timeouts as `modelTextStream`. It runs on `streamText`, whose multi-step tool loop earns its
 * per-chunk cost here only (ADR 0004). The reply ends with the results the model did not
 * link itself, so every source it was given is cited, or a notice when the search failed.
 */
export async function* searchingTextStream(
  model: LanguageModelV3,
  call: Pick<LanguageModelV3CallOptions, 'prompt' | 'providerOptions' | 'maxOutputTokens'>,
  timeouts: StreamTimeouts,
  signal: AbortSignal,
  settings: LiveSearchSettings,
): AsyncGenerator<string, void, void> {
  const guard = new StreamGuard(signal, timeouts);
  const found: WebSearchResult[] = [];
  let failedSearches = 0;
  const webSearch = tool({
    description:
      'Search the web for current facts (news, prices, dates, recent events). Returns up to five results ' +
      'with title, url and snippet; cite the ones you use as Markdown links.',
    inputSchema: z.object({ query: z.string().min(1).max(300).describe('What to search for') }),
    execute: async ({ query }, { abortSignal }) => {
      try {
        const results = await searchWeb(settings.searchUrl, query, abortSignal ?? guard.upstream.signal);
        found.push(...results);
        return { results };
      } catch (error) {
        if (guard.upstream.signal.aborted) throw error;
        failedSearches += 1;
        settings.onSearchFailure(error);
        return { error: 'The search service failed. Answer without current results and say so in one line.' };
      }
    },
  });

  const { system, messages } = toModelMessages(call.prompt);
  const result = streamText({
    model,
    system,
    messages,
    tools: { web_search: webSearch },
    stopWhen: stepCountIs(LIVE_SEARCH_MAX_STEPS),
    // The last allowed call answers with what it has instead of asking for another search.
    prepareStep: ({ stepNumber }) =>
      stepNumber === LIVE_SEARCH_MAX_STEPS - 1 ? { toolChoice: 'none' } : undefined,
    providerOptions: call.providerOptions,
    maxOutputTokens: call.maxOutputTokens,
    abortSignal: guard.upstream.signal,
    // One call per request, like the doStream path: no retries behind the user's back.
    maxRetries: 0,
    // Failures arrive as `error` parts below; the default handler would also print them.
    onError: () => {},
  });

  const reader = result.fullStream.getReader();
  guard.cancelOnStop(reader);
  let text = '';
  let steps = 0;
  try {
    while (true) {
      const { done, value: part } = await reader.read();
      if (done) {
        guard.throwIfStopped();
        break;
      }
      if (part.type === 'text-delta') {
        if (part.text.length === 0) continue;
        guard.textArrived();
        text += part.text;
        yield part.text;
      } else if (part.type === 'start-step') {
        // The first call's wait started with the guard; each later call gets its own.
        if (steps > 0) guard.callStarted();
        steps += 1;
      } else if (part.type === 'error') {
        throw new ModelStreamError('provider', describe(part.error), { cause: part.error });
      } else if (part.type === 'abort') {
        throw new ModelStreamError('aborted', 'The reply was aborted');
      } else if (part.type === 'finish' && part.finishReason === 'error') {
        throw new ModelStreamError('provider', 'The model stopped with an error');
      } else {
        guard.progressed();
      }
    }
  } catch (error) {
    throw guard.failure(error);
  } finally {
    guard.close();
    reader.cancel().catch(() => {});
  }
  const epilogue = searchEpilogue(
    { results: found, failed: failedSearches > 0, replyText: text },
    settings.language,
  );
  if (epilogue) yield epilogue;
}

/**
 * The text of a chat reply for its live-search mode: searching (the web_search tool on streamText),
 * opened by the not-connected notice, or the plain doStream path.
 */
export function replyTextStream(
  mode: LiveSearchMode,
  model: LanguageModelV3,
  call: Pick<LanguageModelV3CallOptions, 'prompt' | 'providerOptions' | 'maxOutputTokens'>,
  timeouts: StreamTimeouts,
  signal: AbortSignal,
  search: Omit<LiveSearchSettings, 'searchUrl'> & { searchUrl: string | undefined },
): AsyncGenerator<string, void, void> {
  if (mode === 'available' && search.searchUrl) {
    return searchingTextStream(model, call, timeouts, signal, { ...search, searchUrl: search.searchUrl });
  }
  const deltas = modelTextStream(model, call, timeouts, signal);
  return mode === 'not-connected' ? afterNotice(notConnectedNotice(search.language), deltas) : deltas;
}

/** A notice before the model's first words (sent with them, so a failure before them stays an error status). */
async function* afterNotice(
  notice: string,
  deltas: AsyncGenerator<string, void, void>,
): AsyncGenerator<string, void, void> {
  let first = true;
  for await (const delta of deltas) {
    yield first ? notice + delta : delta;
    first = false;
  }
}

/** Our provider-level prompt (text only) as streamText's system + messages. */
function toModelMessages(prompt: LanguageModelV3Prompt): { system: string; messages: ModelMessage[] } {
  const system: string[] = [];
  const messages: ModelMessage[] = [];
  const textOf = (content: readonly { type: string; text?: string }[]) =>
    content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
  for (const message of prompt) {
    if (message.role === 'system') system.push(message.content);
    else if (message.role === 'user') messages.push({ role: 'user', content: textOf(message.content) });
    else if (message.role === 'assistant')
      messages.push({ role: 'assistant', content: textOf(message.content) });
  }
  return { system: system.join('\n\n'), messages };
}

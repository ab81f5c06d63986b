import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { resolveLocale, type Locale, type TemplateOutput, type TransformRequest } from '@redacta/shared';
import { composeDemoReply, composeImprovedPrompt } from './copy.ts';
import { composeVoiceDescription } from './analysis.ts';
import { composeTransform } from './transform/index.ts';
import { requestLanguage } from './request.ts';
import type { DemoBrandVoice } from './voice.ts';
import { withKnowledgeFacts, type DemoFact } from './knowledge.ts';
import { demoLanguage, type DemoControls } from './controls.ts';
import { demoSearchQuery, searchCallStream, withSearchFindings } from './search.ts';
import { composeTemplateParts } from './template-parts.ts';

/** The demo has no tokenizer: it counts a token every 4 characters. */
const CHARS_PER_TOKEN = 4;

/**
 * What a call asks of the demo writer: a chat reply, an improved request, a voice analysis, a
 * document selection transformed.
 */
export type DemoTask = 'chat' | 'improve' | 'analyze' | 'transform';

/**
 * What the demo writer reads from `providerOptions.redactaDemo`, since it cannot understand the
 * prompt: the workspace language, the task, and the brand voice the reply is written in. Every other
 * provider reads only its own namespace (`openai`, `anthropic`) and ignores this one.
 */
export interface DemoCallOptions {
  language?: Locale;
  task?: DemoTask;
  brandVoice?: DemoBrandVoice | null;
  /**
   * Another version of a chat reply, as Regenerate asks for: any number but 0 gives a reply worded
   * differently from the first one to the same message (0 or absent: the first).
   */
  variant?: number;
  /** A document transform: the action and its setting (the selected passage is the user's message). */
  transform?: TransformRequest;
  /** The knowledge passages a chat reply is given, quoted and cited by their numbers. */
  knowledge?: DemoFact[];
  /** The composer's tone, length and output language (controls.ts). */
  controls?: DemoControls;
  /**
   * The named parts a template's copy is written in, with their limits: the answer comes in their
   * labelled sections, each within its limits (template-parts.ts).
   */
  output?: TemplateOutput;
  /** What a template run is about (its first input that names a thing; `demoTemplate`). */
  templateSubject?: string;
}

/** The provider options that tell the demo writer about a call (only the values given). */
export function demoWriterOptions(options: DemoCallOptions) {
  const { brandVoice, ...rest } = options;
  if (!brandVoice) return { redactaDemo: rest };
  return { redactaDemo: { ...rest, brandVoice: { name: brandVoice.name, voice: brandVoice.voice } } };
}

function demoOptionsOf(call: LanguageModelV3CallOptions): DemoCallOptions {
  return (call.providerOptions?.redactaDemo ?? {}) as DemoCallOptions;
}

/** The offline demo writer: a real LanguageModelV3, deterministic, streamed in small word groups. */
export function createDemoWriter(options: { modelId: string; delayMs?: number }): LanguageModelV3 {
  const delayMs = options.delayMs ?? 20;
  return {
    specificationVersion: 'v3',
    provider: 'redacta.demo',
    modelId: options.modelId,
    supportedUrls: {},
    async doGenerate(call) {
      call.abortSignal?.throwIfAborted();
      const text = answer(call);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(call.prompt, text),
        warnings: [],
      };
    },
    async doStream(call) {
      call.abortSignal?.throwIfAborted();
      const workspaceLanguage = resolveLocale(demoOptionsOf(call).language);
      const message = lastUserText(call.prompt);
      const query = demoSearchQuery(call, message, workspaceLanguage);
      if (query) return { stream: searchCallStream(query) };
      const text = withSearchFindings(answer(call), call.prompt, replyLanguage(demoOptionsOf(call), message));
      return { stream: streamText(text, call, delayMs) };
    },
  };
}

function answer(call: LanguageModelV3CallOptions): string {
  return withinTokens(composedAnswer(call), call.maxOutputTokens);
}

function composedAnswer(call: LanguageModelV3CallOptions): string {
  const options = demoOptionsOf(call);
  const language = resolveLocale(options.language);
  const message = lastUserText(call.prompt);
  if (options.task === 'analyze') return composeVoiceDescription(message, language);
  if (options.task === 'improve') return composeImprovedPrompt(message, language);
  if (options.task === 'transform' && options.transform) {
    return composeTransform(message, options.transform, language, options.brandVoice ?? null);
  }
  const written = replyLanguage(options, message);
  if (options.output) {
    return composeTemplateParts(options.output, options.templateSubject, message, written);
  }
  const reply = demoReply(
    message,
    language,
    options.brandVoice ?? null,
    options.variant ?? 0,
    options.controls ?? {},
    written,
  );
  return withKnowledgeFacts(reply, options.knowledge, message, written);
}

/** The language a chat reply is written in: the composer's choice, else the request's own. */
function replyLanguage(options: DemoCallOptions, message: string): Locale {
  return (
    demoLanguage(options.controls?.language) ?? requestLanguage(message, resolveLocale(options.language))
  );
}

/** How many neighbouring wordings a variant tries before it says it is another version. */
const VARIANT_TRIES = 16;

/** The opening of a version whose wording has no other choices (a short, general reply). */
const anotherVersion: Record<Locale, readonly string[]> = {
  es: ['Otra versión:', 'Aquí tienes una alternativa:', 'Probemos con otro enfoque:'],
  en: ['Another version:', 'Here is an alternative:', "Let's try another angle:"],
};

/**
 * A regenerated reply is what the person asked for only if it reads differently: the variant's
 * wording, or the next one that differs from the first reply; a reply with no other wording opens
 * by saying it is another version.
 */
function demoReply(
  message: string,
  language: Locale,
  voice: DemoBrandVoice | null,
  variant: number,
  controls: DemoControls,
  written: Locale,
) {
  const first = composeDemoReply(message, language, voice, 0, controls);
  if (variant === 0) return first;
  for (let step = 0; step < VARIANT_TRIES; step += 1) {
    const text = composeDemoReply(message, language, voice, variant + step, controls);
    if (text !== first) return text;
  }
  const openings = anotherVersion[written];
  return `${openings[variant % openings.length]}\n\n${first}`;
}

/**
 * The text cut to `maxOutputTokens` by the demo's token estimate (CHARS_PER_TOKEN), at the last space
 * that fits, as a provider stops at its token limit.
 */
function withinTokens(text: string, maxOutputTokens: number | undefined): string {
  if (maxOutputTokens === undefined) return text;
  const maxChars = maxOutputTokens * CHARS_PER_TOKEN;
  if (text.length <= maxChars) return text;
  const space = text.lastIndexOf(' ', maxChars);
  return text.slice(0, space > 0 ? space : maxChars);
}

function lastUserText(prompt: LanguageModelV3Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i -= 1) {
    const message = prompt[i]!;
    if (message.role !== 'user') continue;
    return message.content
      .map((part) => (part.type === 'text' ? part.text : ''))
      .join(' ')
      .trim();
  }
  return '';
}

/** Pieces of two or three words with their spacing, so concatenating them gives back the text. */
export function demoChunks(text: string): string[] {
  const words = text.match(/\S+\s*/g) ?? [];
  const leading = text.match(/^\s*/)?.[0] ?? '';
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += 3) chunks.push(words.slice(i, i + 3).join(''));
  if (leading && chunks.length > 0) chunks[0] = leading + chunks[0];
  return chunks;
}

function streamText(
  text: string,
  call: LanguageModelV3CallOptions,
  delayMs: number,
): ReadableStream<LanguageModelV3StreamPart> {
  const chunks = demoChunks(text);
  const signal = call.abortSignal;
  let timer: NodeJS.Timeout | undefined;
  let index = 0;
  const wait = () =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, delayMs);
    });

  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      controller.enqueue({ type: 'stream-start', warnings: [] });
      controller.enqueue({ type: 'text-start', id: 'text-0' });
    },
    async pull(controller) {
      // Honour the abort: the stream errors with the signal's reason, like a fetch-based provider.
      await wait();
      if (index < chunks.length) {
        controller.enqueue({ type: 'text-delta', id: 'text-0', delta: chunks[index]! });
        index += 1;
        return;
      }
      controller.enqueue({ type: 'text-end', id: 'text-0' });
      controller.enqueue({
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(call.prompt, text),
      });
      controller.close();
    },
    cancel() {
      clearTimeout(timer);
    },
  });
}

/** Token counts by the demo's estimate. */
function usage(prompt: LanguageModelV3Prompt, text: string): LanguageModelV3Usage {
  const input = Math.ceil(JSON.stringify(prompt).length / CHARS_PER_TOKEN);
  const output = Math.ceil(text.length / CHARS_PER_TOKEN);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

import { APICallError } from '@ai-sdk/provider';
import {
  countWords,
  renderTemplatePrompt,
  type BatchControls,
  type Locale,
  type TemplateField,
  type TemplateInputs,
  type TemplateOutput,
  type TemplateOutputPart,
} from '@redacta/shared';
import type { Models } from '../../ai/models.ts';
import { modelAnswer, ModelStreamError, type StreamTimeouts } from '../../ai/model-stream.ts';
import { demoWriterOptions } from '../../ai/demo/writer.ts';
import { maxTokensFor } from '../usage/reservations.ts';
import { modelFor, type AiWorkspace } from '../ai-tasks/workspace.ts';

/** The template as a batch keeps it: what it was when the batch was made. */
export interface BatchTemplate {
  language: Locale;
  prompt: string;
  fields: TemplateField[];
  output?: TemplateOutput;
}

/** A part over its character limit, kept whole and flagged. */
export interface RowFlag {
  part: string;
  length: number;
  maxChars: number;
}

export interface GeneratedRow {
  /** By part key; a template without parts writes one, `text`. */
  outputs: Record<string, string>;
  flags: RowFlag[];
  /** What the row is charged. */
  words: number;
}

export interface RowGeneratorInput {
  workspace: AiWorkspace;
  userId: string;
  template: BatchTemplate;
  inputs: TemplateInputs;
  controls: BatchControls;
  signal: AbortSignal;
  /** The row's reservation: it writes no more words than this (none on a plan without a limit). */
  maxWords: number | undefined;
}

/** Writes one row. Throws RowRateLimited when the provider asks to wait. */
export type RowGenerator = (input: RowGeneratorInput) => Promise<GeneratedRow>;

/** The provider answered 429: the row waits `retryAfterSeconds` before it is tried again. */
export class RowRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The AI provider asked to slow down');
  }
}

/** The wait a 429 without a usable Retry-After gets. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;
/** A 429's wait is honoured up to this. */
const RETRY_AFTER_MAX_SECONDS = 300;

/**
 * A row written by the workspace's model in one call: the template's prompt with the row's inputs as
 * the user's message, and instructions to answer each output part under its own `## key` line, which
 * is how the answer is split into parts. An answer without those lines fills the first part.
 */
export function modelRowGenerator(deps: { models: Models; timeouts: StreamTimeouts }): RowGenerator {
  return async (input) => {
    const chat = modelFor(deps.models, input.workspace);
    const parts = input.template.output?.parts;
    let text: string;
    try {
      text = await modelAnswer(
        chat.model,
        {
          prompt: [
            { role: 'system', content: instructions(parts, input.controls) },
            {
              role: 'user',
              content: [{ type: 'text', text: renderTemplatePrompt(input.template.prompt, input.inputs) }],
            },
          ],
          providerOptions: demoWriterOptions({
            language: input.template.language,
            task: 'chat',
            controls: input.controls,
          }),
          ...(input.maxWords ? { maxOutputTokens: maxTokensFor(input.maxWords, input.template.language) } : {}),
        },
        deps.timeouts,
        input.signal,
        input.maxWords,
      );
    } catch (error) {
      const retryAfter = rateLimitWait(error);
      throw retryAfter === null ? error : new RowRateLimited(retryAfter);
    }
    if (!text) throw new Error('The AI model returned an empty answer');
    const outputs = splitParts(text, parts);
    return {
      outputs,
      flags: overLimit(outputs, parts),
      words: countWords(Object.values(outputs).join('\n')),
    };
  };
}

function instructions(parts: TemplateOutputPart[] | undefined, controls: BatchControls): string {
  const lines = ['Write exactly what the request asks, ready to publish, with no preamble.'];
  if (controls.tone) lines.push(`Tone: ${controls.tone}.`);
  if (controls.language) lines.push(`Write in the language with ISO code "${controls.language}".`);
  if (parts) {
    lines.push('Answer in these parts, each under its own line "## key", in this order:');
    for (const part of parts)
      lines.push(
        `## ${part.key} — ${part.label}` +
          (part.items ? `, ${part.items} items, one per line` : '') +
          (part.maxChars ? `, at most ${part.maxChars} characters${part.items ? ' each' : ''}` : ''),
      );
  }
  return lines.join('\n');
}

/** The answer's parts by key, from its `## key` lines; without any, the whole answer is the first part. */
export function splitParts(text: string, parts: TemplateOutputPart[] | undefined): Record<string, string> {
  if (!parts) return { text };
  const keys = new Set(parts.map((part) => part.key));
  const found: Record<string, string[]> = {};
  let current: string | null = null;
  for (const line of text.split('\n')) {
    const heading = /^#{1,6}\s*([a-z][a-z0-9_]*)\b.*$/.exec(line.trim());
    if (heading && keys.has(heading[1]!)) {
      current = heading[1]!;
      found[current] ??= [];
      continue;
    }
    if (current) found[current]!.push(line);
  }
  if (Object.keys(found).length === 0) return { [parts[0]!.key]: text };
  return Object.fromEntries(parts.map((part) => [part.key, (found[part.key] ?? []).join('\n').trim()]));
}

function overLimit(outputs: Record<string, string>, parts: TemplateOutputPart[] | undefined): RowFlag[] {
  const flags: RowFlag[] = [];
  for (const part of parts ?? []) {
    if (!part.maxChars) continue;
    const items = part.items ? (outputs[part.key] ?? '').split('\n') : [outputs[part.key] ?? ''];
    for (const item of items) {
      const length = [...item.trim()].length;
      if (length > part.maxChars) flags.push({ part: part.key, length, maxChars: part.maxChars });
    }
  }
  return flags;
}

/** Seconds a provider's 429 asks to wait (its Retry-After), or null for any other failure. */
function rateLimitWait(error: unknown): number | null {
  const cause = error instanceof ModelStreamError ? error.cause : error;
  if (!APICallError.isInstance(cause) || cause.statusCode !== 429) return null;
  const header = cause.responseHeaders?.['retry-after'];
  const seconds = header === undefined ? NaN : Number(header);
  const wait = Number.isFinite(seconds)
    ? seconds
    : header && !Number.isNaN(Date.parse(header))
      ? (Date.parse(header) - Date.now()) / 1000
      : DEFAULT_RETRY_AFTER_SECONDS;
  return Math.min(RETRY_AFTER_MAX_SECONDS, Math.max(1, Math.ceil(wait)));
}

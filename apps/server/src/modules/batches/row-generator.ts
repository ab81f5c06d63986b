import { APICallError } from '@ai-sdk/provider';
import {
  countWords,
  renderTemplatePrompt,
  type BatchControls,
  type Locale,
  type TemplateField,
  type TemplateInputs,
  type TemplateOutput,
} from '@redacta/shared';
import type { Models } from '../../ai/models.ts';
import { modelAnswer, ModelStreamError, type StreamTimeouts } from '../../ai/model-stream.ts';
import { demoWriterOptions } from '../../ai/demo/writer.ts';
import { maxTokensFor } from '../usage/reservations.ts';
import { modelFor, type AiWorkspace } from '../ai-tasks/workspace.ts';
import { outputInstruction, parseOutput, type OutputFlag } from '../templates/output-parts.ts';

/** The template as a batch keeps it: what it was when the batch was made. */
export interface BatchTemplate {
  language: Locale;
  prompt: string;
  fields: TemplateField[];
  output?: TemplateOutput;
}

export interface GeneratedRow {
  /** By part key; a template without parts writes one, `text`. */
  outputs: Record<string, string>;
  /** Parts (or items) over their character limit, kept whole. */
  flags: OutputFlag[];
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
 * the user's message, and the template's output sections asked for in the instructions. It is charged
 * the words the model wrote.
 */
export function modelRowGenerator(deps: { models: Models; timeouts: StreamTimeouts }): RowGenerator {
  return async (input) => {
    const chat = modelFor(deps.models, input.workspace);
    let text: string;
    try {
      text = await modelAnswer(
        chat.model,
        {
          prompt: [
            { role: 'system', content: instructions(input.template, input.controls) },
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
          ...(input.maxWords
            ? { maxOutputTokens: maxTokensFor(input.maxWords, input.template.language) }
            : {}),
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
    const { outputs, flags } = partsOf(text, input.template.output);
    return { outputs, flags, words: countWords(text) };
  };
}

function instructions(template: BatchTemplate, controls: BatchControls): string {
  const lines = ['Write exactly what the request asks, ready to publish, with no preamble.'];
  if (controls.tone) lines.push(`Tone: ${controls.tone}.`);
  if (controls.language) lines.push(`Write in the language with ISO code "${controls.language}".`);
  const parts = outputInstruction(template.output, template.language);
  return [lines.join('\n'), parts].filter(Boolean).join('\n\n');
}

/**
 * The answer's parts (templates/output-parts.ts); an answer in which no part is found, from a model
 * that ignored the sections, is kept whole as the first part rather than lost.
 */
function partsOf(text: string, output: TemplateOutput | undefined): Pick<GeneratedRow, 'outputs' | 'flags'> {
  const parsed = parseOutput(text, output);
  if (
    output &&
    parsed.problems.length === output.parts.length &&
    parsed.problems.every((p) => p.problem === 'missing')
  )
    return parseOutput(`### ${output.parts[0]!.key}\n${text}`, { parts: [output.parts[0]!] });
  return parsed;
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

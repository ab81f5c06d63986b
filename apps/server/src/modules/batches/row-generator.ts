import {
  countWords,
  overLimit,
  parseOutput,
  renderTemplatePrompt,
  type OutputFlag,
  type ParsedOutput,
  type BatchControls,
  type Locale,
  type TemplateField,
  type TemplateInputs,
  type TemplateOutput,
} from '@redacta/shared';
import type { AiWorkspace } from '../ai-tasks/workspace.ts';
import type { BrandVoiceChoice, WorkspaceContext } from '../generation/workspace-context.ts';
import { generateCopy, GenerationError } from '../generation/generate.ts';
import { prepareGeneration, type GenerationDeps } from '../generation/prepare.ts';
import { outputInstruction } from '../templates/output-parts.ts';

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
  /** The brand voice, style rules and knowledge the row is written with, read as it was claimed. */
  context: WorkspaceContext;
  signal: AbortSignal;
  /** The row's reservation: it writes no more words than this (none on a plan without a limit). */
  maxWords: number | undefined;
  /** Hears that the row's prompt is ready and its model call starts (the row's time is told by phase). */
  onPrepared?: () => void;
}

/** The brand voice a batch's rows are written in: the one its controls name, else the workspace's default. */
export const batchBrandVoice = (controls: BatchControls): BrandVoiceChoice =>
  controls.brandVoiceId ? { id: controls.brandVoiceId } : 'default';

/** Writes one row. Throws RowRateLimited when the provider asks to wait. */
export type RowGenerator = (input: RowGeneratorInput) => Promise<GeneratedRow>;

/** The provider answered 429: the row waits `retryAfterSeconds` before it is tried again. */
export class RowRateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The AI provider asked to slow down');
  }
}

/** The wait a 429 gets when the provider did not say how long. */
const DEFAULT_RETRY_AFTER_SECONDS = 5;
/** A 429's wait is honoured up to this. */
const RETRY_AFTER_MAX_SECONDS = 300;
/** Answers written for one row at most, while its parts miss their limits. */
const OUTPUT_TRIES = 2;

/**
 * A row written by the generation pipeline, as a chat turn and a template run are: the template's
 * prompt with the row's inputs as the request, the batch's writing controls, brand voice and knowledge,
 * and the template's output parts asked for and read back. It is charged the words the model wrote.
 */
export function pipelineRowGenerator(deps: GenerationDeps): RowGenerator {
  return async (input) => {
    const { template, controls } = input;
    const prepared = await prepareGeneration(deps, {
      workspace: input.workspace,
      message: renderTemplatePrompt(template.prompt, input.inputs).trim(),
      context: input.context,
      ...(controls.useKnowledge !== undefined ? { useKnowledge: controls.useKnowledge } : {}),
      controls: {
        ...(controls.tone ? { tone: controls.tone } : {}),
        ...(controls.length ? { length: controls.length } : {}),
        ...(controls.language ? { language: controls.language } : {}),
      },
      ...(template.output
        ? {
            instruction: outputInstruction(template.output, template.language),
            demo: { output: template.output },
          }
        : {}),
      signal: input.signal,
    });
    input.onPrepared?.();
    const write = async () => {
      try {
        const copy = await generateCopy(deps, prepared, {
          signal: input.signal,
          ...(input.maxWords ? { maxWords: input.maxWords } : {}),
        });
        return copy.text;
      } catch (error) {
        if (error instanceof GenerationError && error.rateLimited) {
          const seconds = Math.ceil((error.retryAfterMs ?? DEFAULT_RETRY_AFTER_SECONDS * 1000) / 1000);
          throw new RowRateLimited(Math.min(RETRY_AFTER_MAX_SECONDS, Math.max(1, seconds)));
        }
        throw error;
      }
    };
    // An answer over a part's limit, missing a part or with the wrong number of items is written again,
    // up to OUTPUT_TRIES answers; the last is kept (flagged if still over) and only its words charged.
    let text = await write();
    let parsed = partsOf(text, template.output);
    for (let tries = 1; tries < OUTPUT_TRIES && template.output && overLimit(parsed); tries++) {
      text = await write();
      parsed = partsOf(text, template.output);
    }
    const { outputs, flags } = parsed;
    return { outputs, flags, words: countWords(text) };
  };
}

/**
 * The answer's parts (`parseOutput`, the one reader of a template's sections); an answer in which no part is found, from a model
 * that ignored the sections, is kept whole as the first part rather than lost.
 */
function partsOf(text: string, output: TemplateOutput | undefined): ParsedOutput {
  const parsed = parseOutput(text, output);
  if (
    output &&
    parsed.problems.length === output.parts.length &&
    parsed.problems.every((problem) => problem.problem === 'missing')
  )
    return parseOutput(`### ${output.parts[0]!.key}\n${text}`, { parts: [output.parts[0]!] });
  return parsed;
}

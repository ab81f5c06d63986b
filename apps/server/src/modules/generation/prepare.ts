import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { LanguageModelV3CallOptions, LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { ConversationEntry, KnowledgeCitation, TemplateOutput } from '@redacta/shared';
import { demoWriterOptions, type DemoCallOptions } from '../../ai/demo/writer.ts';
import { liveSearchMode, type LiveSearchMode } from '../../ai/live-search.ts';
import type { ChatModel } from '../../ai/models.ts';
import type { WritingControls } from '../../ai/prompts.ts';
import { aiDeps, type AiDeps } from '../ai-tasks/charged-task.ts';
import { modelFor, type AiWorkspace } from '../ai-tasks/workspace.ts';
import { chatKnowledge } from '../knowledge/chat-sources.ts';
import type { Embedder } from '../knowledge/embeddings.ts';
import { maxTokensFor } from '../usage/reservations.ts';
import { buildGenerationPrompt } from './prompt.ts';
import {
  loadWorkspaceContext,
  type BrandVoiceChoice,
  type GenerationBrandVoice,
  type WorkspaceContext,
} from './workspace-context.ts';

/** What writing a piece needs: the database, the models and their timeouts, search, knowledge, a log. */
export interface GenerationDeps extends Pick<AiDeps, 'db' | 'models' | 'timeouts'> {
  /** The SearXNG instance behind the web_search tool; without it live search is not connected. */
  searchUrl?: string;
  /** Embeds the message to search the knowledge by meaning too; null: full-text search alone. */
  knowledgeEmbedder: Embedder | null;
  log: FastifyBaseLogger;
}

/** The generation dependencies of an app, from its configuration; `log` hears about failures. */
export function generationDeps(app: FastifyInstance, log: FastifyBaseLogger): GenerationDeps {
  return {
    ...aiDeps(app),
    searchUrl: app.config.SEARCH_URL,
    knowledgeEmbedder: app.knowledge.embedder,
    log,
  };
}

/** One piece of copy to write: a chat turn's reply, a template run, a batch row, an API call. */
export interface GenerationRequest {
  /** The workspace it is written for; the caller has checked the user belongs to it. */
  workspace: AiWorkspace;
  /** What the user asks: a message as typed or a template's rendered prompt. */
  message: string;
  /** The conversation before the message, oldest first (a chat turn's); none elsewhere. */
  history?: readonly Pick<ConversationEntry, 'role' | 'content'>[];
  /**
   * The brand voice, style rules and knowledge as the caller already read them (a chat turn reads
   * them with the rest of its turn, in one database call), or the brand voice to read them with.
   */
  context: WorkspaceContext | { brandVoice: BrandVoiceChoice };
  /** Answer from the workspace's knowledge when it has some (default true). */
  useKnowledge?: boolean;
  /** Tone, length and output language. */
  controls?: WritingControls;
  /** The request asks for current facts from the web (the message may ask for them by itself too). */
  liveSearch?: boolean;
  /** Appended to the user's message for the model only (a template's output parts, say). */
  instruction?: string;
  /** What the demo writer, which cannot read the prompt, is told besides the request. */
  demo?: { output?: TemplateOutput };
  /** Aborts the knowledge search (the client left, the server is stopping). */
  signal?: AbortSignal;
}

/** A piece ready for its model call: everything decided, nothing charged yet. */
export interface PreparedGeneration {
  workspace: AiWorkspace;
  /** The workspace's model (its premium model when it pays and chose it). */
  chat: ChatModel;
  liveSearch: LiveSearchMode;
  brandVoice: GenerationBrandVoice | null;
  /** The knowledge passages the model is given, numbered as the copy cites them. */
  citations: KnowledgeCitation[];
  prompt: LanguageModelV3Prompt;
  /** The demo writer's options for this piece (one version of it: see `generationCall`). */
  demo: DemoCallOptions;
}

/** The model call of a prepared piece, as `modelTextStream` and `replyTextStream` take it. */
export type GenerationCall = Pick<
  LanguageModelV3CallOptions,
  'prompt' | 'providerOptions' | 'maxOutputTokens'
>;

/**
 * Decides everything a piece is written with, ready for its model call: the brand voice, the
 * workspace's style rules and its knowledge passages (searched for the message, never for the
 * instruction), the writing controls, live search, and the prompt. With the context given it reads
 * nothing but the knowledge, as a chat turn's did before its model call.
 */
export async function prepareGeneration(
  deps: GenerationDeps,
  request: GenerationRequest,
): Promise<PreparedGeneration> {
  const { workspace, message } = request;
  const context =
    'styleRules' in request.context
      ? request.context
      : await loadWorkspaceContext(deps.db, workspace.id, request.context.brandVoice);
  const liveSearch = liveSearchMode({
    searchUrl: deps.searchUrl,
    requested: request.liveSearch ?? false,
    message,
  });
  const controls = request.controls ?? {};
  const citations = await chatKnowledge(
    deps.db,
    {
      workspaceId: workspace.id,
      message,
      useKnowledge: context.hasKnowledge && request.useKnowledge !== false,
    },
    { embedder: deps.knowledgeEmbedder, log: deps.log, signal: request.signal },
  );
  const prompt = buildGenerationPrompt({
    history: request.history,
    message: request.instruction ? `${message}\n\n${request.instruction}` : message,
    language: workspace.language,
    brandVoice: context.brandVoice,
    liveSearch,
    controls,
    knowledge: citations.map(({ n, name, excerpt }) => ({ n, name, text: excerpt })),
    styleRules: context.styleRules,
  });
  return {
    workspace,
    chat: modelFor(deps.models, workspace),
    liveSearch,
    brandVoice: context.brandVoice,
    citations,
    prompt,
    // The voice and the controls are in the system prompt for real models; the demo writer is handed them here.
    demo: {
      language: workspace.language,
      task: 'chat',
      brandVoice: context.brandVoice,
      controls,
      ...(citations.length ? { knowledge: citations.map(({ n, excerpt }) => ({ n, text: excerpt })) } : {}),
      ...(request.demo?.output ? { output: request.demo.output } : {}),
    },
  };
}

/**
 * One version's model call: at most `maxWords` words' worth of tokens (its reservation), and for a
 * version after the first (`variant` not 0) a demo reply worded differently.
 */
export function generationCall(
  prepared: PreparedGeneration,
  version: { maxWords?: number; variant?: number } = {},
): GenerationCall {
  const { maxWords, variant } = version;
  return {
    prompt: prepared.prompt,
    providerOptions: demoWriterOptions({ ...prepared.demo, ...(variant ? { variant } : {}) }),
    ...(maxWords !== undefined
      ? { maxOutputTokens: maxTokensFor(maxWords, prepared.workspace.language) }
      : {}),
  };
}

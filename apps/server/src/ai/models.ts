import type { LanguageModelV3 } from '@ai-sdk/provider';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { resolveAiProvider, type AiProvider, type Config } from '../config.ts';
import { createLeanChatModel } from './chat-completions-stream.ts';
import { createDemoWriter } from './demo/writer.ts';

export interface ChatModel {
  model: LanguageModelV3;
  /** The provider's model id, stored on each reply. */
  id: string;
  /** The display name the app shows. */
  label: string;
}

export interface Models {
  provider: AiProvider;
  /** True when no provider is configured and the offline demo writer answers. */
  demo: boolean;
  /**
   * True when the demo writer answers on a development server: the app may show the workspace owner
   * how to connect a model (server variables); in production that belongs in the docs, not the app.
   */
  setupHelp: boolean;
  standard: ChatModel;
  /** Used when a paid workspace turns on "GPT-4 in Chat" (paid plans only). */
  premium: ChatModel;
}

type ModelConfig = Pick<
  Config,
  | 'OPENAI_API_KEY'
  | 'OPENAI_BASE_URL'
  | 'ANTHROPIC_API_KEY'
  | 'AI_PROVIDER'
  | 'AI_MODEL'
  | 'AI_MODEL_PREMIUM'
  | 'AI_MODEL_LABEL'
  | 'AI_MODEL_PREMIUM_LABEL'
> &
  Partial<Pick<Config, 'isDevelopment'>>;

const defaults: Record<AiProvider, { standard: string; premium: string }> = {
  openai: { standard: 'gpt-4.1-mini', premium: 'gpt-4.1' },
  anthropic: { standard: 'claude-haiku-4-5', premium: 'claude-sonnet-4-5' },
  demo: { standard: 'redacta-demo-writer', premium: 'redacta-demo-writer-plus' },
};

/**
 * The one place models are built: the chat route only ever sees a LanguageModelV3, so tests swap the
 * provider through configuration, never the route. The configuration schema has already refused a
 * chosen provider without its key.
 */
export function createModels(config: ModelConfig, options: { demoDelayMs?: number } = {}): Models {
  const provider = resolveAiProvider(config);
  const ids = {
    standard: config.AI_MODEL ?? defaults[provider].standard,
    premium: config.AI_MODEL_PREMIUM ?? config.AI_MODEL ?? defaults[provider].premium,
  };
  const build = buildFactory(provider, config, options);
  const demoLabels = { standard: 'Demo writer', premium: 'Demo writer+' };
  return {
    provider,
    demo: provider === 'demo',
    setupHelp: provider === 'demo' && config.isDevelopment === true,
    standard: {
      model: build(ids.standard),
      id: ids.standard,
      label: config.AI_MODEL_LABEL ?? (provider === 'demo' ? demoLabels.standard : ids.standard),
    },
    premium: {
      model: build(ids.premium),
      id: ids.premium,
      label: config.AI_MODEL_PREMIUM_LABEL ?? (provider === 'demo' ? demoLabels.premium : ids.premium),
    },
  };
}

function buildFactory(
  provider: AiProvider,
  config: ModelConfig,
  options: { demoDelayMs?: number },
): (id: string) => LanguageModelV3 {
  switch (provider) {
    case 'openai': {
      // Chat Completions, not the Responses API of `openai(id)`: it is what OpenAI-compatible
      // servers (Ollama, vLLM, llama.cpp) implement. Local servers need no key, but the SDK insists on one.
      const apiKey = config.OPENAI_API_KEY ?? 'not-needed';
      const baseURL = config.OPENAI_BASE_URL ?? 'https://api.openai.com/v1';
      const openai = createOpenAI({ apiKey, baseURL });
      // Plain-text streams (the chat's hot path) skip the SDK's per-chunk pipeline (ADR 0005).
      return (id) => createLeanChatModel({ modelId: id, baseURL, apiKey, sdk: openai.chat(id) });
    }
    case 'anthropic': {
      const anthropic = createAnthropic({ apiKey: config.ANTHROPIC_API_KEY });
      return (id) => anthropic(id);
    }
    case 'demo':
      return (id) => createDemoWriter({ modelId: id, delayMs: options.demoDelayMs });
  }
}

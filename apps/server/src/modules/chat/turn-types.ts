import type { ChatStreamPart } from '@redacta/shared';
import type { OpenStreams } from '../../lib/open-streams.ts';
import type { ChatMetrics } from '../../plugins/metrics-registry.ts';
import type { AiDeps, CallContext } from '../ai-tasks/charged-task.ts';
import type { ReplyWriter } from '../ai-tasks/relay.ts';
import type { Embedder } from '../knowledge/embeddings.ts';
import type { LiveConversations } from './live/hub.ts';
import type { WebhookEvents } from '../webhooks/events.ts';

// What a chat turn is given by its route. send.ts runs the turn with the files it imports (answer-turn,
// reply-runs, reply-writer), and they all name these types, so the types live in none of them.

export interface ChatDeps extends AiDeps {
  /** The SearXNG instance behind the web_search tool; without it live search is not connected. */
  searchUrl?: string;
  /** Where each chat request is registered while it runs, so that a stopping server can drain it. */
  openStreams: OpenStreams;
  metrics: ChatMetrics;
  /** Everyone with the project open follows the reply; its sender may stop it from any tab. */
  live: LiveConversations;
  /** Embeds a message to search the knowledge by meaning too; null: full-text search alone. */
  knowledgeEmbedder: Embedder | null;
  /** Where a saved reply announces `reply.finished`. */
  webhookEvents: WebhookEvents;
}

type StartPart = Extract<ChatStreamPart, { type: 'start' }>;
type LastPart = Extract<ChatStreamPart, { type: 'finish' | 'error' | 'aborted' }>;

/** Where a chat reply goes, part by part (the route writes them to the HTTP response). */
export type ChatReplyWriter = ReplyWriter<StartPart, LastPart>;

export interface ChatStreamContext extends Omit<CallContext, 'signal'> {
  writer: ChatReplyWriter;
}

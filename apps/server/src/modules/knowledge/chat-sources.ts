import type { FastifyBaseLogger } from 'fastify';
import type { KnowledgeCitation } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import type { Embedder } from './embeddings.ts';
import { searchPassages } from './search.ts';

/** Passages a chat request is given at most: enough facts for a reply, a prompt that stays small. */
export const CHAT_KNOWLEDGE_PASSAGES = 5;

/**
 * The knowledge a chat request is answered from: the workspace's best passages for its message,
 * numbered [1], [2]… as the reply cites them. None when the request turned knowledge off, and none
 * (an empty list, never a failure of the reply) when searching fails.
 */
export async function chatKnowledge(
  db: Db,
  input: { workspaceId: string; message: string; useKnowledge: boolean },
  context: { embedder: Embedder | null; log: FastifyBaseLogger; signal?: AbortSignal },
): Promise<KnowledgeCitation[]> {
  if (!input.useKnowledge) return [];
  try {
    const passages = await searchPassages(
      db,
      input.workspaceId,
      input.message,
      CHAT_KNOWLEDGE_PASSAGES,
      context,
    );
    return passages.map((passage, i) => ({
      n: i + 1,
      knowledgeId: passage.knowledgeId,
      name: passage.name,
      locator: passage.locator,
      excerpt: passage.text,
    }));
  } catch (error) {
    context.log.warn({ err: error }, 'could not search the knowledge for a chat request');
    return [];
  }
}

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { KnowledgeLocator, KnowledgePassage } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { knowledgePassages, knowledgeSources } from '../../db/schema.ts';
import { cosine, type Embedder } from './embeddings.ts';
import { searchTerms } from './question.ts';

/** Full-text matches the embeddings rank again: the candidate set of the vector ranking. */
const CANDIDATES = 100;
/** Reciprocal rank fusion's constant: a passage's share from a ranking is 1 / (RRF_K + its rank). */
const RRF_K = 60;

/**
 * The question's terms (question.ts) as a text-search query in both configurations, joined by OR: a passage
 * matches on any stem the question shares with it (in Spanish or in English), and ranks higher the
 * more it shares. plainto_tsquery drops stop words and punctuation, so the text cannot inject
 * operators; replacing its ANDs with ORs keeps phrase operators of hyphenated words intact.
 */
const questionQuery = (question: string) => {
  const terms = searchTerms(question);
  return sql`(replace(plainto_tsquery('spanish', ${terms})::text, '&', '|')::tsquery || replace(plainto_tsquery('english', ${terms})::text, '&', '|')::tsquery)`;
};

interface Candidate extends KnowledgePassage {
  embedding: number[] | null;
}

/**
 * The workspace's passages that best answer `question`, best first. Ranked by PostgreSQL's full-text
 * search; with an embedder, the full-text candidates are ranked again by cosine similarity to the
 * question's embedding and both rankings are fused (reciprocal rank fusion). An embedding that fails
 * leaves the full-text ranking alone. Only ready sources of this workspace are searched.
 */
export async function searchPassages(
  db: Db,
  workspaceId: string,
  question: string,
  limit: number,
  options: { embedder: Embedder | null; log: FastifyBaseLogger; signal?: AbortSignal },
): Promise<KnowledgePassage[]> {
  const query = questionQuery(question);
  const rank = sql<number>`ts_rank(${knowledgePassages.search}, ${query}, 1)`;
  const { embedder } = options;
  const rows = await db
    .select({
      knowledgeId: knowledgePassages.knowledgeId,
      name: knowledgeSources.name,
      locator: knowledgePassages.locator,
      text: knowledgePassages.text,
      score: rank.mapWith(Number),
      embedding: embedder
        ? sql<
            number[] | null
          >`case when ${knowledgeSources.embeddingModel} = ${embedder.model} then ${knowledgePassages.embedding} end`
        : sql<null>`null`,
    })
    .from(knowledgePassages)
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.knowledgeId))
    .where(
      and(
        eq(knowledgePassages.workspaceId, workspaceId),
        eq(knowledgeSources.status, 'ready'),
        sql`${knowledgePassages.search} @@ ${query}`,
      ),
    )
    .orderBy(sql`${rank} desc`, knowledgePassages.id)
    .limit(embedder ? Math.max(CANDIDATES, limit) : limit);
  const candidates = rows.map((row) => ({ ...row, locator: row.locator as KnowledgeLocator }));
  const ranked = embedder ? await fused(candidates, question, embedder, options) : candidates;
  return ranked.slice(0, limit).map(({ embedding: _embedding, ...passage }) => passage);
}

async function fused(
  candidates: Candidate[],
  question: string,
  embedder: Embedder,
  options: { log: FastifyBaseLogger; signal?: AbortSignal },
): Promise<Candidate[]> {
  if (!candidates.some((candidate) => candidate.embedding)) return candidates;
  let vector: number[];
  try {
    [vector] = (await embedder.embed([question], options.signal)) as [number[]];
  } catch (error) {
    options.log.warn({ err: error }, 'could not embed a knowledge question; full-text ranking alone');
    return candidates;
  }
  const byVector = candidates
    .map((candidate, textRank) => ({
      candidate,
      textRank,
      similarity: candidate.embedding ? cosine(vector, candidate.embedding) : -Infinity,
    }))
    .sort((a, b) => b.similarity - a.similarity);
  const scores = new Map<Candidate, number>();
  byVector.forEach(({ candidate, textRank, similarity }, vectorRank) => {
    const fromVector = similarity === -Infinity ? 0 : 1 / (RRF_K + vectorRank + 1);
    scores.set(candidate, 1 / (RRF_K + textRank + 1) + fromVector);
  });
  return candidates
    .map((candidate) => ({ ...candidate, score: scores.get(candidate)! }))
    .sort((a, b) => b.score - a.score);
}

import { and, desc, eq, sql } from 'drizzle-orm';
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
 * The question's terms (question.ts, placeholder `terms`) as a text-search query in both configurations,
 * joined by OR: a passage matches on any stem the question shares with it (in Spanish or in English),
 * and ranks higher the more it shares. plainto_tsquery drops stop words and punctuation, so the text
 * cannot inject operators; replacing its ANDs with ORs keeps phrase operators of hyphenated words intact.
 */
const questionQuery = sql`(replace(plainto_tsquery('spanish', ${sql.placeholder('terms')})::text, '&', '|')::tsquery || replace(plainto_tsquery('english', ${sql.placeholder('terms')})::text, '&', '|')::tsquery)`;

/**
 * The best `count` passages of ready sources of workspace `workspaceId` for the question's `terms`, with
 * their embedding when it was made by `model` (null: none). The matching passages are ranked in a
 * subquery of their own, read through the text-search index once: its OFFSET (placeholder `apart`,
 * always 0) keeps PostgreSQL from merging it with the rest, and the ready sources are a list computed
 * once rather than a join. Without statistics on a new table the planner would otherwise test the query
 * on every passage of a source, or rank the matches again for every ready source.
 */
function bestPassagesQuery(db: Db) {
  const matches = db
    .select({
      id: knowledgePassages.id,
      knowledgeId: knowledgePassages.knowledgeId,
      score: sql<number>`ts_rank(${knowledgePassages.search}, ${questionQuery}, 1)`.as('score'),
    })
    .from(knowledgePassages)
    .where(
      and(
        eq(knowledgePassages.workspaceId, sql.placeholder('workspaceId')),
        sql`${knowledgePassages.search} @@ ${questionQuery}`,
      ),
    )
    .offset(sql.placeholder('apart'))
    .as('matches');
  const readySources = db
    .select({ id: knowledgeSources.id })
    .from(knowledgeSources)
    .where(
      and(
        eq(knowledgeSources.workspaceId, sql.placeholder('workspaceId')),
        eq(knowledgeSources.status, 'ready'),
      ),
    );
  const best = db
    .select({ id: matches.id, score: matches.score })
    .from(matches)
    .where(sql`${matches.knowledgeId} = any(array(${readySources}))`)
    .orderBy(desc(matches.score), matches.id)
    .limit(sql.placeholder('count'))
    .as('best');
  return db
    .select({
      knowledgeId: knowledgePassages.knowledgeId,
      name: knowledgeSources.name,
      locator: knowledgePassages.locator,
      text: knowledgePassages.text,
      score: sql<number>`${best.score}`.mapWith(Number),
      embedding: sql<
        number[] | null
      >`case when ${knowledgeSources.embeddingModel} = ${sql.placeholder('model')} then ${knowledgePassages.embedding} end`,
    })
    .from(best)
    .innerJoin(knowledgePassages, eq(knowledgePassages.id, best.id))
    .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.knowledgeId))
    .orderBy(desc(best.score), best.id)
    .prepare('knowledge_best_passages');
}

/** Built once per database handle: drizzle's building is event-loop time on every chat turn otherwise. */
const preparedQueries = new WeakMap<Db, ReturnType<typeof bestPassagesQuery>>();

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
  const { embedder } = options;
  let query = preparedQueries.get(db);
  if (!query) preparedQueries.set(db, (query = bestPassagesQuery(db)));
  const rows = await query.execute({
    workspaceId,
    terms: searchTerms(question),
    model: embedder?.model ?? null,
    count: embedder ? Math.max(CANDIDATES, limit) : limit,
    apart: 0,
  });
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

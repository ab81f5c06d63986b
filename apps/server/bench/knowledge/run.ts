/**
 * `npm run bench:knowledge` (a benchmark, not a test; figures in docs/benchmarks.md): knowledge retrieval
 * quality and speed, in process on a PGlite database in memory (or PostgreSQL with BENCH_DATABASE_URL).
 * 1. The fixture corpus (./corpus.ts: files of every kind, Spanish and English, known facts among filler)
 *    is processed as uploads are: recall@5 and MRR over its questions, and indexing time per MB.
 * 2. Search latency (p50/p99 over --queries questions) at 1,000 and 10,000 passages of one workspace.
 * Targets (../check/targets.ts: knowledgeRecall, knowledgeSearchP99): recall@5 offline, and search p99
 * at 10,000 passages on PGlite; exits non-zero on a miss. A run takes well under a minute, so its
 * brief run (BENCH_BRIEF=1) is the same run.
 */
import pino from 'pino';
import { STORAGE_QUOTA_BYTES } from '@redacta/shared';
import { openDatabase } from '../../src/db/client.ts';
import { knowledgePassages, knowledgeSources, users } from '../../src/db/schema.ts';
import { KnowledgeProcessor } from '../../src/modules/knowledge/processor.ts';
import { searchPassages } from '../../src/modules/knowledge/search.ts';
import { addKnowledgeFile } from '../../src/modules/knowledge/service.ts';
import { createPersonalWorkspace } from '../../src/modules/workspaces/service.ts';
import { loadAverage, numberArg } from '../capacity/instance.ts';
import { recordFigures } from '../check/figures.ts';
import { corpusFiles, facts, filler } from './corpus.ts';

const queries = numberArg('queries', 200);
const log = pino({ level: 'warn' });
const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, dataDir: null });
const { db } = database;

async function newWorkspace(email: string) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email, firstName: 'Bench', lastName: 'Knowledge', locale: 'es' })
      .returning({ id: users.id });
    const workspace = await createPersonalWorkspace(tx, { id: user!.id, email, locale: 'es' });
    return { userId: user!.id, workspaceId: workspace.id };
  });
}

const stamp = Date.now().toString(36);
const processor = new KnowledgeProcessor({
  db,
  storageQuotas: STORAGE_QUOTA_BYTES,
  log,
  embedder: null,
  fetch: { allowLoopback: false, maxBytes: 1, timeoutMs: 1, maxRedirects: 0 },
  concurrency: 2,
});

// 1. Quality and indexing speed.
const team = await newWorkspace(`bench-knowledge-${stamp}@example.com`);
const files = corpusFiles();
const bytes = files.reduce((sum, file) => sum + file.bytes.length, 0);
const indexStart = performance.now();
for (const file of files) {
  await addKnowledgeFile(
    { db, storageQuotas: STORAGE_QUOTA_BYTES, processor },
    { ...team, fileName: file.name, mediaType: file.type, bytes: file.bytes },
  );
}
await processor.whenIdle();
const indexMs = performance.now() - indexStart;
let found = 0;
let reciprocal = 0;
const misses: string[] = [];
for (const fact of facts) {
  const results = await searchPassages(db, team.workspaceId, fact.question, 5, { embedder: null, log });
  const rank = results.findIndex((result) => result.text.includes(fact.key));
  if (rank >= 0) {
    found += 1;
    reciprocal += 1 / (rank + 1);
  } else misses.push(fact.question);
}

// 2. Latency at 1,000 and 10,000 passages.
async function latencyAt(passages: number) {
  const { workspaceId, userId } = await newWorkspace(`bench-knowledge-${passages}-${stamp}@example.com`);
  const [source] = await db
    .insert(knowledgeSources)
    .values({ workspaceId, name: 'corpus', kind: 'file', status: 'ready', addedBy: userId })
    .returning({ id: knowledgeSources.id });
  for (let i = 0; i < passages; i += 500) {
    const rows = Array.from({ length: Math.min(500, passages - i) }, (_, j) => {
      const n = i + j;
      const language = n % 2 ? ('en' as const) : ('es' as const);
      const fact = facts[n % facts.length]!;
      return {
        knowledgeId: source!.id,
        workspaceId,
        position: n,
        text: `${filler(language, n, 180)} ${n % 7 === 0 ? fact.text : ''}`,
        locator: {},
        language,
      };
    });
    await db.insert(knowledgePassages).values(rows);
  }
  const times: number[] = [];
  for (let i = 0; i < queries; i += 1) {
    const question = facts[i % facts.length]!.question;
    const started = performance.now();
    await searchPassages(db, workspaceId, question, 5, { embedder: null, log });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { passages, p50: round(at(0.5)), p99: round(at(0.99)) };
}
const round = (value: number) => Math.round(value * 10) / 10;

const latency = [await latencyAt(1000), await latencyAt(10_000)];
const recall = found / facts.length;
console.log(
  JSON.stringify(
    {
      database: database.kind,
      loadAverage: loadAverage(),
      questions: facts.length,
      recallAt5: round(recall * 100) / 100,
      mrr: Math.round((reciprocal / facts.length) * 1000) / 1000,
      misses,
      corpusBytes: bytes,
      indexingMsPerMB: round(indexMs / (bytes / 1024 / 1024)),
      latencyMs: latency,
    },
    null,
    2,
  ),
);
await processor.stop();
await database.close();
const met = recordFigures([
  {
    target: 'knowledgeRecall',
    value: round(recall * 100) / 100,
    note: `${facts.length} questions over ${files.length} files, full-text search alone, ${database.kind}`,
  },
  {
    target: 'knowledgeSearchP99',
    value: latency[1]!.p99,
    note: `${queries} searches, ${database.kind} in memory (p50 ${latency[1]!.p50} ms)`,
  },
]);
if (!met) process.exitCode = 1;

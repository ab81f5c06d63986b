import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { knowledgePassages, knowledgeSources } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { StorageQuotas } from '../storage/service.ts';
import type { Embedder } from './embeddings.ts';
import { FetchRefused } from '../../lib/outbound/pinned-request.ts';
import { safeFetch, type SafeFetchOptions } from '../../lib/outbound/safe-fetch.ts';
import { sourceType } from './parse/parse.ts';
import { parseInThread, parseThreads, type ParseThreads } from './parse/parse-thread.ts';
import { UnreadableSource } from './parse/sections.ts';
import { toPassages } from './passages.ts';
import {
  claimForProcessing,
  markFailed,
  passagesToEmbed,
  renewLease,
  saveEmbeddings,
  saveProcessed,
  unheld,
} from './store.ts';

/**
 * Processing runs a source has before it fails INTERRUPTED: a source whose processing stopped the
 * server (or was under way when it stopped) is tried again at the next start, but not for ever.
 */
export const KNOWLEDGE_MAX_ATTEMPTS = 3;

/**
 * How long a processor holds a source it works on, renewed every third of it: no other instance takes
 * the source over meanwhile, and every instance looks this often for sources whose processor died
 * (their lease passed) and processes them.
 */
export const KNOWLEDGE_LEASE_MS = 60_000;

export interface ProcessorOptions {
  db: Db;
  /** What each plan's workspace may keep: a source's passages must fit. */
  storageQuotas: StorageQuotas;
  log: FastifyBaseLogger;
  embedder: Embedder | null;
  fetch: SafeFetchOptions;
  /** Sources processed at once. */
  concurrency: number;
  /** KNOWLEDGE_LEASE_MS unless given (tests). */
  leaseMs?: number;
}

type Job = { kind: 'process' | 'reindex'; id: string };

/**
 * The knowledge's background work, off the requests: processing new sources (fetch, parse, split,
 * embed, store) and embedding ready sources again after the embedding model changed. An in-process
 * queue run by `concurrency` workers; every state lives in the database, so a restart finds what was
 * left (`resume`).
 */
export class KnowledgeProcessor {
  private readonly queue: Job[] = [];
  private readonly queued = new Set<string>();
  private running = 0;
  private readonly idle = new Set<() => void>();
  private stopped = false;
  private orphanSweep: NodeJS.Timeout | undefined;
  private readonly leaseMs: number;
  /** One parse thread per source processed at once at most; ended by `stop`. */
  readonly parseThreads: ParseThreads;

  constructor(private readonly options: ProcessorOptions) {
    this.leaseMs = options.leaseMs ?? KNOWLEDGE_LEASE_MS;
    this.parseThreads = parseThreads(options.concurrency, options.log);
  }

  get embedder() {
    return this.options.embedder;
  }

  /** Processes a source that was just added. */
  enqueue(id: string, kind: Job['kind'] = 'process'): void {
    const key = `${kind}:${id}`;
    if (this.stopped || this.queued.has(key)) return;
    this.queued.add(key);
    this.queue.push({ kind, id });
    this.pump();
  }

  /**
   * At start, and then every lease: sources left processing by a processor that stopped (no live
   * lease: those another instance works on are left to it) are processed again, or fail INTERRUPTED
   * once their attempts are used up. At start also: ready sources embedded with another model than
   * the configured one (or with none) are embedded again.
   */
  async resume(): Promise<void> {
    await this.takeOrphans();
    if (!this.stopped && !this.orphanSweep) {
      this.orphanSweep = setInterval(() => {
        this.takeOrphans().catch((error: unknown) => {
          this.options.log.error({ err: error }, 'could not look for knowledge left processing');
        });
      }, this.leaseMs);
      this.orphanSweep.unref();
    }
    const { db, embedder } = this.options;
    if (!embedder) return;
    const stale = await db
      .select({ id: knowledgeSources.id })
      .from(knowledgeSources)
      .where(
        and(
          eq(knowledgeSources.status, 'ready'),
          sql`${knowledgeSources.embeddingModel} is distinct from ${embedder.model}`,
        ),
      );
    for (const { id } of stale) this.enqueue(id, 'reindex');
  }

  private async takeOrphans(): Promise<void> {
    const { db } = this.options;
    await db
      .update(knowledgeSources)
      .set({ status: 'failed', failureReason: 'INTERRUPTED' })
      .where(and(unheld(), sql`${knowledgeSources.attempts} >= ${KNOWLEDGE_MAX_ATTEMPTS}`));
    const left = await db
      .select({ id: knowledgeSources.id })
      .from(knowledgeSources)
      .where(unheld())
      .orderBy(knowledgeSources.createdAt);
    for (const { id } of left) this.enqueue(id);
  }

  /** Resolves once nothing is queued or running (tests and shutdown). */
  whenIdle(): Promise<void> {
    if (this.running === 0 && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.add(resolve));
  }

  /** Takes no new work, waits for the runs under way, then ends the parse threads. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.orphanSweep);
    this.queue.length = 0;
    this.queued.clear();
    await this.whenIdle();
    await this.parseThreads.destroy();
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      const job = this.queue.shift()!;
      this.queued.delete(`${job.kind}:${job.id}`);
      this.running += 1;
      const run = job.kind === 'process' ? this.process(job.id) : this.reindex(job.id);
      void run
        .catch((error: unknown) => {
          this.options.log.error({ err: error, knowledgeId: job.id }, 'knowledge processing failed');
        })
        .finally(() => {
          this.running -= 1;
          this.pump();
          if (this.running === 0 && this.queue.length === 0) {
            for (const resolve of this.idle) resolve();
            this.idle.clear();
          }
        });
    }
  }

  private async process(id: string): Promise<void> {
    const { db, log } = this.options;
    const source = await claimForProcessing(db, id, this.leaseMs);
    if (!source) return;
    if (source.attempts > KNOWLEDGE_MAX_ATTEMPTS) return markFailed(db, id, 'INTERRUPTED');
    const renewal = setInterval(() => {
      renewLease(db, id, this.leaseMs).catch((error: unknown) => {
        log.warn({ err: error, knowledgeId: id }, 'could not renew a knowledge source’s lease');
      });
    }, this.leaseMs / 3);
    try {
      const { bytes, name, mediaType } = source.file
        ? { bytes: source.file, name: source.name, mediaType: source.mediaType ?? undefined }
        : await this.fetchPage(source.url ?? '', source.name);
      const type = sourceType(bytes, name, mediaType);
      if (!type) throw new UnreadableSource('UNSUPPORTED_TYPE');
      const parsed = await parseInThread(this.parseThreads, bytes, type, log);
      const passages = toPassages(parsed.sections);
      const embeddings = await this.embed(passages.map((passage) => passage.text));
      const title = source.kind === 'url' && parsed.title ? parsed.title.slice(0, 200) : source.name;
      await saveProcessed(db, this.options.storageQuotas, { ...source, name: title }, passages, embeddings);
    } catch (error) {
      if (error instanceof UnreadableSource || error instanceof FetchRefused) {
        return markFailed(db, id, error.reason);
      }
      if (error instanceof AppError && error.code === 'STORAGE_FULL')
        return markFailed(db, id, 'STORAGE_FULL');
      log.error({ err: error, knowledgeId: id }, 'could not process a knowledge source');
      return markFailed(db, id, 'UNREADABLE');
    } finally {
      clearInterval(renewal);
    }
  }

  private async fetchPage(url: string, name: string) {
    const page = await safeFetch(url, this.options.fetch);
    const path = new URL(page.url).pathname;
    // A page served without a type of its own is read by its address's extension, else as HTML.
    const byName = /\.[a-z0-9]+$/i.test(path) ? path : `${name}.html`;
    return { bytes: new Uint8Array(page.body), name: byName, mediaType: page.mediaType || 'text/html' };
  }

  /** The passages' embeddings, or null without an embedder or when the provider fails (re-indexed later). */
  private async embed(texts: string[]) {
    const { embedder, log } = this.options;
    if (!embedder || texts.length === 0) return null;
    try {
      return { model: embedder.model, vectors: await embedder.embed(texts) };
    } catch (error) {
      log.warn({ err: error }, 'could not embed knowledge passages; full-text search serves them');
      return null;
    }
  }

  private async reindex(id: string): Promise<void> {
    const { db, embedder } = this.options;
    if (!embedder) return;
    const passages = await passagesToEmbed(db, id);
    const vectors = passages.length ? await embedder.embed(passages.map((passage) => passage.text)) : [];
    await saveEmbeddings(
      db,
      id,
      embedder.model,
      passages.map((passage, i) => ({ id: passage.id, embedding: vectors[i]! })),
    );
  }
}

/** Whether some ready source of the workspace still waits for embeddings of the configured model. */
export async function isReindexing(db: Db, workspaceId: string, embedder: Embedder | null): Promise<boolean> {
  if (!embedder) return false;
  const [row] = await db
    .select({ one: sql`1` })
    .from(knowledgeSources)
    .where(
      and(
        eq(knowledgeSources.workspaceId, workspaceId),
        eq(knowledgeSources.status, 'ready'),
        sql`${knowledgeSources.embeddingModel} is distinct from ${embedder.model}`,
        sql`exists (select 1 from ${knowledgePassages} where ${knowledgePassages.knowledgeId} = ${knowledgeSources.id})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { KnowledgeCreated, KnowledgeListResponse, KnowledgePassage } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { knowledgeSources } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireCreatorOrOwner } from '../members/rules.ts';
import { requireWithinQuotaAfterWrite, type StorageQuotas } from '../storage/service.ts';
import { requireMembership } from '../workspaces/service.ts';
import { isWebAddress } from '../../lib/outbound/pinned-request.ts';
import { sourceType } from './parse/parse.ts';
import { storableText } from './parse/sections.ts';
import { isReindexing, type KnowledgeProcessor } from './processor.ts';
import { searchPassages } from './search.ts';
import { lockWorkspace, selectSources } from './store.ts';

/** Longest name kept for a source (a file's name, a page's address or title). */
export const KNOWLEDGE_NAME_MAX_LENGTH = 200;

export interface KnowledgeDeps {
  db: Db;
  storageQuotas: StorageQuotas;
  processor: KnowledgeProcessor;
}

/** A name as it can be stored and shown: no control characters, at most KNOWLEDGE_NAME_MAX_LENGTH. */
function sourceName(name: string): string {
  const clean = storableText(name).replace(/\s+/g, ' ').trim();
  return (clean || 'document').slice(0, KNOWLEDGE_NAME_MAX_LENGTH);
}

/**
 * Adds a file to the workspace's knowledge for any member (404 for anyone else): stored with the
 * source under the workspace's lock, where the storage quota is checked (413 STORAGE_FULL), then
 * processed in the background. A type that is not PDF, DOCX, TXT, Markdown or HTML is refused at once
 * (415 KNOWLEDGE_FILE_UNSUPPORTED).
 */
export async function addKnowledgeFile(
  deps: KnowledgeDeps,
  input: { workspaceId: string; userId: string; fileName: string; mediaType: string; bytes: Buffer },
): Promise<KnowledgeCreated> {
  await requireMembership(deps.db, input.workspaceId, input.userId);
  const name = sourceName(input.fileName);
  if (!sourceType(input.bytes, name, input.mediaType)) {
    throw new AppError(
      'KNOWLEDGE_FILE_UNSUPPORTED',
      'Knowledge takes PDF, DOCX, TXT, Markdown or HTML files',
    );
  }
  return addSource(deps, input.workspaceId, input.bytes.length, {
    name,
    kind: 'file',
    mediaType: input.mediaType,
    file: input.bytes,
    addedBy: input.userId,
  });
}

/** Adds a web page by its address (http or https only, else 400), fetched in the background. */
export async function addKnowledgeUrl(
  deps: KnowledgeDeps,
  input: { workspaceId: string; userId: string; url: string },
): Promise<KnowledgeCreated> {
  await requireMembership(deps.db, input.workspaceId, input.userId);
  if (!isWebAddress(input.url)) {
    throw new AppError('VALIDATION_FAILED', 'The address must start with http:// or https://', 400, [
      { path: 'url', message: 'Must be an http or https address' },
    ]);
  }
  const url = new URL(input.url).toString();
  return addSource(deps, input.workspaceId, 0, {
    name: sourceName(url),
    kind: 'url',
    url,
    addedBy: input.userId,
  });
}

async function addSource(
  deps: KnowledgeDeps,
  workspaceId: string,
  bytes: number,
  values: Omit<typeof knowledgeSources.$inferInsert, 'workspaceId'>,
): Promise<KnowledgeCreated> {
  const created = await deps.db.transaction(async (tx) => {
    if (!(await lockWorkspace(tx, workspaceId))) throw notFound('Workspace');
    const [row] = await tx
      .insert(knowledgeSources)
      .values({ ...values, workspaceId })
      .returning({ id: knowledgeSources.id, name: knowledgeSources.name, status: knowledgeSources.status });
    await requireWithinQuotaAfterWrite(
      tx,
      deps.storageQuotas,
      workspaceId,
      bytes + Buffer.byteLength(values.name, 'utf8'),
    );
    return row!;
  });
  deps.processor.enqueue(created.id);
  return created;
}

/** The workspace's sources, newest first, for any member (404 for anyone else). */
export async function listKnowledge(
  deps: KnowledgeDeps,
  workspaceId: string,
  userId: string,
): Promise<KnowledgeListResponse> {
  await requireMembership(deps.db, workspaceId, userId);
  const [sources, reindexing] = await Promise.all([
    selectSources(deps.db, workspaceId),
    isReindexing(deps.db, workspaceId, deps.processor.embedder),
  ]);
  return { sources, reindexing };
}

/**
 * Deletes a source with its passages and their embeddings (the foreign key cascades): for whoever
 * added it and the workspace owner (403 for other members, 404 for anyone outside the workspace).
 */
export async function deleteKnowledge(deps: KnowledgeDeps, id: string, userId: string): Promise<void> {
  const [source] = await deps.db
    .select({ workspaceId: knowledgeSources.workspaceId, addedBy: knowledgeSources.addedBy })
    .from(knowledgeSources)
    .where(eq(knowledgeSources.id, id));
  if (!source) throw notFound('Knowledge source');
  const role = await requireMembership(deps.db, source.workspaceId, userId, 'Knowledge source');
  requireCreatorOrOwner({ role, createdBy: source.addedBy, userId }, 'knowledge source');
  await deps.db.delete(knowledgeSources).where(eq(knowledgeSources.id, id));
}

/** `GET /workspace/{id}/knowledge/search`: the best passages for a question, for any member. */
export async function searchKnowledge(
  deps: KnowledgeDeps,
  input: { workspaceId: string; userId: string; q: string; limit: number },
  context: { log: FastifyBaseLogger; signal?: AbortSignal },
): Promise<{ results: KnowledgePassage[] }> {
  await requireMembership(deps.db, input.workspaceId, input.userId);
  const results = await searchPassages(deps.db, input.workspaceId, input.q, input.limit, {
    embedder: deps.processor.embedder,
    ...context,
  });
  return { results };
}

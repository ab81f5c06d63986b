import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type {
  ConversationEntry,
  KnowledgeCitation,
  ConversationPage,
  ConversationPageQuery,
  ReplyVersion,
} from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { apiKeys, conversationEntries, reactions, users } from '../../db/schema.ts';
import { displayName } from '../invitations/service.ts';
import { requireProjectAccess } from '../projects/access.ts';
import { decodeCursor, encodeCursor, isTimestampText } from '../../lib/cursor.ts';
import { keptTemplateSchema, shownTemplate } from './template-run.ts';

/**
 * A page starts at an exchange's first entry: a request (a user entry), or a reply that answers no
 * request. Its cursor is that entry's `created_at` as Postgres printed it (microseconds kept) and its
 * id, so entries with equal timestamps keep one order and the pages neither repeat nor skip them.
 */
const cursorSchema = z.tuple([z.string().min(1).max(1000).refine(isTimestampText), z.uuid()]);

function entryColumns(userId: string) {
  return {
    select: {
      id: conversationEntries.id,
      role: conversationEntries.role,
      content: conversationEntries.content,
      status: conversationEntries.status,
      model: conversationEntries.model,
      demo: conversationEntries.demo,
      sources: conversationEntries.sources,
      ignoredFindings: conversationEntries.ignoredFindings,
      wordsCharged: conversationEntries.wordsCharged,
      createdAt: conversationEntries.createdAt,
      reaction: reactions.value,
      promptId: conversationEntries.promptId,
      liveSearch: conversationEntries.liveSearch,
      templateRun: conversationEntries.templateRun,
      requestId: conversationEntries.requestId,
      shown: conversationEntries.shown,
      authorId: users.id,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
      authorEmail: users.email,
      authorApiKeyId: apiKeys.id,
      authorApiKeyName: apiKeys.name,
    },
    reactionJoin: and(eq(reactions.entryId, conversationEntries.id), eq(reactions.userId, userId))!,
  };
}

interface Row {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  status: ConversationEntry['status'];
  model: string | null;
  demo: boolean;
  sources: unknown;
  ignoredFindings: string[];
  wordsCharged: number;
  createdAt: Date;
  reaction: 'up' | 'down' | null;
  promptId: string | null;
  liveSearch: boolean;
  templateRun: unknown;
  requestId: string | null;
  shown: boolean;
  authorId: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
  authorEmail: string | null;
  authorApiKeyId: string | null;
  authorApiKeyName: string | null;
}

const version = (row: Row): ReplyVersion => ({
  id: row.id,
  content: row.content,
  status: row.status,
  model: row.model,
  demo: row.demo,
  wordsCharged: row.wordsCharged,
  createdAt: row.createdAt.toISOString(),
  reaction: row.reaction ?? null,
  ...(Array.isArray(row.sources) && row.sources.length > 0
    ? { sources: row.sources as KnowledgeCitation[] }
    : {}),
  ...(row.ignoredFindings.length > 0 ? { ignoredFindings: row.ignoredFindings } : {}),
});

const author = (row: Row): ConversationEntry['author'] =>
  row.role === 'user' && row.authorId && row.authorEmail
    ? {
        id: row.authorId,
        name: displayName({
          firstName: row.authorFirstName,
          lastName: row.authorLastName,
          email: row.authorEmail,
        }),
        ...(row.authorApiKeyId && row.authorApiKeyName
          ? { apiKey: { id: row.authorApiKeyId, name: row.authorApiKeyName } }
          : {}),
      }
    : null;

const entry = (row: Row, versions: Row[] = []): ConversationEntry => ({
  ...version(row),
  role: row.role,
  author: author(row),
  // Every request is saved with its sender; none left means they deleted their account.
  ...(row.role === 'user' && !row.authorId ? { formerMember: true } : {}),
  promptId: row.promptId,
  liveSearch: row.liveSearch,
  ...(row.templateRun ? { template: shownTemplate(keptTemplateSchema.parse(row.templateRun)) } : {}),
  versions: versions.length > 1 ? versions.map(version) : [],
});

/**
 * One page of what the conversation shows (ConversationPage): the newest exchanges before `before`
 * that fit in `limit` entries, oldest first — each request, then the shown version of its reply with
 * every version of it when there are several. The exchanges are found newest first on the index
 * `(project_id, created_at)`; their replies then by `request_id`, so a reply always sits right after
 * its request, whenever it was written.
 */
export async function conversationPage(
  db: Db,
  input: { projectId: string; userId: string; query: ConversationPageQuery },
): Promise<ConversationPage> {
  const { projectId, userId, query } = input;
  await requireProjectAccess(db, projectId, userId);
  const { select, reactionJoin } = entryColumns(userId);

  const conditions: SQL[] = [
    eq(conversationEntries.projectId, projectId),
    isNull(conversationEntries.requestId),
  ];
  if (query.before) {
    const [key, id] = decodeCursor(query.before, cursorSchema);
    conditions.push(
      sql`(${conversationEntries.createdAt}, ${conversationEntries.id}) < (${key}::timestamptz, ${id}::uuid)`,
    );
  }
  // `limit + 1` exchanges always hold more than `limit` entries when there are that many: enough to
  // fill the page and to know whether an older one exists.
  const starts = await db
    .select({ ...select, key: sql<string>`(${conversationEntries.createdAt})::text` })
    .from(conversationEntries)
    .leftJoin(reactions, reactionJoin)
    .leftJoin(users, eq(users.id, conversationEntries.createdBy))
    .leftJoin(apiKeys, eq(apiKeys.id, conversationEntries.createdByApiKey))
    .where(and(...conditions))
    .orderBy(desc(conversationEntries.createdAt), desc(conversationEntries.id))
    .limit(query.limit + 1);

  const requestIds = starts.filter((row) => row.role === 'user').map((row) => row.id);
  const replies =
    requestIds.length === 0
      ? []
      : await db
          .select(select)
          .from(conversationEntries)
          .leftJoin(reactions, reactionJoin)
          .leftJoin(users, eq(users.id, conversationEntries.createdBy))
          .leftJoin(apiKeys, eq(apiKeys.id, conversationEntries.createdByApiKey))
          .where(inArray(conversationEntries.requestId, requestIds))
          .orderBy(asc(conversationEntries.createdAt), asc(conversationEntries.id));
  const repliesTo = new Map<string, Row[]>();
  for (const reply of replies) {
    const list = repliesTo.get(reply.requestId!);
    if (list) list.push(reply);
    else repliesTo.set(reply.requestId!, [reply]);
  }

  // Newest exchange first, as many whole exchanges as fit (always at least one).
  const exchanges: ConversationEntry[][] = [];
  let count = 0;
  for (const start of starts) {
    const versions = repliesTo.get(start.id) ?? [];
    const exchange = [entry(start)];
    if (versions.length > 0) {
      exchange.push(entry(versions.findLast((reply) => reply.shown) ?? versions.at(-1)!, versions));
    }
    if (exchanges.length > 0 && count + exchange.length > query.limit) break;
    exchanges.push(exchange);
    count += exchange.length;
  }

  const hasMore = exchanges.length < starts.length;
  const oldest = starts[exchanges.length - 1];
  return {
    projectId,
    entries: exchanges.reverse().flat(),
    hasMore,
    nextCursor: hasMore && oldest ? encodeCursor([oldest.key, oldest.id]) : null,
  };
}

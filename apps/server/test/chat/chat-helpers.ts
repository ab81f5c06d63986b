import { and, eq } from 'drizzle-orm';
import { readChatStream, type ChatStreamPart } from '@redacta/shared';
import type { App } from '../../src/app.ts';
import { conversationEntries, projects, usageCounters } from '../../src/db/schema.ts';

export async function createProject(app: App, workspaceId: string, userId: string, isShared = false) {
  const [project] = await app.db
    .insert(projects)
    .values({ workspaceId, createdBy: userId, name: 'Proyecto', isShared })
    .returning({ id: projects.id });
  return project!.id;
}

export interface ReceivedPart {
  part: ChatStreamPart;
  at: number;
}

/** Reads a chat stream with the shared reader, noting when each part arrived; `onPart` may stop early. */
export async function readParts(
  res: Response,
  onPart?: (part: ChatStreamPart, parts: ReceivedPart[]) => boolean | void,
): Promise<ReceivedPart[]> {
  const parts: ReceivedPart[] = [];
  try {
    for await (const part of readChatStream(res.body!)) {
      parts.push({ part, at: Date.now() });
      if (onPart?.(part, parts) === true) return parts;
    }
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  }
  return parts;
}

/**
 * The sender's Stop: `POST /project/{id}/conversation/stop`. Closing the chat stream alone does not
 * stop a reply (a reload follows it through the live conversation).
 */
export async function stopReplies(base: string, user: { auth: Record<string, string> }, projectId: string) {
  const res = await fetch(`${base}/api/project/${projectId}/conversation/stop`, {
    method: 'POST',
    headers: { ...user.auth, 'content-type': 'application/json' },
    body: '{}',
  });
  if (res.status !== 204) throw new Error(`stop answered ${res.status}`);
}

/**
 * Reads a chat stream until `texts` text parts have arrived, then stops the reply as the Stop button
 * does (`stop`, then the request aborted) and notes when.
 */
export async function readPartsThenStop(
  res: Response,
  stop: () => Promise<void>,
  controller: AbortController,
  texts: number,
) {
  let stoppedAt = 0;
  const parts = await readParts(
    res,
    (_part, all) => all.filter((p) => p.part.type === 'text').length === texts,
  );
  stoppedAt = Date.now();
  await stop();
  controller.abort();
  return { parts, stoppedAt };
}

export function textOf(parts: ReceivedPart[]): string {
  return parts.map(({ part }) => (part.type === 'text' ? part.text : '')).join('');
}

export async function entries(app: App, projectId: string) {
  return app.db
    .select()
    .from(conversationEntries)
    .where(eq(conversationEntries.projectId, projectId))
    .orderBy(conversationEntries.createdAt, conversationEntries.id);
}

export async function wordCount(
  app: App,
  workspaceId: string,
  period = new Date().toISOString().slice(0, 7),
) {
  const [row] = await app.db
    .select({ wordCount: usageCounters.wordCount })
    .from(usageCounters)
    .where(and(eq(usageCounters.workspaceId, workspaceId), eq(usageCounters.period, period)));
  return row?.wordCount ?? 0;
}

/** Polls until `check` returns a value (the server saves a reply just after the stream ends). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (true) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

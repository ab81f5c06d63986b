import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { documentPendingEdits, projects, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { LiveDocument, StoredDocumentEvent } from './live-document.ts';
import type { StorageQuotas } from '../storage/service.ts';
import { takeVersion } from './take-version.ts';
import type { WebhookEvents } from '../webhooks/events.ts';

export interface AutoVersionOptions {
  db: Db;
  storageQuotas: StorageQuotas;
  live: LiveDocument;
  log: FastifyBaseLogger;
  /** A version is taken once the oldest edit not in a version is this old. */
  intervalMs: number;
  webhookEvents: WebhookEvents;
}

/**
 * Automatic versions. Each store of a live document records its editors as edits not in a version yet
 * (in the database, so every instance and a restart see them); once the oldest of them is `intervalMs`
 * old, the next store, or a timer set for that moment (for a document whose editing stopped before),
 * takes a version. A workspace out of storage gets no automatic version until it has room again.
 */
export function startAutoVersions(options: AutoVersionOptions) {
  const { db, storageQuotas, live, log, intervalMs, webhookEvents } = options;
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  async function takeIfDue(projectId: string) {
    const [project] = await db
      .select({ workspaceId: projects.workspaceId })
      .from(projects)
      .where(eq(projects.id, projectId));
    if (!project) return;
    try {
      await takeVersion(
        db,
        storageQuotas,
        live,
        {
          projectId,
          workspaceId: project.workspaceId,
          kind: 'auto',
          dueAfterMs: intervalMs,
        },
        webhookEvents,
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'STORAGE_FULL') return;
      throw error;
    }
  }

  /** A timer's check: edits left (not due yet, or no room) are looked at again later. */
  async function check(projectId: string) {
    await takeIfDue(projectId);
    const [left] = await db
      .select({ one: sql`1` })
      .from(documentPendingEdits)
      .where(eq(documentPendingEdits.projectId, projectId))
      .limit(1);
    if (left) scheduleCheck(projectId);
  }

  function scheduleCheck(projectId: string) {
    if (stopped || timers.has(projectId)) return;
    const timer = setTimeout(() => {
      timers.delete(projectId);
      void check(projectId).catch((error: unknown) =>
        log.error({ err: error, projectId }, 'could not take an automatic document version'),
      );
    }, intervalMs);
    timer.unref();
    timers.set(projectId, timer);
  }

  async function onStored({ projectId, editorIds }: StoredDocumentEvent) {
    if (editorIds.length) {
      // Editors whose account is gone since are left out; their edits are in the document all the same.
      await db
        .insert(documentPendingEdits)
        .select(
          db
            .select({
              projectId: sql`${projectId}::uuid`.as('project_id'),
              userId: users.id,
              since: sql`now()`.as('since'),
            })
            .from(users)
            .where(
              and(
                inArray(users.id, editorIds),
                // A project deleted since has nothing left to version.
                exists(
                  db
                    .select({ one: sql`1` })
                    .from(projects)
                    .where(eq(projects.id, projectId)),
                ),
              ),
            ),
        )
        .onConflictDoNothing();
    }
    await takeIfDue(projectId);
    scheduleCheck(projectId);
  }

  /** Each document's edits are recorded in the order of its stores; a version waits for them. */
  const recording = new Map<string, Promise<void>>();
  const listener = (event: StoredDocumentEvent) => {
    const { projectId } = event;
    const next = (recording.get(projectId) ?? Promise.resolve())
      .then(() => onStored(event))
      .catch((error: unknown) =>
        log.error({ err: error, projectId }, 'could not record edits for document versions'),
      );
    recording.set(projectId, next);
    void next.finally(() => {
      if (recording.get(projectId) === next) recording.delete(projectId);
    });
  };
  live.events.on('stored', listener);

  return {
    /**
     * Before a version someone asked for: the document's changes not stored yet here are stored, and
     * every edit stored so far is recorded, so the version credits whoever made what it holds.
     */
    async creditEditors(projectId: string) {
      await live.flush(projectId);
      await recording.get(projectId);
    },

    stop() {
      stopped = true;
      live.events.off('stored', listener);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

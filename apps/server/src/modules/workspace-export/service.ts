import { Readable } from 'node:stream';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { resolveLocale, WORKSPACE_EXPORT_KEPT_DAYS, type WorkspaceExport } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { asHex, fromHex, toBytea } from '../../db/bytea-hex.ts';
import { users, workspaceExportChunks, workspaceExports, workspaces } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireMembership } from '../workspaces/service.ts';
import { recordAudit, recordAuditInEach } from '../audit/index.ts';
import { entryName, streamWorkspaceZip } from './build-zip.ts';
import { exportDownloadLink, exportReadyMail } from './mail.ts';
import type { ExportQueue } from './queue.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type ExportRow = typeof workspaceExports.$inferSelect;

const toExport = (
  row: Pick<ExportRow, 'id' | 'status' | 'progress' | 'createdAt' | 'expiresAt'>,
): WorkspaceExport => ({
  id: row.id,
  status: row.status,
  progress: row.progress,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

const exportColumns = {
  id: workspaceExports.id,
  status: workspaceExports.status,
  progress: workspaceExports.progress,
  createdAt: workspaceExports.createdAt,
  expiresAt: workspaceExports.expiresAt,
};

/** Exports are the owner's: a member gets 403 `NOT_WORKSPACE_OWNER`, anyone else 404. */
async function requireOwner(db: Db, workspaceId: string, userId: string) {
  const role = await requireMembership(db, workspaceId, userId);
  if (role !== 'owner') throw new AppError('NOT_WORKSPACE_OWNER', "Only the workspace's owner can export it");
}

/**
 * Starts an export of the whole workspace on the job queue, or answers the one already under way (a
 * second click does not build a second zip).
 */
export async function startWorkspaceExport(
  db: Db,
  queue: ExportQueue,
  input: { workspaceId: string; userId: string },
): Promise<WorkspaceExport> {
  await requireOwner(db, input.workspaceId, input.userId);
  return db.transaction(async (tx) => {
    // The workspace's row locked: two clicks at once make one export.
    await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.id, input.workspaceId))
      .for('update');
    const [running] = await tx
      .select(exportColumns)
      .from(workspaceExports)
      .where(
        and(
          eq(workspaceExports.workspaceId, input.workspaceId),
          inArray(workspaceExports.status, ['queued', 'running']),
        ),
      );
    if (running) return toExport(running);
    const [created] = await tx
      .insert(workspaceExports)
      .values({
        workspaceId: input.workspaceId,
        requestedBy: input.userId,
        expiresAt: new Date(Date.now() + WORKSPACE_EXPORT_KEPT_DAYS * DAY_MS),
      })
      .returning(exportColumns);
    await queue.enqueue(tx, created!.id);
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      action: 'workspace.export_started',
      target: { type: 'workspace_export', id: created!.id },
    });
    return toExport(created!);
  });
}

/** The newest export of the workspace still kept, for its owner. */
export async function latestWorkspaceExport(
  db: Db,
  input: { workspaceId: string; userId: string },
): Promise<{ export: WorkspaceExport | null }> {
  await requireOwner(db, input.workspaceId, input.userId);
  const [row] = await db
    .select(exportColumns)
    .from(workspaceExports)
    .where(
      and(eq(workspaceExports.workspaceId, input.workspaceId), gt(workspaceExports.expiresAt, new Date())),
    )
    .orderBy(desc(workspaceExports.createdAt))
    .limit(1);
  return { export: row ? toExport(row) : null };
}

async function keptExport(db: Db, input: { workspaceId: string; exportId: string; userId: string }) {
  await requireOwner(db, input.workspaceId, input.userId);
  const [row] = await db
    .select()
    .from(workspaceExports)
    .where(
      and(
        eq(workspaceExports.id, input.exportId),
        eq(workspaceExports.workspaceId, input.workspaceId),
        gt(workspaceExports.expiresAt, new Date()),
      ),
    );
  if (!row) throw notFound('Export');
  return row;
}

/** One export's state and progress; an expired one is 404, as its file is gone. */
export async function getWorkspaceExport(
  db: Db,
  input: { workspaceId: string; exportId: string; userId: string },
): Promise<WorkspaceExport> {
  return toExport(await keptExport(db, input));
}

/** The parts of an export's zip in order, each read when the one before has been sent. */
async function* exportParts(db: Db, exportId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq += 1) {
    const [part] = await db
      .select({ data: asHex(workspaceExportChunks.data) })
      .from(workspaceExportChunks)
      .where(and(eq(workspaceExportChunks.exportId, exportId), eq(workspaceExportChunks.seq, seq)));
    if (!part) return;
    yield fromHex(part.data);
  }
}

/**
 * The zip of a finished export as a stream of its stored parts, with its length and name; 409 while
 * it is being built or when it failed.
 */
export async function downloadWorkspaceExport(
  db: Db,
  input: { workspaceId: string; exportId: string; userId: string },
): Promise<{ fileName: string; size: number; body: Readable }> {
  const row = await keptExport(db, input);
  if (row.status !== 'ready' || row.size === null) {
    throw new AppError('CONFLICT', 'This export is not ready to download', 409);
  }
  // Each time the whole workspace leaves it, by whom and from where.
  await recordAuditInEach(db, [input.workspaceId], {
    action: 'workspace.export_downloaded',
    target: { type: 'workspace_export', id: input.exportId, label: row.fileName },
  });
  return {
    fileName: row.fileName!,
    size: row.size,
    body: Readable.from(exportParts(db, input.exportId), { objectMode: false }),
  };
}

/** A run of an export's job whose place a later run of the same export has taken. */
class SupersededRun extends Error {}

/**
 * The job: streams the zip into the export's parts, keeps its size and mails its owner the link to
 * the download. A job delivered again (its instance died, or its heartbeat lapsed) starts over: the
 * run takes the next attempt number and deletes the parts written so far in one transaction, and a
 * part is stored only while its run's number is the export's, so an earlier run still going can
 * neither add to nor finish the new zip. A failure is kept as the export's state (the owner may start
 * another) and logged.
 */
export async function runWorkspaceExport(
  app: FastifyInstance,
  exportId: string,
  stopped: AbortSignal,
): Promise<void> {
  const [row] = await app.db
    .select({
      id: workspaceExports.id,
      status: workspaceExports.status,
      workspaceId: workspaceExports.workspaceId,
      workspaceName: workspaces.name,
      ownerId: workspaces.ownerId,
      email: users.email,
      locale: users.locale,
      expiresAt: workspaceExports.expiresAt,
    })
    .from(workspaceExports)
    .innerJoin(workspaces, eq(workspaces.id, workspaceExports.workspaceId))
    .innerJoin(users, eq(users.id, workspaceExports.requestedBy))
    .where(eq(workspaceExports.id, exportId));
  if (!row || row.status === 'ready' || row.status === 'failed') return;
  const attempt = await app.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(workspaceExports)
      .set({ status: 'running', progress: 0, attempt: sql`${workspaceExports.attempt} + 1` })
      .where(eq(workspaceExports.id, exportId))
      .returning({ attempt: workspaceExports.attempt });
    await tx.delete(workspaceExportChunks).where(eq(workspaceExportChunks.exportId, exportId));
    return claimed?.attempt;
  });
  if (attempt === undefined) return;
  const ours = and(eq(workspaceExports.id, exportId), eq(workspaceExports.attempt, attempt));
  const update = async (values: Partial<ExportRow>) => {
    const changed = await app.db
      .update(workspaceExports)
      .set(values)
      .where(ours)
      .returning({ id: workspaceExports.id });
    if (changed.length === 0) throw new SupersededRun();
  };
  let seq = 0;
  const storePart = async (part: Buffer) => {
    stopped.throwIfAborted();
    // The export's row is share-locked while the part goes in: a new run's claim waits for it, and
    // a part that comes after the claim finds another attempt and is not stored.
    const stored = await app.db
      .insert(workspaceExportChunks)
      .select(
        app.db
          .select({
            exportId: workspaceExports.id,
            seq: sql<number>`${seq}::integer`.as('seq'),
            data: sql<Uint8Array>`${toBytea(part)}`.as('data'),
          })
          .from(workspaceExports)
          .where(ours)
          .for('share'),
      )
      .returning({ seq: workspaceExportChunks.seq });
    if (stored.length === 0) throw new SupersededRun();
    seq += 1;
  };
  try {
    const size = await streamWorkspaceZip(
      app.db,
      { workspaceId: row.workspaceId, ownerId: row.ownerId },
      storePart,
      (progress) => update({ progress }),
    );
    const day = new Date().toISOString().slice(0, 10);
    await update({
      status: 'ready',
      progress: 100,
      size,
      fileName: `${entryName(row.workspaceName, row.workspaceId)}-${day}.zip`,
      finishedAt: new Date(),
    });
  } catch (error) {
    if (error instanceof SupersededRun) {
      app.log.info({ exportId, attempt }, 'a later run of this workspace export took over');
      return;
    }
    // The app stopped mid-export: its job is delivered again, and that run starts the export over.
    if (stopped.aborted) return;
    app.log.error({ err: error, exportId }, 'a workspace export failed');
    await update({ status: 'failed', finishedAt: new Date() }).catch(() => undefined);
    return;
  }
  try {
    await app.mailer.send(
      exportReadyMail({
        to: row.email,
        locale: resolveLocale(row.locale),
        workspace: row.workspaceName,
        link: exportDownloadLink(app.config.APP_URL, row.workspaceId, exportId),
        expiresAt: row.expiresAt,
      }),
    );
  } catch (error) {
    app.log.error({ err: error, exportId }, 'could not mail that a workspace export is ready');
  }
}

import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { WORKSPACE_EXPORT_KEPT_DAYS } from '@redacta/shared';
import { knowledgeSources, workspaceExportChunks, workspaceExports } from '../../src/db/schema.ts';
import { toBytea } from '../../src/db/bytea-hex.ts';
import { EXPORT_PART_BYTES } from '../../src/modules/workspace-export/build-zip.ts';
import { runWorkspaceExport } from '../../src/modules/workspace-export/service.ts';
import { listeningApp, type ListeningApp } from '../helpers/listening-app.ts';
import { insertProject } from '../helpers/project-factories.ts';

/*
 * docs/decisions/0041: the zip is written into 1 MiB parts as it is made and read back a part at a
 * time, so a large workspace never sits whole in an instance's memory; a run started again after a
 * crash leaves one clean zip.
 */

let t: ListeningApp;
afterEach(() => t.close());

const MiB = 1024 * 1024;

/** An export row as the start route makes it, but not queued: the test runs its job itself. */
async function unqueuedExport() {
  const [row] = await t.app.db
    .insert(workspaceExports)
    .values({
      workspaceId: t.ana.workspaceId,
      requestedBy: t.ana.id,
      expiresAt: new Date(Date.now() + WORKSPACE_EXPORT_KEPT_DAYS * 86_400_000),
    })
    .returning({ id: workspaceExports.id });
  return row!.id;
}

async function download(exportId: string) {
  return fetch(`${t.base}/api/workspace/${t.ana.workspaceId}/export/${exportId}/download`, {
    headers: t.ana.auth,
  });
}

describe('a workspace export streams', () => {
  it('writes 24 MiB of knowledge files as 1 MiB parts in order and serves them over a socket with their length', async () => {
    t = await listeningApp();
    const files = 12;
    const fileBytes = 2 * MiB;
    for (let i = 0; i < files; i += 1) {
      // Random bytes, as a PDF's are: the zip stores them as they are, so it is as large as they are.
      await t.app.db.insert(knowledgeSources).values({
        workspaceId: t.ana.workspaceId,
        name: `informe-${i}.pdf`,
        kind: 'file',
        mediaType: 'application/pdf',
        file: toBytea(randomBytes(fileBytes)),
        status: 'ready',
      });
    }
    const exportId = await unqueuedExport();
    await runWorkspaceExport(t.app, exportId, new AbortController().signal);
    const [row] = await t.app.db
      .select({ status: workspaceExports.status, size: workspaceExports.size })
      .from(workspaceExports)
      .where(eq(workspaceExports.id, exportId));
    expect(row!.status).toBe('ready');
    const archive = row!.size!;
    expect(archive).toBeGreaterThan(files * fileBytes);
    const parts = await t.app.db
      .select({ seq: workspaceExportChunks.seq })
      .from(workspaceExportChunks)
      .where(eq(workspaceExportChunks.exportId, exportId))
      .orderBy(asc(workspaceExportChunks.seq));
    expect(parts.map((part) => part.seq)).toEqual([...Array(Math.ceil(archive / EXPORT_PART_BYTES)).keys()]);
    // Read over a socket part by part and counted, not kept.
    const served = await (async () => {
      const res = await download(exportId);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(archive));
      let received = 0;
      const first: Buffer[] = [];
      for await (const chunk of res.body!) {
        if (received < 64) first.push(Buffer.from(chunk));
        received += chunk.byteLength;
      }
      return { received, head: Buffer.concat(first).subarray(0, 4) };
    })();
    expect(served.received).toBe(archive);
    // A zip's local header signature.
    expect(served.head.toString('hex')).toBe('504b0304');
  }, 240_000);

  it('starts over cleanly when its job is delivered again after a crash: one zip, no part twice', async () => {
    t = await listeningApp();
    await insertProject(t.app, t.ana, { name: 'Campaña' });
    await t.app.db.insert(knowledgeSources).values({
      workspaceId: t.ana.workspaceId,
      name: 'datos.bin',
      kind: 'file',
      mediaType: 'application/octet-stream',
      file: toBytea(randomBytes(3 * MiB)),
      status: 'ready',
    });
    const exportId = await unqueuedExport();
    // What a run that died halfway left: the export running, two parts of a zip never finished.
    await t.app.db
      .update(workspaceExports)
      .set({ status: 'running', progress: 40, attempt: 1 })
      .where(eq(workspaceExports.id, exportId));
    await t.app.db.insert(workspaceExportChunks).values([
      { exportId, seq: 0, data: Buffer.from('half a zip') },
      { exportId, seq: 1, data: Buffer.from('of a dead run') },
    ]);

    await runWorkspaceExport(t.app, exportId, new AbortController().signal);

    const res = await download(exportId);
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.includes(Buffer.from('of a dead run'))).toBe(false);
    const zip = await JSZip.loadAsync(body);
    const names = Object.keys(zip.files);
    expect(names.some((name) => name.startsWith('projects/Campaña-'))).toBe(true);
    expect(names.some((name) => name.startsWith('knowledge/datos-') && name.endsWith('.bin'))).toBe(true);
    const [row] = await t.app.db
      .select({ attempt: workspaceExports.attempt, size: workspaceExports.size })
      .from(workspaceExports)
      .where(eq(workspaceExports.id, exportId));
    expect(row).toEqual({ attempt: 2, size: body.length });
  }, 120_000);

  it('a run overtaken by a later one stores no more parts and leaves the export to it', async () => {
    t = await listeningApp();
    for (let i = 0; i < 4; i += 1) {
      await t.app.db.insert(knowledgeSources).values({
        workspaceId: t.ana.workspaceId,
        name: `parte-${i}.bin`,
        kind: 'file',
        mediaType: 'application/octet-stream',
        file: toBytea(randomBytes(2 * MiB)),
        status: 'ready',
      });
    }
    const exportId = await unqueuedExport();
    const running = runWorkspaceExport(t.app, exportId, new AbortController().signal);
    // A later run claims the export as soon as the first part is in (as a retry after a lapsed heartbeat).
    for (let i = 0; i < 600; i += 1) {
      if ((await t.app.db.$count(workspaceExportChunks, eq(workspaceExportChunks.exportId, exportId))) > 0) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await t.app.db.transaction(async (tx) => {
      await tx.update(workspaceExports).set({ attempt: 99 }).where(eq(workspaceExports.id, exportId));
      await tx.delete(workspaceExportChunks).where(eq(workspaceExportChunks.exportId, exportId));
    });
    await running;

    const [row] = await t.app.db
      .select({ status: workspaceExports.status, size: workspaceExports.size })
      .from(workspaceExports)
      .where(eq(workspaceExports.id, exportId));
    // Neither finished nor failed by the overtaken run, and none of its parts after the claim.
    expect(row).toEqual({ status: 'running', size: null });
    expect(await t.app.db.$count(workspaceExportChunks, eq(workspaceExportChunks.exportId, exportId))).toBe(
      0,
    );
  }, 120_000);
});

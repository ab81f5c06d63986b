/**
 * Benchmark data written straight into the database before the server opens it: users, each with a
 * personal workspace put on Pro through the plans service (unlimited words, so the allowance never
 * refuses a stream and every reply is still charged), projects with their (empty) documents, folders
 * and custom prompts.
 */
import { emptyDocumentContent } from '@redacta/shared';
import type { Db } from '../../src/db/client.ts';
import { documents, folders, projects, prompts, users } from '../../src/db/schema.ts';
import { changeWorkspacePlan } from '../../src/modules/plans/service.ts';
import { createPersonalWorkspace } from '../../src/modules/workspaces/service.ts';

export interface SeededUser {
  email: string;
  userId: string;
  workspaceId: string;
  projectIds: string[];
  folderIds: string[];
}

export interface SeedOptions {
  users: number;
  projectsEach: number;
  foldersEach?: number;
  promptsEach?: number;
  /** E-mail prefix, so that several seeds in one database do not clash. */
  prefix?: string;
}

async function inBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>, size = 500) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

export async function seedProWorkspaces(db: Db, options: SeedOptions): Promise<SeededUser[]> {
  const seeded: SeededUser[] = [];
  for (let u = 0; u < options.users; u += 1) {
    const email = `${options.prefix ?? 'bench'}-${u}@example.com`;
    const { userId, workspaceId } = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email, firstName: `Bench ${u}`, lastName: 'Capacity', locale: 'es' })
        .returning({ id: users.id });
      const workspace = await createPersonalWorkspace(tx, { id: user!.id, email, locale: 'es' });
      return { userId: user!.id, workspaceId: workspace.id };
    });
    await changeWorkspacePlan(db, { workspaceId, plan: 'pro_monthly' });

    const folderCount = options.foldersEach ?? 0;
    const folderRows = folderCount
      ? await db
          .insert(folders)
          .values(
            Array.from({ length: folderCount }, (_, i) => ({
              workspaceId,
              createdBy: userId,
              name: `Carpeta ${i + 1}`,
            })),
          )
          .returning({ id: folders.id })
      : [];
    const projectIds: string[] = [];
    await inBatches(
      Array.from({ length: options.projectsEach }, (_, i) => ({
        workspaceId,
        createdBy: userId,
        folderId: folderRows.length && i % 2 === 0 ? folderRows[i % folderRows.length]!.id : null,
        name: `Proyecto ${i + 1} de ${email}`,
      })),
      async (batch) => {
        const rows = await db.insert(projects).values(batch).returning({ id: projects.id });
        // Every project has its document row, as creating one through the API makes it: a project
        // without one answers 404 to a document read until something opens its live document.
        await db
          .insert(documents)
          .values(rows.map((row) => ({ projectId: row.id, content: emptyDocumentContent })));
        projectIds.push(...rows.map((row) => row.id));
      },
    );
    await inBatches(
      Array.from({ length: options.promptsEach ?? 0 }, (_, i) => ({
        workspaceId,
        language: 'es' as const,
        name: `Mi plantilla ${i + 1}`,
        text: `Escribe un texto sobre {{producto}} para {{público}}, versión ${i + 1}, con titular y llamada a la acción.`,
        createdBy: userId,
      })),
      (batch) => db.insert(prompts).values(batch),
    );
    seeded.push({ email, userId, workspaceId, projectIds, folderIds: folderRows.map((row) => row.id) });
  }
  return seeded;
}

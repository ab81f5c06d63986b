import { documents, conversationEntries, folders, projects, reactions } from '../../src/db/schema.ts';
import type { App } from '../../src/app.ts';
import { addMember, createUser, type TestUser } from './factories.ts';

/** A workspace owner and two members of the owner's workspace. */
export async function createTeam(app: App, ownerLocale: 'es' | 'en' = 'es') {
  const owner = await createUser(app, { locale: ownerLocale });
  const member = await createUser(app);
  const other = await createUser(app);
  await addMember(app, owner.workspaceId, member.id);
  await addMember(app, owner.workspaceId, other.id);
  return { owner, member, other, workspaceId: owner.workspaceId };
}

/** A project (with an empty document) straight in the database; timestamps may be forced. */
export async function insertProject(
  app: App,
  creator: TestUser,
  overrides: Partial<{
    workspaceId: string;
    name: string;
    isShared: boolean;
    folderId: string | null;
    createdAt: Date;
    updatedAt: Date;
  }> = {},
) {
  const [project] = await app.db
    .insert(projects)
    .values({
      workspaceId: overrides.workspaceId ?? creator.workspaceId,
      createdBy: creator.id,
      name: overrides.name ?? 'Proyecto',
      isShared: overrides.isShared ?? false,
      folderId: overrides.folderId ?? null,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
      ...(overrides.updatedAt ? { updatedAt: overrides.updatedAt } : {}),
    })
    .returning();
  await app.db
    .insert(documents)
    .values({ projectId: project!.id, content: { type: 'doc', content: [{ type: 'paragraph' }] } });
  return project!;
}

export async function insertFolder(
  app: App,
  creator: TestUser,
  overrides: Partial<{ workspaceId: string; name: string; createdAt: Date }> = {},
) {
  const [folder] = await app.db
    .insert(folders)
    .values({
      workspaceId: overrides.workspaceId ?? creator.workspaceId,
      createdBy: creator.id,
      name: overrides.name ?? 'Carpeta',
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  return folder!;
}

/** A request, a reply and a 👍 on the reply. */
export async function insertConversation(app: App, projectId: string, user: TestUser) {
  const entries = await app.db
    .insert(conversationEntries)
    .values([
      { projectId, role: 'user', content: 'Escribe un eslogan', createdBy: user.id },
      { projectId, role: 'assistant', content: 'Redacta: escribe mejor', createdBy: user.id },
    ])
    .returning();
  await app.db.insert(reactions).values({ entryId: entries[1]!.id, userId: user.id, value: 'up' });
  return entries;
}

export const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

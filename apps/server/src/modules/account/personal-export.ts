import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { PersonalExport } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import {
  brandVoices,
  conversationEntries,
  memberships,
  oauthAccounts,
  projects,
  prompts,
  templates,
  users,
  workspaces,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Everything Redacta keeps that is the person's (docs/product.md, "Your data"): their profile and
 * sign-in providers, their memberships, every conversation they wrote in — their messages and the
 * replies to them, not their teammates' exchanges — and the prompts, brand voices and templates they
 * made. Read in one transaction, so the file is one moment's picture.
 */
export async function personalExport(db: Db, userId: string): Promise<PersonalExport> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    const providers = await tx
      .select({ provider: oauthAccounts.provider })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, userId))
      .orderBy(asc(oauthAccounts.provider));
    const joined = await tx
      .select({
        workspaceId: memberships.workspaceId,
        workspaceName: workspaces.name,
        role: memberships.role,
        joinedAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(memberships.createdAt));

    // Entries saved as the person's, and the replies to their messages (a subquery: a long-time
    // writer's ids would overflow a parameter list).
    const requestIds = tx
      .select({ id: conversationEntries.id })
      .from(conversationEntries)
      .where(and(eq(conversationEntries.createdBy, userId), eq(conversationEntries.role, 'user')));
    const entries = await tx
      .select({
        id: conversationEntries.id,
        projectId: conversationEntries.projectId,
        projectName: projects.name,
        workspaceId: projects.workspaceId,
        role: conversationEntries.role,
        content: conversationEntries.content,
        status: conversationEntries.status,
        requestId: conversationEntries.requestId,
        createdAt: conversationEntries.createdAt,
      })
      .from(conversationEntries)
      .innerJoin(projects, eq(projects.id, conversationEntries.projectId))
      .where(
        or(
          eq(conversationEntries.createdBy, userId),
          and(isNotNull(conversationEntries.requestId), inArray(conversationEntries.requestId, requestIds)),
        ),
      )
      .orderBy(
        asc(conversationEntries.projectId),
        asc(conversationEntries.createdAt),
        // Saved in one statement, a message and its reply share their time: the message comes first.
        asc(sql`${conversationEntries.role} = 'assistant'`),
        asc(conversationEntries.id),
      );

    const conversations = new Map<string, PersonalExport['conversations'][number]>();
    for (const entry of entries) {
      const conversation = conversations.get(entry.projectId) ?? {
        projectId: entry.projectId,
        projectName: entry.projectName,
        workspaceId: entry.workspaceId,
        entries: [],
      };
      conversation.entries.push({
        id: entry.id,
        role: entry.role,
        content: entry.content,
        status: entry.status,
        requestId: entry.requestId,
        createdAt: entry.createdAt.toISOString(),
      });
      conversations.set(entry.projectId, conversation);
    }

    const ownPrompts = await tx
      .select()
      .from(prompts)
      .where(eq(prompts.createdBy, userId))
      .orderBy(asc(prompts.createdAt));
    const voices = await tx
      .select()
      .from(brandVoices)
      .where(eq(brandVoices.addedBy, userId))
      .orderBy(asc(brandVoices.createdAt));
    const ownTemplates = await tx
      .select()
      .from(templates)
      .where(eq(templates.createdBy, userId))
      .orderBy(asc(templates.createdAt));

    return {
      exportedAt: new Date().toISOString(),
      profile: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        picture: user.picture,
        locale: user.locale,
        createdAt: user.createdAt.toISOString(),
        signInProviders: providers.map((row) => row.provider),
      },
      memberships: joined.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() })),
      conversations: [...conversations.values()],
      prompts: ownPrompts.map((prompt) => ({
        id: prompt.id,
        workspaceId: prompt.workspaceId,
        language: prompt.language,
        name: prompt.name,
        text: prompt.text,
        createdAt: prompt.createdAt.toISOString(),
      })),
      brandVoices: voices.map((voice) => ({
        id: voice.id,
        workspaceId: voice.workspaceId,
        name: voice.name,
        voice: voice.voice,
        createdAt: voice.createdAt.toISOString(),
      })),
      templates: ownTemplates.map((template) => ({
        id: template.id,
        workspaceId: template.workspaceId,
        name: template.name,
        description: template.description,
        language: template.language,
        prompt: template.prompt,
        fields: template.fields,
        output: template.output,
        createdAt: template.createdAt.toISOString(),
      })),
    };
  });
}

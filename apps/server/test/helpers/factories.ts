import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { memberships, users, workspaces } from '../../src/db/schema.ts';
import { signAccessToken } from '../../src/lib/access-token.ts';
import { createPersonalWorkspace } from '../../src/modules/workspaces/service.ts';

export interface TestUser {
  id: string;
  email: string;
  workspaceId: string;
  accessToken: string;
  auth: { authorization: string };
}

/** A registered user with a personal workspace and a valid access token, straight in the database. */
export async function createUser(
  app: App,
  overrides: Partial<{ email: string; firstName: string; lastName: string; locale: 'es' | 'en' }> = {},
): Promise<TestUser> {
  const email = overrides.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const locale = overrides.locale ?? 'es';
  const { user, workspace } = await app.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        firstName: overrides.firstName ?? 'Ana',
        lastName: overrides.lastName ?? 'García',
        locale,
      })
      .returning();
    const workspace = await createPersonalWorkspace(tx, { id: user!.id, email, locale });
    return { user: user!, workspace };
  });
  const accessToken = await signAccessToken(app.config.JWT_SECRET, {
    userId: user.id,
    sessionId: randomUUID(),
  });
  return {
    id: user.id,
    email,
    workspaceId: workspace.id,
    accessToken,
    auth: { authorization: `Bearer ${accessToken}` },
  };
}

export async function addMember(
  app: App,
  workspaceId: string,
  userId: string,
  role: 'member' | 'admin' = 'member',
) {
  await app.db.insert(memberships).values({ workspaceId, userId, role });
}

export async function setPlan(
  app: App,
  workspaceId: string,
  plan: 'free' | 'pro_monthly' | 'pro_yearly' | 'enterprise',
) {
  await app.db.update(workspaces).set({ plan }).where(eq(workspaces.id, workspaceId));
}

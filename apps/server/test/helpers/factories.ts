import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/app.ts';
import { memberships, users, workspaces } from '../../src/db/schema.ts';
import { signAccessToken } from '../../src/lib/access-token.ts';
import { createPersonalWorkspaces } from '../../src/modules/workspaces/service.ts';

export interface TestUser {
  id: string;
  email: string;
  workspaceId: string;
  accessToken: string;
  auth: { authorization: string };
}

type UserOverrides = Partial<{ email: string; firstName: string; lastName: string; locale: 'es' | 'en' }>;

/** A registered user with a personal workspace and a valid access token, straight in the database. */
export async function createUser(app: App, overrides: UserOverrides = {}): Promise<TestUser> {
  const [user] = await createUsers(app, [overrides]);
  return user!;
}

/**
 * One registered user per overrides given, as createUser makes them, in one transaction of a few
 * statements (a team's worth of users made one by one costs several round trips each).
 */
export async function createUsers(app: App, overrides: UserOverrides[]): Promise<TestUser[]> {
  const wanted = overrides.map((each) => ({
    email: each.email ?? `user-${randomUUID().slice(0, 8)}@example.com`,
    firstName: each.firstName ?? 'Ana',
    lastName: each.lastName ?? 'García',
    locale: each.locale ?? 'es',
  }));
  const made = await app.db.transaction(async (tx) => {
    const inserted = await tx.insert(users).values(wanted).returning({ id: users.id, email: users.email });
    const ids = new Map(inserted.map((user) => [user.email, user.id]));
    const owners = wanted.map(({ email, locale }) => ({ id: ids.get(email)!, email, locale }));
    const workspaces = await createPersonalWorkspaces(tx, owners);
    return owners.map((owner, i) => ({ id: owner.id, email: owner.email, workspaceId: workspaces[i]!.id }));
  });
  return Promise.all(
    made.map(async (user) => {
      const accessToken = await signAccessToken(app.config.JWT_SECRET, {
        userId: user.id,
        sessionId: randomUUID(),
      });
      return { ...user, accessToken, auth: { authorization: `Bearer ${accessToken}` } };
    }),
  );
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

import { eq } from 'drizzle-orm';
import { isPaidPlan, resolveLocale, type Locale, type Plan } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { users, workspaces } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { ChatModel, Models } from '../../ai/models.ts';
import { memberRole } from '../workspaces/service.ts';

/** A workspace as its AI calls see it: what it pays for, which model it chose, what it writes in. */
export interface AiWorkspace {
  id: string;
  plan: Plan;
  isGpt4TurnedOn: boolean;
  /** The workspace writes in its owner's language (workspaces have no language of their own yet). */
  language: Locale;
}

/**
 * The workspace behind an AI call other than the chat stream (improve, voice analysis, the premium
 * switch), after checking the user belongs to it (404 otherwise); the stream gets it from
 * `openChatTurn`. One query: the membership check and the workspace with its owner's language.
 */
export async function aiWorkspace(db: Db, workspaceId: string, userId: string): Promise<AiWorkspace> {
  const [row] = await db
    .select({
      id: workspaces.id,
      plan: workspaces.plan,
      isGpt4TurnedOn: workspaces.isGpt4TurnedOn,
      locale: users.locale,
    })
    .from(workspaces)
    .crossJoin(memberRole(workspaces.id, userId).from)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId));
  if (!row) throw notFound('Workspace');
  return {
    id: row.id,
    plan: row.plan,
    isGpt4TurnedOn: row.isGpt4TurnedOn,
    language: resolveLocale(row.locale),
  };
}

/** The premium model while the plan is paid and its switch is on; the standard model otherwise. */
export function modelFor(models: Models, workspace: Pick<AiWorkspace, 'plan' | 'isGpt4TurnedOn'>): ChatModel {
  return isPaidPlan(workspace.plan) && workspace.isGpt4TurnedOn ? models.premium : models.standard;
}

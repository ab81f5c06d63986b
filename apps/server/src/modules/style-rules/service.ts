import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  checkStyle,
  resolveLocale,
  styleRuleSchema,
  type PutStyleRulesBody,
  type StyleCheckBody,
  type StyleRule,
  type StyleRulesResponse,
  type StyleViolation,
} from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { users, workspaceStyleRules, workspaces } from '../../db/schema.ts';
import { requireMembership, requireManager } from '../workspaces/service.ts';

/** A workspace's rules as stored (a JSON array), read where they are stored and in `open_chat_turn`. */
export const storedRulesSchema = z.array(styleRuleSchema);

/** The workspace's rules as stored, with no access check: for callers that have made one. */
export async function readStyleRules(db: Db | Tx, workspaceId: string): Promise<StyleRule[]> {
  const [row] = await db
    .select({ rules: workspaceStyleRules.rules })
    .from(workspaceStyleRules)
    .where(eq(workspaceStyleRules.workspaceId, workspaceId));
  return row ? storedRulesSchema.parse(row.rules) : [];
}

/** The rules with when they were saved, and the language of the workspace's replies (its owner's). */
async function readStyleGuide(db: Db | Tx, workspaceId: string): Promise<StyleRulesResponse> {
  const [row] = await db
    .select({
      rules: workspaceStyleRules.rules,
      updatedAt: workspaceStyleRules.updatedAt,
      locale: users.locale,
    })
    .from(workspaces)
    .innerJoin(users, eq(users.id, workspaces.ownerId))
    .leftJoin(workspaceStyleRules, eq(workspaceStyleRules.workspaceId, workspaces.id))
    .where(eq(workspaces.id, workspaceId));
  return {
    rules: row?.rules ? storedRulesSchema.parse(row.rules) : [],
    language: resolveLocale(row?.locale),
    updatedAt: row?.updatedAt?.toISOString() ?? null,
  };
}

/** The rules, for any member of the workspace (anyone else gets 404). */
export async function getStyleRules(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<StyleRulesResponse> {
  await requireMembership(db, workspaceId, userId);
  return readStyleGuide(db, workspaceId);
}

/**
 * Replaces the whole list, for the owner and admins (a member gets 403 NOT_WORKSPACE_OWNER). A rule sent
 * with an id keeps it; one without gets a new id. One upsert: a save is whole or absent.
 */
export async function putStyleRules(
  db: Db,
  workspaceId: string,
  userId: string,
  body: PutStyleRulesBody,
): Promise<StyleRulesResponse> {
  await requireManager(db, workspaceId, userId);
  const rules: StyleRule[] = body.rules.map((rule) => ({ ...rule, id: rule.id ?? randomUUID() }));
  await db
    .insert(workspaceStyleRules)
    .values({ workspaceId, rules, updatedBy: userId })
    .onConflictDoUpdate({
      target: workspaceStyleRules.workspaceId,
      set: { rules, updatedBy: userId, updatedAt: new Date() },
    });
  return readStyleGuide(db, workspaceId);
}

/** Checks a text against the workspace's rules for its language, for any member. */
export async function checkWorkspaceStyle(
  db: Db,
  workspaceId: string,
  userId: string,
  body: StyleCheckBody,
): Promise<{ violations: StyleViolation[] }> {
  await requireMembership(db, workspaceId, userId);
  return { violations: checkStyle(body.text, await readStyleRules(db, workspaceId), body.language) };
}

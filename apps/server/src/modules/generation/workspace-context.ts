import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StyleRule } from '@redacta/shared';
import type { Db, Tx } from '../../db/client.ts';
import { workspaces } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { storedRulesSchema } from '../style-rules/service.ts';

export interface GenerationBrandVoice {
  id: string;
  name: string;
  voice: string;
}

/** What a workspace gives every piece it writes: the brand voice, its style rules, its knowledge. */
export interface WorkspaceContext {
  brandVoice: GenerationBrandVoice | null;
  styleRules: StyleRule[];
  /** The workspace has knowledge ready to search. */
  hasKnowledge: boolean;
}

/** The brand voice a piece is written in: one of the workspace's by id, its default (if any), or none. */
export type BrandVoiceChoice = { id: string } | 'default' | null;

const brandVoiceSchema = z.object({ id: z.string(), name: z.string(), voice: z.string() });

/**
 * The workspace context of a piece written outside a chat turn (a chat turn reads it in
 * `open_chat_turn`), in one query. A voice named by id that is not the workspace's is 404; a
 * workspace without a default voice writes in none. The caller has checked the workspace is the user's.
 */
export async function loadWorkspaceContext(
  db: Db | Tx,
  workspaceId: string,
  brandVoice: BrandVoiceChoice,
): Promise<WorkspaceContext> {
  const voiceFilter =
    brandVoice === null
      ? sql`false`
      : brandVoice === 'default'
        ? sql`v.is_default`
        : sql`v.id = ${brandVoice.id}::uuid`;
  const [row] = await db
    .select({
      brandVoice: sql<unknown>`(
        SELECT json_build_object('id', v.id, 'name', v.name, 'voice', v.voice)
        FROM brand_voices v WHERE v.workspace_id = ${workspaceId} AND ${voiceFilter}
      )`,
      styleRules: sql<unknown>`(
        SELECT r.rules FROM workspace_style_rules r WHERE r.workspace_id = ${workspaceId}
      )`,
      hasKnowledge: sql<boolean>`EXISTS (
        SELECT 1 FROM knowledge_sources k WHERE k.workspace_id = ${workspaceId} AND k.status = 'ready'
      )`,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!row) throw notFound('Workspace');
  const voice = row.brandVoice === null ? null : brandVoiceSchema.parse(row.brandVoice);
  if (!voice && brandVoice !== null && brandVoice !== 'default') throw notFound('Brand voice');
  return {
    brandVoice: voice,
    styleRules: row.styleRules === null ? [] : storedRulesSchema.parse(row.styleRules),
    hasKnowledge: row.hasKnowledge,
  };
}

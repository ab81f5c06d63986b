import { count, eq } from 'drizzle-orm';
import {
  BRAND_VOICES_PER_WORKSPACE,
  CUSTOM_PROMPTS_PER_WORKSPACE,
  FOLDERS_PER_WORKSPACE,
  TEMPLATES_PER_WORKSPACE,
  type ErrorCode,
} from '@redacta/shared';
import type { Tx } from '../../db/client.ts';
import { brandVoices, folders, prompts, templates } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { lockWorkspace } from '../invitations/index.ts';

/** The lists a member grows for the whole workspace, each with its cap and the code answered when full. */
const cappedLists = {
  brandVoices: {
    table: brandVoices,
    cap: BRAND_VOICES_PER_WORKSPACE,
    code: 'BRAND_VOICES_FULL',
    noun: 'brand voices',
  },
  folders: { table: folders, cap: FOLDERS_PER_WORKSPACE, code: 'FOLDERS_FULL', noun: 'folders' },
  // Built-in prompts have no workspace, so counting the workspace's rows counts its custom prompts.
  customPrompts: {
    table: prompts,
    cap: CUSTOM_PROMPTS_PER_WORKSPACE,
    code: 'CUSTOM_PROMPTS_FULL',
    noun: 'custom prompts',
  },
  templates: { table: templates, cap: TEMPLATES_PER_WORKSPACE, code: 'TEMPLATES_FULL', noun: 'templates' },
} satisfies Record<string, { table: unknown; cap: number; code: ErrorCode; noun: string }>;

export type CappedList = keyof typeof cappedLists;

/**
 * Refuses (409 with the list's code) to add one more entry to a workspace list that is full. Call it in
 * the transaction that inserts: the workspace row stays locked until that transaction ends, so
 * simultaneous additions count one after the other and a list one short of its cap takes exactly one.
 */
export async function requireListRoom(tx: Tx, list: CappedList, workspaceId: string): Promise<void> {
  const { table, cap, code, noun } = cappedLists[list];
  await lockWorkspace(tx, workspaceId);
  const [row] = await tx.select({ entries: count() }).from(table).where(eq(table.workspaceId, workspaceId));
  if (Number(row!.entries) >= cap) {
    throw new AppError(code, `This workspace already has ${cap} ${noun}; delete one to add another`, 409);
  }
}

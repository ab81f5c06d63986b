import { sql } from 'drizzle-orm';
import { resolveLocale, usagePeriod, type Plan } from '@redacta/shared';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { wordsLeftSql, type UsageSettings } from '../usage/service.ts';
import type { ChatWorkspace } from './service.ts';

/** Entries of the project's conversation sent to the model with each request. */
export const HISTORY_ENTRIES = 20;

export interface ChatTurn {
  workspace: ChatWorkspace;
  brandVoice: { id: string; name: string; voice: string } | null;
  /** The category of the library prompt the request came from, when it names one. */
  promptCategory: string | null;
  /** The last entries of the conversation before this request, oldest first. */
  history: { role: 'user' | 'assistant'; content: string }[];
  userEntryId: string;
}

interface TurnRow {
  plan: Plan;
  is_gpt4_turned_on: boolean;
  locale: string | null;
  project_found: boolean;
  voice: { id: string; name: string; voice: string } | null;
  prompt_found: boolean;
  prompt_category: string | null;
  user_entry_id: string | null;
  history: ChatTurn['history'] | null;
}

/**
 * Everything a chat request needs before its model call, in one statement: the membership check with
 * the workspace and its owner's language, the project the user can see, the brand voice and library
 * prompt it names (this workspace's, or 404), this month's allowance, the conversation so far, and —
 * only when all of these pass — the user's entry, saved. A chat request's statements before the first
 * token are its latency (issue 3's benchmark): this one replaces six.
 */
export async function openChatTurn(
  db: Db,
  input: {
    workspaceId: string;
    projectId: string;
    userId: string;
    message: string;
    brandVoiceId?: string;
    promptId?: string;
  },
  settings: UsageSettings,
): Promise<ChatTurn> {
  const now = settings.now?.() ?? new Date();
  const voiceId = input.brandVoiceId ?? null;
  const promptId = input.promptId ?? null;
  // Both drivers (PGlite, node-postgres) answer `execute` with `{ rows }`.
  const result = (await db.execute(sql`
    with ws as (
      select w.id, w.plan, w.is_gpt4_turned_on, owner.locale
      from workspaces w
      join memberships m on m.workspace_id = w.id and m.user_id = ${input.userId}
      join users owner on owner.id = w.owner_id
      where w.id = ${input.workspaceId}
    ),
    project as (
      select p.id from projects p, ws
      where p.id = ${input.projectId} and p.workspace_id = ws.id
        and (p.is_shared or p.created_by = ${input.userId})
    ),
    voice as (
      select v.id, v.name, v.voice from brand_voices v, ws
      where v.id = ${voiceId}::uuid and v.workspace_id = ws.id
    ),
    prompt as (
      select lp.category from prompts lp, ws
      where lp.id = ${promptId}::uuid and (lp.workspace_id is null or lp.workspace_id = ws.id)
    ),
    counter as (
      select c.word_count from usage_counters c, ws
      where c.workspace_id = ws.id and c.period = ${usagePeriod(now)}
    ),
    history as (
      select e.role, e.content, e.created_at, e.id from conversation_entries e
      where e.project_id = (select id from project)
      order by e.created_at desc, e.id desc
      limit ${HISTORY_ENTRIES}
    ),
    entry as (
      insert into conversation_entries (project_id, role, content, brand_voice_id, created_by)
      select project.id, 'user', ${input.message}, ${voiceId}::uuid, ${input.userId}
      from project, ws
      where (${voiceId}::uuid is null or exists (select 1 from voice))
        and (${promptId}::uuid is null or exists (select 1 from prompt))
        and ${wordsLeftSql(sql`ws.plan`, sql`coalesce((select word_count from counter), 0)`, settings)}
      returning id
    )
    select ws.plan, ws.is_gpt4_turned_on, ws.locale,
      exists (select 1 from project) as project_found,
      (select row_to_json(bv) from voice bv) as voice,
      exists (select 1 from prompt) as prompt_found,
      (select category from prompt) as prompt_category,
      (select id from entry) as user_entry_id,
      (select json_agg(json_build_object('role', h.role, 'content', h.content) order by h.created_at, h.id)
        from history h) as history
    from ws
  `)) as unknown as { rows: TurnRow[] };
  const row = result.rows[0];
  if (!row) throw notFound('Workspace');
  if (!row.project_found) throw notFound('Project');
  if (voiceId && !row.voice) throw notFound('Brand voice');
  if (promptId && !row.prompt_found) throw notFound('Prompt');
  // Every other condition of the insert passed: only the allowance can have held it back.
  if (!row.user_entry_id) throw new AppError('NO_WORDS_LEFT', 'You have no words remaining this month');
  return {
    workspace: {
      id: input.workspaceId,
      plan: row.plan,
      isGpt4TurnedOn: row.is_gpt4_turned_on,
      language: resolveLocale(row.locale),
    },
    brandVoice: row.voice,
    promptCategory: row.prompt_category,
    history: row.history ?? [],
    userEntryId: row.user_entry_id,
  };
}

ALTER TABLE "conversation_entries" ADD COLUMN "prompt_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_entries" ADD COLUMN "live_search" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_entries" ADD CONSTRAINT "conversation_entries_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint

-- The chat's database work as PL/pgSQL functions (ADR 0006): PL/pgSQL keeps the plans of its statements
-- for the session, and planning these statements on every request cost more than running them (the streaming
-- benchmark, docs/benchmarks.md). Each function is one atomic call.

-- Adds words to a workspace's counter for a month (insert or increment) and returns the new count:
-- concurrent charges never lose or double an update, and a new month starts a new row (no reset job).
CREATE FUNCTION charge_words(p_workspace_id uuid, p_period text, p_words integer) RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  total integer;
BEGIN
  INSERT INTO usage_counters (workspace_id, period, word_count)
  VALUES (p_workspace_id, p_period, p_words)
  ON CONFLICT (workspace_id, period) DO UPDATE SET word_count = usage_counters.word_count + excluded.word_count
  RETURNING word_count INTO total;
  RETURN total;
END;
$$;
--> statement-breakpoint

-- Saves a chat reply however it ended and charges its words, together: the entry and the charge exist
-- together or not at all. Returns the entry's id and the month's count after the charge.
CREATE FUNCTION save_chat_reply(
  p_workspace_id uuid,
  p_project_id uuid,
  p_user_id uuid,
  p_content text,
  p_status text,
  p_model text,
  p_brand_voice_id uuid,
  p_words integer,
  p_period text
) RETURNS json
LANGUAGE plpgsql
AS $$
DECLARE
  entry_id uuid;
BEGIN
  INSERT INTO conversation_entries
    (project_id, role, content, status, model, brand_voice_id, words_charged, created_by)
  VALUES (p_project_id, 'assistant', p_content, p_status, p_model, p_brand_voice_id, p_words, p_user_id)
  RETURNING id INTO entry_id;
  RETURN json_build_object(
    'messageId', entry_id,
    'wordCount', charge_words(p_workspace_id, p_period, p_words)
  );
END;
$$;
--> statement-breakpoint

-- Opens a chat turn (apps/server/src/modules/chat/turn.ts): every check a chat request needs before its
-- model call, the conversation so far, and the user's entry, saved only when all checks pass.
-- `refused` names the first check that failed: workspace (not a member), project, brand_voice, prompt,
-- or no_words (the free plan's monthly allowance, p_free_plan_words, is used up; other plans are unlimited,
-- as monthlyLimit in apps/server/src/modules/usage/service.ts says).
CREATE FUNCTION open_chat_turn(
  p_workspace_id uuid,
  p_project_id uuid,
  p_user_id uuid,
  p_message text,
  p_brand_voice_id uuid,
  p_prompt_id uuid,
  p_live_search boolean,
  p_period text,
  p_free_plan_words integer,
  p_history_entries integer
) RETURNS json
LANGUAGE plpgsql
AS $$
DECLARE
  ws record;
  voice json;
  prompt_category text;
  words integer;
  history json;
  entry_id uuid;
BEGIN
  SELECT w.plan, w.is_gpt4_turned_on, owner.locale INTO ws
  FROM workspaces w
  JOIN memberships m ON m.workspace_id = w.id AND m.user_id = p_user_id
  JOIN users owner ON owner.id = w.owner_id
  WHERE w.id = p_workspace_id;
  IF NOT FOUND THEN
    RETURN json_build_object('refused', 'workspace');
  END IF;

  PERFORM 1 FROM projects p
  WHERE p.id = p_project_id AND p.workspace_id = p_workspace_id
    AND (p.is_shared OR p.created_by = p_user_id);
  IF NOT FOUND THEN
    RETURN json_build_object('refused', 'project');
  END IF;

  IF p_brand_voice_id IS NOT NULL THEN
    SELECT json_build_object('id', v.id, 'name', v.name, 'voice', v.voice) INTO voice
    FROM brand_voices v
    WHERE v.id = p_brand_voice_id AND v.workspace_id = p_workspace_id;
    IF NOT FOUND THEN
      RETURN json_build_object('refused', 'brand_voice');
    END IF;
  END IF;

  IF p_prompt_id IS NOT NULL THEN
    SELECT lp.category INTO prompt_category
    FROM prompts lp
    WHERE lp.id = p_prompt_id AND (lp.workspace_id IS NULL OR lp.workspace_id = p_workspace_id);
    IF NOT FOUND THEN
      RETURN json_build_object('refused', 'prompt');
    END IF;
  END IF;

  IF ws.plan = 'free' THEN
    SELECT c.word_count INTO words
    FROM usage_counters c
    WHERE c.workspace_id = p_workspace_id AND c.period = p_period;
    IF coalesce(words, 0) >= p_free_plan_words THEN
      RETURN json_build_object('refused', 'no_words');
    END IF;
  END IF;

  SELECT json_agg(json_build_object('role', h.role, 'content', h.content) ORDER BY h.created_at, h.id)
  INTO history
  FROM (
    SELECT e.role, e.content, e.created_at, e.id
    FROM conversation_entries e
    WHERE e.project_id = p_project_id
    ORDER BY e.created_at DESC, e.id DESC
    LIMIT p_history_entries
  ) h;

  INSERT INTO conversation_entries
    (project_id, role, content, brand_voice_id, prompt_id, live_search, created_by)
  VALUES (p_project_id, 'user', p_message, p_brand_voice_id, p_prompt_id, p_live_search, p_user_id)
  RETURNING id INTO entry_id;

  RETURN json_build_object(
    'plan', ws.plan,
    'isGpt4TurnedOn', ws.is_gpt4_turned_on,
    'locale', ws.locale,
    'brandVoice', voice,
    'promptCategory', prompt_category,
    'history', coalesce(history, '[]'::json),
    'userEntryId', entry_id
  );
END;
$$;

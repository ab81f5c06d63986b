ALTER TABLE "conversation_entries" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_entries" ADD COLUMN "shown" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_entries" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "name_is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_entries" ADD CONSTRAINT "conversation_entries_request_id_conversation_entries_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."conversation_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_entries_request_idx" ON "conversation_entries" USING btree ("request_id");--> statement-breakpoint

-- Each reply learns the request it answers: the nearest user entry before it in its project.
UPDATE conversation_entries reply
SET request_id = (
  SELECT u.id
  FROM conversation_entries u
  WHERE u.project_id = reply.project_id AND u.role = 'user'
    AND (u.created_at, u.id) < (reply.created_at, reply.id)
  ORDER BY u.created_at DESC, u.id DESC
  LIMIT 1
)
WHERE reply.role = 'assistant';
--> statement-breakpoint

-- Replies the offline demo writer wrote so far carry its model ids.
UPDATE conversation_entries
SET demo = true
WHERE role = 'assistant' AND model IN ('redacta-demo-writer', 'redacta-demo-writer-plus');
--> statement-breakpoint

-- Projects that still wait for their first message under the name the server gave them
-- ("23 nov 2026 Sin título", "Nov 23, 2026 Untitled") take their name from that message.
UPDATE projects p
SET name_is_default = true
WHERE (p.name ~ '^[0-9]{1,2} [[:alpha:]]+\.? [0-9]{4} Sin título$'
    OR p.name ~ '^[[:alpha:]]+ [0-9]{1,2}, [0-9]{4} Untitled$')
  AND NOT EXISTS (SELECT 1 FROM conversation_entries e WHERE e.project_id = p.id);
--> statement-breakpoint

-- The chat's functions change their parameters, so the old ones go first (ADR 0006): two functions of
-- one name would make every call by name ambiguous.
DROP FUNCTION open_chat_turn(uuid, uuid, uuid, text, uuid, uuid, boolean, text, integer, integer);
--> statement-breakpoint
DROP FUNCTION save_chat_reply(uuid, uuid, uuid, text, text, text, uuid, integer, text);
--> statement-breakpoint

-- Saves a chat reply however it ended and charges its words, together: the entry and the charge exist
-- together or not at all. The reply answers p_request_id and becomes the shown version of that request's
-- reply (a regenerated reply takes the place of the one before it, which stays as an earlier version).
-- Returns the entry's id and the month's count after the charge.
CREATE FUNCTION save_chat_reply(
  p_workspace_id uuid,
  p_project_id uuid,
  p_user_id uuid,
  p_request_id uuid,
  p_content text,
  p_status text,
  p_model text,
  p_demo boolean,
  p_brand_voice_id uuid,
  p_words integer,
  p_period text
) RETURNS json
LANGUAGE plpgsql
AS $$
DECLARE
  entry_id uuid;
BEGIN
  UPDATE conversation_entries SET shown = false WHERE request_id = p_request_id AND shown;
  INSERT INTO conversation_entries
    (project_id, request_id, role, content, status, model, demo, brand_voice_id, words_charged, created_by)
  VALUES
    (p_project_id, p_request_id, 'assistant', p_content, p_status, p_model, p_demo, p_brand_voice_id, p_words,
     p_user_id)
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
--
-- A new request (p_message) is saved as a user entry; when the project still has the name the server
-- gave it, p_title (made from the message) becomes its name. Regenerating (p_regenerate_entry_id, a reply
-- of this project) saves nothing here: it answers that reply's request again, as it was sent (its text,
-- library prompt and live search), with the history before that request. Only the conversation's last
-- request may be regenerated: later requests were answered with its reply in their history.
--
-- The history holds only shown entries (one version of each reply). `refused` names the first check that
-- failed: workspace (not a member), project, reply (not a reply of this project), not_last, brand_voice,
-- prompt, or no_words (the free plan's monthly allowance, p_free_plan_words, is used up; other plans are
-- unlimited, as monthlyLimit in apps/server/src/modules/usage/service.ts says).
CREATE FUNCTION open_chat_turn(
  p_workspace_id uuid,
  p_project_id uuid,
  p_user_id uuid,
  p_message text,
  p_regenerate_entry_id uuid,
  p_brand_voice_id uuid,
  p_prompt_id uuid,
  p_live_search boolean,
  p_title text,
  p_period text,
  p_free_plan_words integer,
  p_history_entries integer
) RETURNS json
LANGUAGE plpgsql
AS $$
DECLARE
  ws record;
  v_name_is_default boolean;
  v_request_id uuid;
  v_request_at timestamptz;
  v_message text;
  v_prompt_id uuid := p_prompt_id;
  v_live_search boolean := p_live_search;
  v_voice json;
  v_prompt_category text;
  v_words integer;
  v_history json;
  v_project_name text;
BEGIN
  SELECT w.plan, w.is_gpt4_turned_on, owner.locale INTO ws
  FROM workspaces w
  JOIN memberships m ON m.workspace_id = w.id AND m.user_id = p_user_id
  JOIN users owner ON owner.id = w.owner_id
  WHERE w.id = p_workspace_id;
  IF NOT FOUND THEN
    RETURN json_build_object('refused', 'workspace');
  END IF;

  SELECT p.name_is_default INTO v_name_is_default
  FROM projects p
  WHERE p.id = p_project_id AND p.workspace_id = p_workspace_id
    AND (p.is_shared OR p.created_by = p_user_id);
  IF NOT FOUND THEN
    RETURN json_build_object('refused', 'project');
  END IF;

  IF p_regenerate_entry_id IS NOT NULL THEN
    SELECT u.id, u.created_at, u.content, u.prompt_id, u.live_search
    INTO v_request_id, v_request_at, v_message, v_prompt_id, v_live_search
    FROM conversation_entries reply
    JOIN conversation_entries u ON u.id = reply.request_id
    WHERE reply.id = p_regenerate_entry_id AND reply.project_id = p_project_id AND reply.role = 'assistant';
    IF NOT FOUND THEN
      RETURN json_build_object('refused', 'reply');
    END IF;
    PERFORM 1 FROM conversation_entries later
    WHERE later.project_id = p_project_id AND later.role = 'user'
      AND (later.created_at, later.id) > (v_request_at, v_request_id);
    IF FOUND THEN
      RETURN json_build_object('refused', 'not_last');
    END IF;
  END IF;

  IF p_brand_voice_id IS NOT NULL THEN
    SELECT json_build_object('id', v.id, 'name', v.name, 'voice', v.voice) INTO v_voice
    FROM brand_voices v
    WHERE v.id = p_brand_voice_id AND v.workspace_id = p_workspace_id;
    IF NOT FOUND THEN
      RETURN json_build_object('refused', 'brand_voice');
    END IF;
  END IF;

  IF v_prompt_id IS NOT NULL THEN
    SELECT lp.category INTO v_prompt_category
    FROM prompts lp
    WHERE lp.id = v_prompt_id AND (lp.workspace_id IS NULL OR lp.workspace_id = p_workspace_id);
    -- A regenerated request's prompt was checked when it was sent (a deleted prompt is null by now).
    IF NOT FOUND AND p_regenerate_entry_id IS NULL THEN
      RETURN json_build_object('refused', 'prompt');
    END IF;
  END IF;

  IF ws.plan = 'free' THEN
    SELECT c.word_count INTO v_words
    FROM usage_counters c
    WHERE c.workspace_id = p_workspace_id AND c.period = p_period;
    IF coalesce(v_words, 0) >= p_free_plan_words THEN
      RETURN json_build_object('refused', 'no_words');
    END IF;
  END IF;

  SELECT json_agg(json_build_object('role', h.role, 'content', h.content) ORDER BY h.created_at, h.id)
  INTO v_history
  FROM (
    SELECT e.role, e.content, e.created_at, e.id
    FROM conversation_entries e
    WHERE e.project_id = p_project_id AND e.shown
      AND (v_request_id IS NULL OR (e.created_at, e.id) < (v_request_at, v_request_id))
    ORDER BY e.created_at DESC, e.id DESC
    LIMIT p_history_entries
  ) h;

  IF v_request_id IS NULL THEN
    INSERT INTO conversation_entries
      (project_id, role, content, brand_voice_id, prompt_id, live_search, created_by)
    VALUES (p_project_id, 'user', p_message, p_brand_voice_id, p_prompt_id, p_live_search, p_user_id)
    RETURNING id INTO v_request_id;
    IF v_name_is_default AND p_title IS NOT NULL THEN
      UPDATE projects SET name = p_title, name_is_default = false, updated_at = now()
      WHERE id = p_project_id AND name_is_default
      RETURNING name INTO v_project_name;
    END IF;
  END IF;

  RETURN json_build_object(
    'plan', ws.plan,
    'isGpt4TurnedOn', ws.is_gpt4_turned_on,
    'locale', ws.locale,
    'brandVoice', v_voice,
    'promptCategory', v_prompt_category,
    'history', coalesce(v_history, '[]'::json),
    'userEntryId', v_request_id,
    'regenerate', CASE WHEN p_regenerate_entry_id IS NOT NULL
      THEN json_build_object('message', v_message, 'liveSearch', v_live_search) END,
    'projectName', v_project_name
  );
END;
$$;

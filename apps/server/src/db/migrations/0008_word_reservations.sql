CREATE TABLE "word_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"words" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "word_reservations" ADD CONSTRAINT "word_reservations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_reservations" ADD CONSTRAINT "word_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "word_reservations_workspace_idx" ON "word_reservations" USING btree ("workspace_id","expires_at");--> statement-breakpoint

-- Word reservations (ADR 0013, docs/product.md "Plans and the word allowance"): a call on a plan with a
-- word limit sets aside the words it may use before the model starts, under a lock on the workspace's
-- row, so concurrent calls cannot both take the last words; it is charged what it used when it ends,
-- which deletes its reservation. A chat reply also holds a reservation (words null when unlimited) on a
-- plan with stream caps: the live rows are what the caps count, on every instance. A reservation whose
-- process died stops counting at its expiry.

-- Reserves up to p_words of the month's words for a call of p_kind ('chat', 'improve', 'analyze') and
-- answers {id, words}, words null without a limit; or {refused} naming what stopped it: no_words (the
-- counter has reached p_word_limit), words_held (other live reservations hold what is left), user_streams or
-- workspace_streams (the user, or the whole workspace, already has as many live chat replies as its cap).
-- A null limit or cap does not apply. Expired reservations of the workspace are deleted on the way.
CREATE FUNCTION reserve_words(
  p_workspace_id uuid,
  p_user_id uuid,
  p_kind text,
  p_period text,
  p_word_limit integer,
  p_words integer,
  p_user_streams integer,
  p_workspace_streams integer,
  p_ttl_ms integer
) RETURNS json
LANGUAGE plpgsql
AS $$
DECLARE
  v_used integer;
  v_reserved integer;
  v_user_streams integer;
  v_workspace_streams integer;
  v_words integer;
  v_id uuid;
BEGIN
  -- Serialises the workspace's reservations until this transaction ends; NO KEY UPDATE leaves rows
  -- referencing the workspace (projects, entries) free to be written meanwhile.
  PERFORM 1 FROM workspaces w WHERE w.id = p_workspace_id FOR NO KEY UPDATE;
  DELETE FROM word_reservations r WHERE r.workspace_id = p_workspace_id AND r.expires_at <= now();

  SELECT
    coalesce(sum(r.words) FILTER (WHERE r.period = p_period), 0),
    count(*) FILTER (WHERE r.kind = 'chat' AND r.user_id = p_user_id),
    count(*) FILTER (WHERE r.kind = 'chat')
  INTO v_reserved, v_user_streams, v_workspace_streams
  FROM word_reservations r
  WHERE r.workspace_id = p_workspace_id;

  IF p_word_limit IS NOT NULL THEN
    SELECT c.word_count INTO v_used
    FROM usage_counters c
    WHERE c.workspace_id = p_workspace_id AND c.period = p_period;
    IF coalesce(v_used, 0) >= p_word_limit THEN
      RETURN json_build_object('refused', 'no_words');
    END IF;
  END IF;
  IF p_kind = 'chat' AND v_user_streams >= p_user_streams THEN
    RETURN json_build_object('refused', 'user_streams');
  END IF;
  IF p_kind = 'chat' AND v_workspace_streams >= p_workspace_streams THEN
    RETURN json_build_object('refused', 'workspace_streams');
  END IF;
  IF p_word_limit IS NOT NULL THEN
    v_words := least(p_words, p_word_limit - coalesce(v_used, 0) - v_reserved);
    IF v_words <= 0 THEN
      RETURN json_build_object('refused', 'words_held');
    END IF;
  END IF;

  INSERT INTO word_reservations (workspace_id, user_id, kind, period, words, expires_at)
  VALUES (p_workspace_id, p_user_id, p_kind, p_period, v_words, now() + p_ttl_ms * interval '1 millisecond')
  RETURNING id INTO v_id;
  RETURN json_build_object('id', v_id, 'words', v_words);
END;
$$;
--> statement-breakpoint

-- Ends a reservation (when given) and charges the words the call used, together; returns the month's
-- count after the charge. The words left of the reservation are free again at once.
CREATE FUNCTION settle_word_reservation(
  p_reservation_id uuid,
  p_workspace_id uuid,
  p_period text,
  p_words integer
) RETURNS integer
LANGUAGE plpgsql
AS $$
BEGIN
  IF p_reservation_id IS NOT NULL THEN
    DELETE FROM word_reservations WHERE id = p_reservation_id;
  END IF;
  RETURN charge_words(p_workspace_id => p_workspace_id, p_period => p_period, p_words => p_words);
END;
$$;
--> statement-breakpoint

-- save_chat_reply takes the reply's reservation, settled with the charge: the old signature goes first.
DROP FUNCTION save_chat_reply(uuid, uuid, uuid, uuid, text, text, text, boolean, uuid, integer, text);
--> statement-breakpoint

-- Saves a chat reply however it ended and charges its words, together, ending its reservation
-- (p_reservation_id, null when it held none): the entry, the charge and the released reservation exist
-- together or not at all. The reply answers p_request_id and becomes the shown version of that request's
-- reply. Returns the entry's id and the month's count after the charge.
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
  p_period text,
  p_reservation_id uuid
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
    'wordCount', settle_word_reservation(
      p_reservation_id => p_reservation_id,
      p_workspace_id => p_workspace_id,
      p_period => p_period,
      p_words => p_words
    )
  );
END;
$$;
--> statement-breakpoint

-- open_chat_turn reserves the reply's words (p_reserve_words, at most) and counts its stream against
-- the plan's caps (p_stream_caps: {user, workspace} by plan, null where a plan has none) through
-- reserve_words, in place of reading the counter: the old signature goes first.
DROP FUNCTION open_chat_turn(uuid, uuid, uuid, text, uuid, uuid, uuid, boolean, text, text, json, integer);
--> statement-breakpoint

-- open_chat_turn as migration 0007 wrote it, with the allowance check now a reservation: `reservation`
-- in the answer is {id, words} (null when the plan neither limits words nor caps streams), and the
-- refusals add user_streams and workspace_streams.
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
  p_word_limits json,
  p_history_entries integer,
  p_reserve_words integer,
  p_stream_caps json,
  p_reservation_ttl_ms integer
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
  v_word_limit integer;
  v_stream_caps json;
  v_reservation json;
  v_history json;
  v_project_name text;
BEGIN
  SELECT w.plan, w.is_gpt4_turned_on, owner.locale INTO ws
  FROM workspaces w
  CROSS JOIN member_role(p_workspace_id => p_workspace_id, p_user_id => p_user_id)
  JOIN users owner ON owner.id = w.owner_id
  WHERE w.id = p_workspace_id;
  IF NOT FOUND THEN
    RETURN json_build_object('refused', 'workspace');
  END IF;

  SELECT p.name_is_default INTO v_name_is_default
  FROM projects p
  WHERE p.id = p_project_id AND p.workspace_id = p_workspace_id
    AND project_visible(p_project => p, p_user_id => p_user_id);
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
    WHERE lp.id = v_prompt_id AND prompt_usable(p_prompt => lp, p_workspace_id => p_workspace_id);
    -- A regenerated request's prompt was checked when it was sent (a deleted prompt is null by now).
    IF NOT FOUND AND p_regenerate_entry_id IS NULL THEN
      RETURN json_build_object('refused', 'prompt');
    END IF;
  END IF;

  -- A plan without a word limit and without a stream cap holds no reservation: nothing to lock or count.
  v_word_limit := (p_word_limits ->> ws.plan)::integer;
  v_stream_caps := p_stream_caps -> ws.plan;
  IF v_word_limit IS NOT NULL OR json_typeof(v_stream_caps) = 'object' THEN
    v_reservation := reserve_words(
      p_workspace_id => p_workspace_id,
      p_user_id => p_user_id,
      p_kind => 'chat',
      p_period => p_period,
      p_word_limit => v_word_limit,
      p_words => p_reserve_words,
      p_user_streams => (v_stream_caps ->> 'user')::integer,
      p_workspace_streams => (v_stream_caps ->> 'workspace')::integer,
      p_ttl_ms => p_reservation_ttl_ms
    );
    IF v_reservation ->> 'refused' IS NOT NULL THEN
      RETURN v_reservation;
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
    'projectName', v_project_name,
    'reservation', v_reservation
  );
END;
$$;

CREATE TABLE "budget_notices" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"period" text NOT NULL,
	"threshold" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_notices_workspace_id_user_id_period_threshold_pk" PRIMARY KEY("workspace_id","user_id","period","threshold")
);
--> statement-breakpoint
CREATE TABLE "usage_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"period" text NOT NULL,
	"user_id" uuid,
	"project_id" uuid,
	"api_key_id" uuid,
	"kind" text NOT NULL,
	"words" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "monthly_word_budget" integer;--> statement-breakpoint
ALTER TABLE "budget_notices" ADD CONSTRAINT "budget_notices_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_notices" ADD CONSTRAINT "budget_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_charges" ADD CONSTRAINT "usage_charges_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_charges" ADD CONSTRAINT "usage_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_charges" ADD CONSTRAINT "usage_charges_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_charges" ADD CONSTRAINT "usage_charges_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_charges_member_idx" ON "usage_charges" USING btree ("workspace_id","period","user_id");
--> statement-breakpoint

-- Budgets per member (docs/product.md, "Usage per member and budgets"; ADR 0037): reserve_words as
-- migration 0018 wrote it, also holding a member with a monthly budget (memberships.monthly_word_budget)
-- to it, under the same lock on the workspace's row: a call reserves at most what is left of both the
-- plan's allowance and the member's budget, where the member's use is the month's charges counted to
-- them (usage_charges) plus their live reservations. A budget applies on every plan, so a member with
-- one reserves words even where the plan has no limit. A budget whose charges have reached it refuses
-- with `budget`; words left that the member's replies in progress hold refuse with `words_held`.
CREATE OR REPLACE FUNCTION reserve_words(
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
  v_now timestamptz := now();
  v_used integer;
  v_reserved integer;
  v_member_reserved integer;
  v_user_streams integer;
  v_workspace_streams integer;
  v_budget integer;
  v_member_used integer;
  v_words integer;
  v_id uuid;
BEGIN
  -- Serialises the workspace's reservations until this transaction ends; NO KEY UPDATE leaves rows
  -- referencing the workspace (projects, entries) free to be written meanwhile.
  PERFORM 1 FROM workspaces w WHERE w.id = p_workspace_id FOR NO KEY UPDATE;

  SELECT
    coalesce(sum(r.words) FILTER (WHERE r.period = p_period), 0),
    coalesce(sum(r.words) FILTER (WHERE r.period = p_period AND r.user_id = p_user_id), 0),
    count(*) FILTER (WHERE r.kind = 'chat' AND r.user_id = p_user_id),
    count(*) FILTER (WHERE r.kind = 'chat'),
    (SELECT c.word_count FROM usage_counters c WHERE c.workspace_id = p_workspace_id AND c.period = p_period)
  INTO v_reserved, v_member_reserved, v_user_streams, v_workspace_streams, v_used
  FROM word_reservations r
  WHERE r.workspace_id = p_workspace_id AND r.expires_at > v_now;

  SELECT m.monthly_word_budget INTO v_budget
  FROM memberships m
  WHERE m.workspace_id = p_workspace_id AND m.user_id = p_user_id;
  IF v_budget IS NOT NULL THEN
    SELECT coalesce(sum(u.words), 0) INTO v_member_used
    FROM usage_charges u
    WHERE u.workspace_id = p_workspace_id AND u.period = p_period AND u.user_id = p_user_id;
  END IF;

  IF p_word_limit IS NOT NULL AND coalesce(v_used, 0) >= p_word_limit THEN
    RETURN json_build_object('refused', 'no_words');
  END IF;
  IF v_budget IS NOT NULL AND v_member_used >= v_budget THEN
    RETURN json_build_object('refused', 'budget');
  END IF;
  IF p_kind = 'chat' AND v_user_streams >= p_user_streams THEN
    RETURN json_build_object('refused', 'user_streams');
  END IF;
  IF p_kind = 'chat' AND v_workspace_streams >= p_workspace_streams THEN
    RETURN json_build_object('refused', 'workspace_streams');
  END IF;
  IF p_word_limit IS NOT NULL THEN
    v_words := least(p_words, p_word_limit - coalesce(v_used, 0) - v_reserved);
  END IF;
  IF v_budget IS NOT NULL THEN
    v_words := least(coalesce(v_words, p_words), v_budget - v_member_used - v_member_reserved);
  END IF;
  IF v_words IS NOT NULL AND v_words <= 0 THEN
    RETURN json_build_object('refused', 'words_held');
  END IF;

  INSERT INTO word_reservations (workspace_id, user_id, kind, period, words, expires_at)
  VALUES (p_workspace_id, p_user_id, p_kind, p_period, v_words, v_now + p_ttl_ms * interval '1 millisecond')
  RETURNING id INTO v_id;
  RETURN json_build_object('id', v_id, 'words', v_words);
END;
$$;
--> statement-breakpoint

-- settle_word_reservation also records whom the charge counts to (p_user_id: the person, or the
-- creator of the API key p_api_key_id it was made with), where (p_project_id, null outside a project)
-- and for what (p_kind), as a row of usage_charges in the same transaction: the old signature goes first.
DROP FUNCTION settle_word_reservation(uuid, uuid, text, integer);
--> statement-breakpoint

-- Ends a reservation (when given) and charges the words the call used, together, recording the charge
-- in usage_charges; returns the month's count after the charge. The words left of the reservation are
-- free again at once.
CREATE FUNCTION settle_word_reservation(
  p_reservation_id uuid,
  p_workspace_id uuid,
  p_period text,
  p_words integer,
  p_user_id uuid,
  p_project_id uuid,
  p_api_key_id uuid,
  p_kind text
) RETURNS integer
LANGUAGE plpgsql
AS $$
BEGIN
  IF p_reservation_id IS NOT NULL THEN
    DELETE FROM word_reservations WHERE id = p_reservation_id;
  END IF;
  IF p_words > 0 THEN
    INSERT INTO usage_charges (workspace_id, period, user_id, project_id, api_key_id, kind, words)
    VALUES (p_workspace_id, p_period, p_user_id, p_project_id, p_api_key_id, p_kind, p_words);
  END IF;
  RETURN charge_words(p_workspace_id => p_workspace_id, p_period => p_period, p_words => p_words);
END;
$$;
--> statement-breakpoint

-- save_chat_reply as migration 0013 wrote it, its charge recorded in usage_charges: to the request's
-- author, in the reply's project, naming the API key the request was sent with (if any).
CREATE OR REPLACE FUNCTION save_chat_reply(
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
  p_reservation_id uuid,
  p_sources jsonb
) RETURNS json
LANGUAGE plpgsql
AS $$
DECLARE
  entry_id uuid;
BEGIN
  UPDATE conversation_entries SET shown = false WHERE request_id = p_request_id AND shown;
  INSERT INTO conversation_entries
    (project_id, request_id, role, content, status, model, demo, brand_voice_id, words_charged, created_by,
     sources)
  VALUES
    (p_project_id, p_request_id, 'assistant', p_content, p_status, p_model, p_demo, p_brand_voice_id, p_words,
     p_user_id, p_sources)
  RETURNING id INTO entry_id;
  RETURN json_build_object(
    'messageId', entry_id,
    'wordCount', settle_word_reservation(
      p_reservation_id => p_reservation_id,
      p_workspace_id => p_workspace_id,
      p_period => p_period,
      p_words => p_words,
      p_user_id => p_user_id,
      p_project_id => p_project_id,
      p_api_key_id => (SELECT r.created_by_api_key FROM conversation_entries r WHERE r.id = p_request_id),
      p_kind => 'chat'
    )
  );
END;
$$;
--> statement-breakpoint

-- open_chat_turn as migration 0029 wrote it, also reserving for a member with a monthly budget on a
-- plan that otherwise holds no reservation (Enterprise).
CREATE OR REPLACE FUNCTION open_chat_turn(
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
  p_reservation_ttl_ms integer,
  p_template_run jsonb,
  p_created_by_api_key uuid
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
  v_template_run jsonb;
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
    SELECT u.id, u.created_at, u.content, u.prompt_id, u.live_search, u.template_run
    INTO v_request_id, v_request_at, v_message, v_prompt_id, v_live_search, v_template_run
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

  -- A plan without a word limit and without a stream cap holds no reservation (nothing to lock or
  -- count), unless the member has a monthly budget: that is reserved against on every plan.
  v_word_limit := (p_word_limits ->> ws.plan)::integer;
  v_stream_caps := p_stream_caps -> ws.plan;
  IF v_word_limit IS NOT NULL OR json_typeof(v_stream_caps) = 'object' OR EXISTS (
    SELECT 1 FROM memberships m
    WHERE m.workspace_id = p_workspace_id AND m.user_id = p_user_id AND m.monthly_word_budget IS NOT NULL
  ) THEN
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
      (project_id, role, content, brand_voice_id, prompt_id, live_search, template_run, created_by, created_by_api_key)
    VALUES (
      p_project_id, 'user', p_message, p_brand_voice_id, p_prompt_id, p_live_search, p_template_run, p_user_id,
      p_created_by_api_key
    )
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
      THEN json_build_object('message', v_message, 'liveSearch', v_live_search, 'templateRun', v_template_run)
      END,
    'projectName', v_project_name,
    'reservation', v_reservation,
    'styleRules', (SELECT r.rules FROM workspace_style_rules r WHERE r.workspace_id = p_workspace_id),
    'hasKnowledge', EXISTS (
      SELECT 1 FROM knowledge_sources k WHERE k.workspace_id = p_workspace_id AND k.status = 'ready'
    )
  );
END;
$$;

ALTER TABLE "conversation_entries" ADD COLUMN "created_by_api_key" uuid;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "created_by_api_key" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "created_by_api_key" uuid;--> statement-breakpoint
ALTER TABLE "conversation_entries" ADD CONSTRAINT "conversation_entries_created_by_api_key_api_keys_id_fk" FOREIGN KEY ("created_by_api_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_created_by_api_key_api_keys_id_fk" FOREIGN KEY ("created_by_api_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_api_key_api_keys_id_fk" FOREIGN KEY ("created_by_api_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint

DROP FUNCTION open_chat_turn(uuid, uuid, uuid, text, uuid, uuid, uuid, boolean, text, text, json, integer, integer, json, integer, jsonb);
--> statement-breakpoint

-- open_chat_turn as migration 0023 wrote it, also keeping the API key a request was sent with:
-- `p_created_by_api_key` (null for a person's request) is saved in the request's entry, so the
-- conversation shows it as "API · <key name>".
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

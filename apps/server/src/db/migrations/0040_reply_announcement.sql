-- Which endpoints of a workspace an event goes to: the enabled ones subscribed to it. The one place this
-- is decided, for the app's events (modules/webhooks/events.ts) and for save_chat_reply below.
CREATE FUNCTION webhook_subscribers(p_workspace_id uuid, p_event text) RETURNS SETOF uuid
LANGUAGE sql
STABLE
AS $$
  SELECT e.id FROM webhook_endpoints e
  WHERE e.workspace_id = p_workspace_id AND e.enabled AND e.events @> ARRAY[p_event]
$$;
--> statement-breakpoint

-- Whether an event of a project reaches any endpoint. A private project is its creator's alone: its
-- replies and versions are not the workspace's events.
CREATE FUNCTION project_event_announced(p_project_id uuid, p_event text) RETURNS boolean
LANGUAGE sql
STABLE
AS $$
  SELECT EXISTS (
    SELECT 1 FROM projects p CROSS JOIN LATERAL webhook_subscribers(p.workspace_id, p_event) s
    WHERE p.id = p_project_id AND p.is_shared
  )
$$;
--> statement-breakpoint

DROP FUNCTION save_chat_reply(uuid, uuid, uuid, uuid, text, text, text, boolean, uuid, integer, text, uuid, jsonb);
--> statement-breakpoint

-- save_chat_reply as migration 0033 wrote it, also saying whether the reply is announced as
-- `reply.finished` (`announce`). With p_unless_announced it saves only a reply that is not: one that
-- is returns `{ "announce": true }` and saves nothing, for the caller to save it again in a transaction
-- of its own with its announcement (modules/chat/service.ts). Most replies have no endpoint to go to,
-- and are then saved in one call that PGlite's thread runs with the calls beside it (ADR 0025).
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
  p_reservation_id uuid,
  p_sources jsonb,
  p_unless_announced boolean
) RETURNS json
LANGUAGE plpgsql
AS $$
DECLARE
  entry_id uuid;
  v_announce boolean := project_event_announced(p_project_id => p_project_id, p_event => 'reply.finished');
BEGIN
  IF v_announce AND p_unless_announced THEN
    RETURN json_build_object('announce', true);
  END IF;
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
    'announce', v_announce,
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

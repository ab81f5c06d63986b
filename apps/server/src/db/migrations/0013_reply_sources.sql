-- save_chat_reply also keeps the knowledge passages the reply cites (p_sources, null when it cites
-- none), so the reply and its citations are saved together or not at all: the old signature goes first.
DROP FUNCTION save_chat_reply(uuid, uuid, uuid, uuid, text, text, text, boolean, uuid, integer, text, uuid);
--> statement-breakpoint

-- Saves a chat reply however it ended, with the passages it cites, and charges its words, together,
-- ending its reservation (p_reservation_id, null when it held none): the entry, the charge and the
-- released reservation exist together or not at all. The reply answers p_request_id and becomes the
-- shown version of that request's reply. Returns the entry's id and the month's count after the charge.
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
      p_words => p_words
    )
  );
END;
$$;

-- reserve_words as migration 0014 wrote it, reading only the workspace's live reservations: the range
-- (workspace_id, expires_at > now) of their index. Until now each call counted every reservation row
-- of the workspace to find expired ones, and a deleted row stays in the table and its index until a
-- vacuum: on PGlite, which never vacuums by itself, a workspace's 100,000th chat turn read 100,000 rows
-- (~8–11 ms of the database thread a turn against ~1.6, docs/benchmarks.md). Expired reservations
-- (left by a process that died) no longer count and are deleted by the database maintenance
-- (apps/server/src/db/maintenance.ts), which also vacuums PGlite.
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
  v_user_streams integer;
  v_workspace_streams integer;
  v_words integer;
  v_id uuid;
BEGIN
  -- Serialises the workspace's reservations until this transaction ends; NO KEY UPDATE leaves rows
  -- referencing the workspace (projects, entries) free to be written meanwhile.
  PERFORM 1 FROM workspaces w WHERE w.id = p_workspace_id FOR NO KEY UPDATE;

  SELECT
    coalesce(sum(r.words) FILTER (WHERE r.period = p_period), 0),
    count(*) FILTER (WHERE r.kind = 'chat' AND r.user_id = p_user_id),
    count(*) FILTER (WHERE r.kind = 'chat'),
    (SELECT c.word_count FROM usage_counters c WHERE c.workspace_id = p_workspace_id AND c.period = p_period)
  INTO v_reserved, v_user_streams, v_workspace_streams, v_used
  FROM word_reservations r
  WHERE r.workspace_id = p_workspace_id AND r.expires_at > v_now;

  IF p_word_limit IS NOT NULL AND coalesce(v_used, 0) >= p_word_limit THEN
    RETURN json_build_object('refused', 'no_words');
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
  VALUES (p_workspace_id, p_user_id, p_kind, p_period, v_words, v_now + p_ttl_ms * interval '1 millisecond')
  RETURNING id INTO v_id;
  RETURN json_build_object('id', v_id, 'words', v_words);
END;
$$;

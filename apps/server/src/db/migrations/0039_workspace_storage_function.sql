-- What a workspace stores, in bytes (apps/server/src/modules/storage/service.ts): its documents (their
-- live state, JSON and text, with their saved versions), conversations, brand voices, custom prompts,
-- templates, batches (their template and their rows' inputs and outputs) and knowledge (its files and
-- the text of its passages), counted as the database stores them (pg_column_size: after the database's
-- own compression of large values, read from each row without decompressing anything), each table
-- reached through its workspace (or project) index; no counter to drift.
--
-- A function rather than the statement the server built until now because of its plan: the statement's
-- ten subqueries took ~20 times longer to plan than to run, and it was planned at every reading
-- (~3 ms of PGlite's one thread per reading, the storage check of the chat's first message each
-- minute included, docs/benchmarks.md). PL/pgSQL keeps the plan of its statement for the connection.
CREATE FUNCTION workspace_storage_used(p_workspace_id uuid) RETURNS bigint
LANGUAGE plpgsql
STABLE
AS $$
BEGIN
  RETURN
    (SELECT coalesce(sum(coalesce(pg_column_size(d.content), 0) + coalesce(pg_column_size(d.yjs_state), 0)
        + coalesce(pg_column_size(d.text), 0)), 0)
      FROM documents d JOIN projects p ON p.id = d.project_id WHERE p.workspace_id = p_workspace_id)
    + (SELECT coalesce(sum(coalesce(pg_column_size(v.yjs_state), 0) + coalesce(pg_column_size(v.content), 0)
        + coalesce(pg_column_size(v.text), 0)), 0)
      FROM document_versions v JOIN projects p ON p.id = v.project_id WHERE p.workspace_id = p_workspace_id)
    + (SELECT coalesce(sum(coalesce(pg_column_size(e.content), 0)), 0)
      FROM conversation_entries e JOIN projects p ON p.id = e.project_id WHERE p.workspace_id = p_workspace_id)
    + (SELECT coalesce(sum(coalesce(pg_column_size(b.name), 0) + coalesce(pg_column_size(b.voice), 0)), 0)
      FROM brand_voices b WHERE b.workspace_id = p_workspace_id)
    + (SELECT coalesce(sum(coalesce(pg_column_size(pr.name), 0) + coalesce(pg_column_size(pr.text), 0)), 0)
      FROM prompts pr WHERE pr.workspace_id = p_workspace_id)
    + (SELECT coalesce(sum(coalesce(pg_column_size(t.name), 0) + coalesce(pg_column_size(t.description), 0)
        + coalesce(pg_column_size(t.prompt), 0) + coalesce(pg_column_size(t.fields), 0)
        + coalesce(pg_column_size(t.output), 0)), 0)
      FROM templates t WHERE t.workspace_id = p_workspace_id)
    + (SELECT coalesce(sum(coalesce(pg_column_size(ba.template), 0) + coalesce(pg_column_size(ba.columns), 0)
        + coalesce(pg_column_size(ba.mapping), 0)), 0)
      FROM batches ba WHERE ba.workspace_id = p_workspace_id)
    + (SELECT coalesce(sum(coalesce(pg_column_size(r.inputs), 0) + coalesce(pg_column_size(r.outputs), 0)), 0)
      FROM batch_rows r JOIN batches ba ON ba.id = r.batch_id WHERE ba.workspace_id = p_workspace_id)
    + (SELECT coalesce(sum(coalesce(pg_column_size(k.file), 0) + pg_column_size(k.name)), 0)
      FROM knowledge_sources k WHERE k.workspace_id = p_workspace_id)
    + (SELECT coalesce(sum(coalesce(pg_column_size(kp.text), 0)), 0)
      FROM knowledge_passages kp WHERE kp.workspace_id = p_workspace_id);
END;
$$;

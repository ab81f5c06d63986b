ALTER TABLE "audit_chain_heads" DROP CONSTRAINT "audit_chain_heads_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_workspace_id_workspaces_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD COLUMN "retention_days" integer;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "personal_salt" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "personal_digest" text;--> statement-breakpoint
CREATE INDEX "audit_entries_actor_user_idx" ON "audit_entries" USING btree ("actor_user_id");--> statement-breakpoint

-- The audit chain's hashes, the one home of its formula: written entries (modules/audit/record.ts),
-- verification (modules/audit/verify.ts) and the upgrade below all call these. The fields that can
-- name a person are hashed with a random salt into a digest, and the chain covers that digest, so a
-- deleted account's fields can be erased without breaking any hash. Times are hashed as UTC text
-- with microseconds, whatever the session's time zone.
CREATE FUNCTION audit_personal_digest(
  p_salt text, p_actor_user_id uuid, p_actor_label text, p_ip text, p_user_agent text,
  p_target_id text, p_target_label text, p_before jsonb, p_after jsonb
) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT encode(sha256(convert_to(
    p_salt || E'\n' || jsonb_build_array(p_actor_user_id, p_actor_label, p_ip, p_user_agent, p_target_id,
      p_target_label, p_before, p_after)::text,
    'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION audit_entry_hash(
  p_prev_hash text, p_workspace_id uuid, p_seq integer, p_at timestamptz, p_actor_kind text,
  p_actor_api_key_id uuid, p_action text, p_target_type text, p_personal_digest text
) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT encode(sha256(convert_to(
    p_prev_hash || E'\n' || jsonb_build_array(p_workspace_id, p_seq,
      to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), p_actor_kind, p_actor_api_key_id,
      p_action, p_target_type, p_personal_digest)::text,
    'UTF8')), 'hex')
$$;
--> statement-breakpoint

-- A before/after with a person erased from it: a value that is their id becomes null, one that is
-- their name or address "Former member", and one that holds either deeper down null.
CREATE FUNCTION audit_erase_value(p_value jsonb, p_user_id uuid, p_names text[]) RETURNS jsonb
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE WHEN jsonb_typeof(p_value) IS DISTINCT FROM 'object' THEN p_value ELSE coalesce((
    SELECT jsonb_object_agg(field.key, CASE
      WHEN field.value = to_jsonb(p_user_id::text) THEN 'null'::jsonb
      WHEN jsonb_typeof(field.value) = 'string' AND field.value #>> '{}' = ANY (p_names)
        THEN '"Former member"'::jsonb
      WHEN EXISTS (
        SELECT 1 FROM unnest(p_names || p_user_id::text) AS needle
        WHERE strpos(lower(field.value::text), lower(needle)) > 0
      ) THEN 'null'::jsonb
      ELSE field.value END)
    FROM jsonb_each(p_value) AS field), '{}'::jsonb) END
$$;
--> statement-breakpoint

-- Whether a before/after changed only by erasure: the same keys, each value kept, null or "Former member".
CREATE FUNCTION audit_value_only_erased(p_old jsonb, p_new jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE
AS $$
  SELECT p_new IS NOT DISTINCT FROM p_old OR (
    jsonb_typeof(p_old) = 'object' AND jsonb_typeof(p_new) = 'object'
    AND (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(p_old) AS k)
      = (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(p_new) AS k)
    AND NOT EXISTS (
      SELECT 1 FROM jsonb_each(p_new) AS field
      WHERE field.value IS DISTINCT FROM p_old -> field.key
        AND field.value NOT IN ('null'::jsonb, '"Former member"'::jsonb)
    )
  )
$$;
--> statement-breakpoint

-- The audit log stays append-only but for one change: a deleted account's erasure, made by the
-- account's deletion in its transaction with `redacta.audit_erasure` set (modules/audit/erasure.ts).
-- It may only drop the salt and erase personal fields (id and address null, a name "Former member");
-- the digest, the hashes and every other field stay as they were. Deleting stays possible, for the
-- retention's pruning.
CREATE OR REPLACE FUNCTION audit_entries_refuse_update() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF coalesce(current_setting('redacta.audit_erasure', true), '') <> ''
    AND NEW.personal_salt IS NULL
    AND (NEW.id, NEW.workspace_id, NEW.seq, NEW.at, NEW.actor_kind, NEW.actor_api_key_id, NEW.action,
         NEW.target_type, NEW.personal_digest, NEW.prev_hash, NEW.hash)
      IS NOT DISTINCT FROM
        (OLD.id, OLD.workspace_id, OLD.seq, OLD.at, OLD.actor_kind, OLD.actor_api_key_id, OLD.action,
         OLD.target_type, OLD.personal_digest, OLD.prev_hash, OLD.hash)
    AND (NEW.actor_user_id IS NULL OR NEW.actor_user_id = OLD.actor_user_id)
    AND (NEW.actor_label = OLD.actor_label OR NEW.actor_label = 'Former member')
    AND (NEW.ip IS NULL OR NEW.ip = OLD.ip)
    AND (NEW.user_agent IS NULL OR NEW.user_agent = OLD.user_agent)
    AND (NEW.target_id IS NULL OR NEW.target_id = OLD.target_id)
    AND (NEW.target_label IS NULL OR NEW.target_label = OLD.target_label OR NEW.target_label = 'Former member')
    AND audit_value_only_erased(OLD.before, NEW.before)
    AND audit_value_only_erased(OLD.after, NEW.after)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit entries cannot be changed';
END;
$$;
--> statement-breakpoint

-- The entries written before this migration are sealed and chained again under the new formula, each
-- workspace's in order: every entry gets a salt and a digest, its hash is recomputed over the entry
-- before's new hash, and the head takes the newest. The oldest kept entry's `prev_hash` (a pruned
-- entry's, or the genesis hash) stays as it was, so verification starts where it did. The trigger is
-- off meanwhile: this is the one rewrite of the chain, and runs in the migration's transaction.
ALTER TABLE "audit_entries" DISABLE TRIGGER audit_entries_append_only;
--> statement-breakpoint
DO $$
DECLARE
  entry record;
  workspace uuid := NULL;
  last_seq integer;
  chained text;
  salt text;
  digest text;
BEGIN
  FOR entry IN SELECT * FROM audit_entries ORDER BY workspace_id, seq LOOP
    IF workspace IS DISTINCT FROM entry.workspace_id THEN
      IF workspace IS NOT NULL THEN
        UPDATE audit_chain_heads SET hash = chained WHERE workspace_id = workspace AND seq = last_seq;
      END IF;
      workspace := entry.workspace_id;
      chained := entry.prev_hash;
    END IF;
    salt := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
    digest := audit_personal_digest(salt, entry.actor_user_id, entry.actor_label, entry.ip, entry.user_agent,
      entry.target_id, entry.target_label, entry.before, entry.after);
    UPDATE audit_entries
      SET personal_salt = salt, personal_digest = digest, prev_hash = chained,
        hash = audit_entry_hash(chained, entry.workspace_id, entry.seq, entry.at, entry.actor_kind,
          entry.actor_api_key_id, entry.action, entry.target_type, digest)
      WHERE id = entry.id
      RETURNING hash INTO chained;
    last_seq := entry.seq;
  END LOOP;
  IF workspace IS NOT NULL THEN
    UPDATE audit_chain_heads SET hash = chained WHERE workspace_id = workspace AND seq = last_seq;
  END IF;
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_entries" ENABLE TRIGGER audit_entries_append_only;
--> statement-breakpoint
ALTER TABLE "audit_entries" ALTER COLUMN "personal_digest" SET NOT NULL;

-- The style findings ignored on a reply ("Ignorar" in the chat), by key, for everyone who sees the
-- reply: a fix saves the reply's text itself (docs/decisions/0023, amended 2026-12-06).
ALTER TABLE "conversation_entries" ADD COLUMN "ignored_findings" text[] DEFAULT '{}'::text[] NOT NULL;
-- The exchanges' first entries (a request, or a reply that answers none), newest first: a page of the
-- conversation walks this index and stops at its limit. Without statistics (PGlite is never analysed,
-- apps/server/src/db/maintenance.ts) the planner read every request of the project with its joins and
-- sorted them, a cost that grew with the conversation (docs/benchmarks.md, bench:web).
CREATE INDEX "conversation_entries_starts_idx" ON "conversation_entries" USING btree ("project_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "conversation_entries"."request_id" is null;
-- The text-search index without a pending list: PGlite runs no autovacuum to merge one, and every
-- search would read all of it (docs/benchmarks.md, "Knowledge retrieval").
DROP INDEX "knowledge_passages_search_idx";--> statement-breakpoint
CREATE INDEX "knowledge_passages_search_idx" ON "knowledge_passages" USING gin ("search") WITH (fastupdate=off);
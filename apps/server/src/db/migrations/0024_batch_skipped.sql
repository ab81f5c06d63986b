ALTER TABLE "batches" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Batches made before the counter: their skipped rows as the rows say.
UPDATE "batches" b SET "skipped" = (
  SELECT count(*) FROM "batch_rows" r WHERE r."batch_id" = b."id" AND r."status" = 'skipped'
);

ALTER TABLE "batch_rows" ADD COLUMN "tries_from" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_rows" ADD COLUMN "edited_parts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "file_problems" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "mail_due" boolean DEFAULT false NOT NULL;
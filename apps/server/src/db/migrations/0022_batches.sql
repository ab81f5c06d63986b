-- Bulk runs: a batch (a template kept as it was, over a spreadsheet's rows) and its rows, each written
-- once by the batch queue's jobs (pg-boss, in its own schema: docs/decisions/0031). A row reservation
-- is of the kind 'generate'.
CREATE TABLE "batch_rows" (
	"batch_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"line" integer NOT NULL,
	"inputs" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"outputs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"words" integer DEFAULT 0 NOT NULL,
	"error" text,
	"edited" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batch_rows_batch_id_index_pk" PRIMARY KEY("batch_id","index")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"template_name" text NOT NULL,
	"template" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"columns" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"skip_invalid" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"words_charged" integer DEFAULT 0 NOT NULL,
	"controls" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batch_rows" ADD CONSTRAINT "batch_rows_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_rows_status_idx" ON "batch_rows" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "batches_workspace_idx" ON "batches" USING btree ("workspace_id","created_at");
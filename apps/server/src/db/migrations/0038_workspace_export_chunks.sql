CREATE TABLE "workspace_export_chunks" (
	"export_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "workspace_export_chunks_export_id_seq_pk" PRIMARY KEY("export_id","seq")
);
--> statement-breakpoint
ALTER TABLE "workspace_exports" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_exports" ADD COLUMN "size" bigint;--> statement-breakpoint
ALTER TABLE "workspace_export_chunks" ADD CONSTRAINT "workspace_export_chunks_export_id_workspace_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."workspace_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Exports made before this one keep their zip: cut into the same 1 MiB parts, its size kept.
INSERT INTO "workspace_export_chunks" ("export_id", "seq", "data")
SELECT "id", "part", substring("file" FROM "part" * 1048576 + 1 FOR 1048576)
FROM "workspace_exports", generate_series(0, (length("file") - 1) / 1048576) AS "part"
WHERE "file" IS NOT NULL AND length("file") > 0;--> statement-breakpoint
UPDATE "workspace_exports" SET "size" = length("file") WHERE "file" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "workspace_exports" DROP COLUMN "file";
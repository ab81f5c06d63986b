ALTER TABLE "budget_notices" ADD COLUMN "mail_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "budget_notices" ADD COLUMN "mail_sent_at" timestamp with time zone;--> statement-breakpoint
-- Notices recorded before mails were tracked were mailed, or their mail is past help: none is owed.
UPDATE "budget_notices" SET "mail_sent_at" = "created_at";

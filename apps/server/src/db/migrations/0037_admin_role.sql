ALTER TABLE "workspace_sso" ADD COLUMN "default_role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "scim_admin_groups" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" in ('owner', 'admin', 'member'));--> statement-breakpoint
ALTER TABLE "workspace_sso" ADD CONSTRAINT "workspace_sso_default_role_check" CHECK ("workspace_sso"."default_role" in ('admin', 'member'));--> statement-breakpoint
COMMENT ON FUNCTION member_role(uuid, uuid) IS 'The user''s role in the workspace: one row (owner, admin or member) for a member, none for anyone else.';

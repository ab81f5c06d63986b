ALTER TABLE "documents" ADD COLUMN "yjs_state" bytea;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "text" text DEFAULT '' NOT NULL;--> statement-breakpoint

-- Live documents (ADR 0015): the Yjs state becomes a document's source of truth; `content` (ProseMirror
-- JSON) and `text` (plain text) are derived from it and stored with it in one write. Existing rows keep
-- their JSON and no state: the server seeds the state from the JSON the first time the document is
-- opened live, and their text is derived in the server until that first live store writes it.

import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assignableRoles, memberRoles, plans } from '@redacta/shared';

/*
 * The tables below are drizzle-kit's whole view of the database. These functions live outside it, in
 * hand-written SQL of the migrations (ADR 0006); drizzle-kit neither sees nor diffs them, so changing
 * one means a new migration that replaces it (its latest version is in the migration named):
 *
 * - `member_role(p_workspace_id, p_user_id)` — who belongs to a workspace (0005_rule_functions.sql);
 *   called by `requireMembership` and `requireProjectAccess`, and by `open_chat_turn`.
 * - `project_visible(p_project, p_user_id)` — who may see a project (0005_rule_functions.sql); called by
 *   `requireProjectAccess`, the project and folder lists, and `open_chat_turn`.
 * - `open_chat_turn(...)` — a chat request's checks, context and reservation in one call
 *   (0033_budgets.sql).
 * - `save_chat_reply(...)` — a reply, its citations, its charge and the end of its reservation, unless
 *   it is to be announced to webhooks (0040_reply_announcement.sql).
 * - `webhook_subscribers(p_workspace_id, p_event)`, `project_event_announced(p_project_id, p_event)` —
 *   the endpoints an event goes to, and whether a project's event goes to any (0040_reply_announcement.sql);
 *   called by `WebhookEvents.emit`, `projectEventAnnounced` and `save_chat_reply`.
 * - `reserve_words(...)` — the words and stream slot a call may use, within the plan's allowance and
 *   the member's budget, under the workspace's lock (0033_budgets.sql); called by `open_chat_turn` and
 *   `reserveWords` (improve, analysis).
 * - `settle_word_reservation(...)` — a call's charge, its row in usage_charges and the end of its
 *   reservation (0033_budgets.sql); called by `save_chat_reply` and `settleReservation`.
 * - `charge_words(...)` — the one place a usage counter changes (0003_chat_turns.sql).
 * - `member_budget_use(...)` — a member's budget and the words charged to them in a month
 *   (0041_member_budget_use.sql); called by `memberBudget`.
 * - `audit_entries_refuse_update()` — the trigger that keeps audit entries unchanged but for a deleted
 *   account's erasure (0036_audit_erasure.sql).
 * - `audit_personal_digest(...)`, `audit_entry_hash(...)` — the audit chain's hashes, for writing,
 *   verifying and upgrading alike (0036_audit_erasure.sql).
 * - `audit_erase_value(...)` — a before/after with a person's values erased (0036_audit_erasure.sql).
 */

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  picture: text('picture'),
  locale: text('locale', { enum: ['es', 'en'] })
    .notNull()
    .default('es'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One-time e-mail codes: sign-in, proving a new address before an e-mail change, or confirming an account's deletion. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: id(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['login', 'change_email', 'delete_account'] }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /** The interface language when the code was asked for: a user created by it gets this locale. */
    locale: text('locale', { enum: ['es', 'en'] })
      .notNull()
      .default('es'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_codes_email_purpose_idx').on(t.email, t.purpose, t.createdAt)],
);

/** Rotating refresh tokens. A family is one sign-in; reusing a rotated token revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * A workspace's API keys: only the key's hash is kept, with its first characters to tell keys apart.
 * A key acts as its creator (their current role caps it) in its own workspace; a revoked key keeps
 * its row, with its name and last use, until the workspace goes.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    scopes: text('scopes', { enum: ['read', 'write', 'generate'] })
      .array()
      .notNull(),
    expiresAt: at('expires_at'),
    /** Written at most once a minute per key, not on every request. */
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_workspace_idx').on(t.workspaceId, t.createdAt)],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'facebook'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_accounts_provider_user_uq').on(t.provider, t.providerUserId),
    index('oauth_accounts_user_idx').on(t.userId),
  ],
);

export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    plan: text('plan', { enum: plans }).notNull().default('free'),
    isGpt4TurnedOn: boolean('is_gpt4_turned_on').notNull().default(false),
    /** Seats for members besides the owner; members and pending invitations may not exceed it. */
    userSeats: integer('user_seats').notNull().default(0),
    stripeCustomerId: text('stripe_customer_id'),
    /** SCIM group names whose members are admins (docs/product.md, "SCIM provisioning"). */
    scimAdminGroups: text('scim_admin_groups')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('workspaces_owner_idx').on(t.ownerId)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: memberRoles }).notNull(),
    /**
     * The words this member may have charged per calendar month (UTC), set by the owner; null has no
     * cap beyond the plan's. Enforced by `reserve_words` (docs/product.md, "Usage per member and
     * budgets").
     */
    monthlyWordBudget: integer('monthly_word_budget'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_workspace_user_uq').on(t.workspaceId, t.userId),
    index('memberships_user_idx').on(t.userId),
    // The roles are the code's to name: a row with any other would be a member of nothing.
    check('memberships_role_check', sql`${t.role} in ('owner', 'admin', 'member')`),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_workspace_idx').on(t.workspaceId),
    uniqueIndex('invitations_pending_email_uq')
      .on(t.workspaceId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

export const folders = pgTable(
  'folders',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('folders_workspace_idx').on(t.workspaceId, t.createdAt),
    // Folder names are unique per workspace ignoring case; the service maps a clash to FOLDER_NAME_TAKEN.
    uniqueIndex('folders_workspace_name_uq').on(t.workspaceId, sql`lower(${t.name})`),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    /**
     * Null once its creator deleted their account: a shared project stays with the workspace, shown as
     * a former member's (docs/product.md, "Your data"); private ones pass to the owner before that.
     */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The API key it was made with (shown as "API · <key name>"); null when a person made it. */
    createdByApiKey: uuid('created_by_api_key').references(() => apiKeys.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /**
     * The name is still the one the server picked ("<date> Sin título"): the project's first message
     * names it. Renaming it, or naming it from that message, clears this.
     */
    nameIsDefault: boolean('name_is_default').notNull().default(false),
    isShared: boolean('is_shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_workspace_idx').on(t.workspaceId, t.createdAt),
    // The other sort keys of the project lists (keyset pagination by key, then id).
    index('projects_workspace_updated_idx').on(t.workspaceId, t.updatedAt),
    index('projects_workspace_name_idx').on(t.workspaceId, sql`lower(${t.name})`),
    index('projects_folder_idx').on(t.folderId),
    index('projects_creator_idx').on(t.createdBy),
  ],
);

export const brandVoices = pgTable(
  'brand_voices',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    voice: text('voice').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('brand_voices_workspace_idx').on(t.workspaceId),
    uniqueIndex('brand_voices_one_default_uq')
      .on(t.workspaceId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * One chat turn: the user's request or the AI's reply. Ordered by creation time. A request may have
 * several replies (Regenerate adds one); exactly one of them is shown, and only shown entries go into
 * the model's history.
 */
export const conversationEntries = pgTable(
  'conversation_entries',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: ['complete', 'aborted', 'failed'] })
      .notNull()
      .default('complete'),
    model: text('model'),
    brandVoiceId: uuid('brand_voice_id').references(() => brandVoices.id, { onDelete: 'set null' }),
    wordsCharged: integer('words_charged').notNull().default(0),
    /** A request sent from a library prompt, and one sent asking for live search: Regenerate repeats them. */
    promptId: uuid('prompt_id').references((): AnyPgColumn => prompts.id, { onDelete: 'set null' }),
    liveSearch: boolean('live_search').notNull().default(false),
    /**
     * A request sent as a template run: the template's id, name and language and its output parts as
     * they were when it ran (null: not a template run). Its reply shows in those parts and Regenerate
     * asks for them again, whatever became of the template since.
     */
    templateRun: jsonb('template_run'),
    /** A reply's request: the user entry it answers. Null for the user's entries. */
    requestId: uuid('request_id').references((): AnyPgColumn => conversationEntries.id, {
      onDelete: 'cascade',
    }),
    /** The version of a request's reply the conversation shows; always true for the user's entries. */
    shown: boolean('shown').notNull().default(true),
    /** The offline demo writer wrote this reply (no AI provider was configured). */
    demo: boolean('demo').notNull().default(false),
    /** The knowledge passages a reply was given, cited in its text as [n] (null: none). */
    sources: jsonb('sources'),
    /** The style findings ignored on a reply, by key (ignoreKey in packages/shared/src/style). */
    ignoredFindings: text('ignored_findings')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The API key it was made with (shown as "API · <key name>"); null when a person made it. */
    createdByApiKey: uuid('created_by_api_key').references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversation_entries_project_idx').on(t.projectId, t.createdAt),
    index('conversation_entries_request_idx').on(t.requestId),
    // The exchanges' first entries, newest first: a page of the conversation walks this index and
    // stops at its limit, whatever the planner believes of the table (PGlite has no statistics: it
    // is never analysed, see db/maintenance.ts). Without it the page read every request of the
    // project with its joins, then sorted them: a page of a 20,000-entry conversation took 51 ms of
    // the database thread here against 10 with it, and the time grew with every entry.
    index('conversation_entries_starts_idx')
      .on(t.projectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.requestId} is null`),
  ],
);

/** 👍/👎 feedback on an AI reply, one per reply and user. */
export const reactions = pgTable(
  'reactions',
  {
    id: id(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => conversationEntries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: text('value', { enum: ['up', 'down'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reactions_entry_user_uq').on(t.entryId, t.userId)],
);

/** The document beside the chat: ProseMirror JSON, one per project. */
/** PostgreSQL's binary type; pg answers a Buffer and PGlite a Uint8Array, both read as bytes. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A project's document. Once live, its Yjs state is the source of truth and `content` (ProseMirror JSON)
 * and `text` (plain text) are derived from it and stored with it in one write. A row without a Yjs state
 * has not been opened live yet: the server seeds the state from `content` the first time it loads it,
 * and its `text` stays empty until that first live store (readers derive it from `content` meanwhile).
 */
export const documents = pgTable('documents', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  content: jsonb('content').notNull(),
  yjsState: bytea('yjs_state'),
  text: text('text').notNull().default(''),
  updatedAt: updatedAt(),
});

/** The prompt library: built-in prompts have no workspace; custom prompts belong to one. */
export const prompts = pgTable(
  'prompts',
  {
    id: id(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['es', 'en'] }).notNull(),
    category: text('category'),
    name: text('name').notNull(),
    text: text('text').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('prompts_workspace_language_idx').on(t.workspaceId, t.language)],
);

/** Recently used prompts (the Recientes group), per workspace and user. */
export const promptUsage = pgTable(
  'prompt_usage',
  {
    promptId: uuid('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId, t.promptId] }),
    index('prompt_usage_recent_idx').on(t.workspaceId, t.userId, t.lastUsedAt),
  ],
);

/**
 * A workspace's own templates (docs/product.md, "Templates and bulk runs"): a prompt with typed fields
 * and, optionally, named output parts with limits. Built-in templates ship with the code and have no
 * row. `fields` and `output` are validated by the API contract on the way in and parsed with it on the
 * way out.
 */
export const templates = pgTable(
  'templates',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    language: text('language', { enum: ['es', 'en'] }).notNull(),
    prompt: text('prompt').notNull(),
    fields: jsonb('fields').notNull(),
    output: jsonb('output'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('templates_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/** AI words used per workspace and calendar month (UTC), period as YYYY-MM. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    wordCount: integer('word_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.period] })],
);

/**
 * Words set aside for AI calls in progress (docs/product.md, "Plans and the word allowance"): a
 * limited plan's call reserves the words it may use before the model starts, and is charged what it
 * used when it ends, which deletes the row. A chat reply also holds one while it streams on any plan
 * with a stream cap, words null when unlimited. A row outlives its process only until `expires_at`.
 */
export const wordReservations = pgTable(
  'word_reservations',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['chat', 'improve', 'analyze', 'transform', 'generate'] }).notNull(),
    /** The month the words are set aside from, as usage_counters.period. */
    period: text('period').notNull(),
    words: integer('words'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('word_reservations_workspace_idx').on(t.workspaceId, t.expiresAt)],
);

/**
 * Every charge of AI words, who it counts to and where (docs/product.md, "Usage per member and
 * budgets"): written by `settle_word_reservation` beside the workspace's counter, in the same
 * transaction. A call made with an API key counts to the key's creator and names the key. Rows outlive
 * the person, project or key they name (set null), so a month's totals never change after the fact.
 */
export const usageCharges = pgTable(
  'usage_charges',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** As usage_counters.period. */
    period: text('period').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['chat', 'improve', 'analyze', 'transform', 'generate'] }).notNull(),
    words: integer('words').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('usage_charges_member_idx').on(t.workspaceId, t.period, t.userId)],
);

/**
 * The budget notices sent (80 and 100 % of a member's monthly budget): the key makes each one once per
 * member and month, however many charges cross the threshold together.
 */
export const budgetNotices = pgTable(
  'budget_notices',
  {
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    threshold: integer('threshold').notNull(),
    createdAt: createdAt(),
    /** When a sender took the notice's mail on; a claim older than its lease is owed again. */
    mailClaimedAt: timestamp('mail_claimed_at', { withTimezone: true, mode: 'date' }),
    /** When the member's mail telling of it went out; null while it is owed. */
    mailSentAt: timestamp('mail_sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId, t.period, t.threshold] })],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    externalId: text('external_id').notNull(),
    customerId: text('customer_id'),
    paymentType: text('payment_type', { enum: ['MONTHLY', 'YEARLY'] }).notNull(),
    status: text('status').notNull(),
    extraSeats: integer('extra_seats').notNull().default(0),
    currentPeriodEnd: at('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the retention offer was taken: it is offered once per workspace, so this outlives subscriptions. */
    discountRequestedAt: at('discount_requested_at'),
    /** The end of the discount running now (the retention offer lasts a few months). */
    discountEndsAt: at('discount_ends_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_workspace_uq').on(t.workspaceId),
    uniqueIndex('subscriptions_external_uq').on(t.provider, t.externalId),
  ],
);

/**
 * Stripe webhook events, each claimed by a unique insert before it is applied: a finished one is never
 * applied again; one claimed but not finished within five minutes (its process died) may be claimed again.
 * See docs/decisions/0011-billing-modes-and-webhook-claims.md.
 */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  claimedAt: at('claimed_at').notNull().defaultNow(),
  /** Null while the claim is being applied. */
  processedAt: at('processed_at'),
});

/** The sandbox's checkout pages (billing mode `sandbox`): what is being bought, and where to go after. */
export const sandboxCheckoutSessions = pgTable(
  'sandbox_checkout_sessions',
  {
    /** `sbx_` and 24 letters or digits. */
    id: text('id').primaryKey(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lookupKey: text('lookup_key', { enum: ['proMonthly', 'proYearly'] }).notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    state: text('state', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_checkout_sessions_workspace_idx').on(t.workspaceId)],
);

/**
 * Saved versions of a project's document (docs/product.md, "Version history"): its Yjs state with the
 * ProseMirror JSON and plain text derived from it, and who edited it since the version before. `kind`
 * says why it was taken: `auto` (after a stretch of editing), `manual` ("Save version", with an optional
 * name) or `before-restore` (the document as it was just before a restore, so the restore can be undone).
 * Named versions are kept with the project; of the others only the newest 100 per document.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: id(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['auto', 'manual', 'before-restore'] }).notNull(),
    name: text('name'),
    /** Who saved it; null for one the server took by itself. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The API key it was made with (shown as "API · <key name>"); null when a person made it. */
    createdByApiKey: uuid('created_by_api_key').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** The users whose edits went into the document since the version before. */
    editorIds: uuid('editor_ids').array().notNull(),
    yjsState: bytea('yjs_state').notNull(),
    content: jsonb('content').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('document_versions_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * Edits not in a version yet: one row per document and editor, with the time of that editor's first
 * stored change since the last version. Taking a version claims (deletes) them under the document's
 * lock, on whichever instance takes it, so no edit is counted twice or lost across instances and restarts.
 */
export const documentPendingEdits = pgTable(
  'document_pending_edits',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    since: at('since').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);

/** PostgreSQL's text-search document; written by the database itself (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A workspace's knowledge: a file (kept here, so a source interrupted mid-processing can be processed
 * again after a restart) or a web page. `status` goes from `processing` to `ready` or `failed` (with
 * `failureReason`); `attempts` counts the processing runs started, so a source that keeps stopping the
 * server fails INTERRUPTED instead of being retried for ever; `leaseUntil` is until when the instance
 * processing it holds it (renewed while it works), so no other instance takes it over meanwhile and
 * one whose processor died is taken over once it passes. `embeddingModel` is the model its
 * passages were embedded with (null: none); a source whose model differs from the configured one is
 * re-indexed in the background.
 */
export const knowledgeSources = pgTable(
  'knowledge_sources',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['file', 'url'] }).notNull(),
    url: text('url'),
    mediaType: text('media_type'),
    file: bytea('file'),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    embeddingModel: text('embedding_model'),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('knowledge_sources_workspace_idx').on(t.workspaceId, t.createdAt),
    index('knowledge_sources_processing_idx')
      .on(t.status)
      .where(sql`${t.status} = 'processing'`),
  ],
);

/**
 * A passage of a knowledge source: a few hundred words with where they sit (a PDF's page, or the
 * headings above them), the language they are written in, and the text-search document in that
 * language's configuration, which the database derives from the text. `embedding` holds the passage's
 * vector when an embedding provider is configured.
 */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: id(),
    knowledgeId: uuid('knowledge_id')
      .notNull()
      .references(() => knowledgeSources.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    locator: jsonb('locator').notNull(),
    language: text('language', { enum: ['es', 'en'] }).notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`case when language = 'es' then to_tsvector('spanish'::regconfig, text) else to_tsvector('english'::regconfig, text) end`,
      ),
    embedding: real('embedding').array(),
  },
  (t) => [
    index('knowledge_passages_source_idx').on(t.knowledgeId, t.position),
    index('knowledge_passages_workspace_idx').on(t.workspaceId),
    // No pending list: PGlite has no autovacuum to merge one, and every search would read all of it.
    index('knowledge_passages_search_idx').using('gin', t.search).with({ fastupdate: 'off' }),
  ],
);
/**
 * A workspace's style rules (docs/product.md, "Style rules"): the whole list in one JSON array, in the
 * order the page shows it, each rule with its id. Written whole by the owner's save, so a save is one
 * statement and two saves cannot interleave their rules; validated by the API contract on the way in
 * and parsed with it on the way out.
 */
export const workspaceStyleRules = pgTable('workspace_style_rules', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  rules: jsonb('rules').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * A bulk run: a template over the rows of a spreadsheet (docs/product.md, "Templates and bulk runs";
 * ADR 0031). The template is kept as it was when the batch was made (`template`), so editing or
 * deleting it later changes no batch. `done`, `failed`, `skipped` and `wordsCharged` change with the
 * rows they count, in their transaction.
 */
export const batches = pgTable(
  'batches',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').notNull(),
    templateName: text('template_name').notNull(),
    template: jsonb('template').notNull(),
    fileName: text('file_name').notNull(),
    columns: jsonb('columns').notNull(),
    mapping: jsonb('mapping').notNull(),
    skipInvalid: boolean('skip_invalid').notNull().default(false),
    status: text('status', { enum: ['draft', 'running', 'paused', 'done', 'cancelled'] })
      .notNull()
      .default('draft'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    wordsCharged: integer('words_charged').notNull().default(0),
    controls: jsonb('controls').notNull(),
    /** What reading the file found wrong (ragged rows, formula cells), by line and column, kept for the draft. */
    fileProblems: jsonb('file_problems').notNull().default([]),
    /**
     * Set by the commit that ends a batch that ran long, cleared once its creator's mail is sent: a mail
     * still owed when a server starts (its sender died, the mail server was down) is sent then.
     */
    mailDue: boolean('mail_due').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [index('batches_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/** One row of a batch: its inputs by column, and once generated its outputs by part. */
export const batchRows = pgTable(
  'batch_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    /** The row's line in the file, header included (what problems name). */
    line: integer('line').notNull(),
    inputs: jsonb('inputs').notNull(),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    outputs: jsonb('outputs').notNull().default({}),
    flags: jsonb('flags').notNull().default([]),
    words: integer('words').notNull().default(0),
    error: text('error'),
    edited: boolean('edited').notNull().default(false),
    /** Times the row was taken to be generated; a job for an earlier attempt finds the row moved on. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * `attempts` when the row was last queued to be written: a row written again (regenerated) counts its
     * tries from there, while `attempts` only grows, so a claim from an earlier write never matches.
     */
    triesFrom: integer('tries_from').notNull().default(0),
    /** Parts changed by hand since the row was last queued: a write in progress keeps their text. */
    editedParts: jsonb('edited_parts').notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.index] }),
    index('batch_rows_status_idx').on(t.batchId, t.status),
  ],
);

/** A workspace's webhook endpoint: where the events it chose are sent, signed with its secret. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** `whsec_` + base64: kept as it is, since every delivery is signed with it. */
    secret: text('secret').notNull(),
    /** The secret before the last rotation, which also signs until `previous_secret_until`. */
    previousSecret: text('previous_secret'),
    previousSecretUntil: at('previous_secret_until'),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason', { enum: ['manual', 'failures'] }),
    /** Events in a row whose every attempt failed; any delivered event sets it back to 0. */
    failedEvents: integer('failed_events').notNull().default(0),
    lastDeliveryAt: at('last_delivery_at'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/** One event for one endpoint: its body, the same on every attempt, and where it stands. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** Sent as `webhook-id`: the receiver's key for telling a retry from a new event. */
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** The delivery log: every attempt to send a delivery, with what the receiver answered. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    succeeded: boolean('succeeded').notNull(),
    statusCode: integer('status_code'),
    responseMs: integer('response_ms'),
    error: text('error'),
    at: createdAt(),
  },
  (t) => [uniqueIndex('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
/**
 * The first answer of each `Idempotency-Key` a principal sent (plugins/idempotency.ts): per user, API
 * key (null for a person's session) and workspace (null for a route that names none), by the key's
 * hash. `status` is null while the first request runs (until `claimedUntil`, after which its process is
 * taken for dead); the answer is kept until `expiresAt`, then deleted by the database maintenance.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** Not a foreign key: the key is claimed before the route checks the workspace (any id is kept as sent). */
    workspaceId: uuid('workspace_id'),
    keyHash: text('key_hash').notNull(),
    /** sha256 of the request as canonical JSON: its route, parameters and body. */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    claimedUntil: at('claimed_until').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('idempotency_keys_principal_key_uq')
      .on(t.userId, t.apiKeyId, t.workspaceId, t.keyHash)
      .nullsNotDistinct(),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A workspace's single sign-on through its own OpenID Connect provider (Enterprise): one row per
 * workspace. The client secret is kept encrypted (lib/secrets.ts `sealSecret`), since each sign-in
 * sends it to the provider, and is never answered.
 */
export const workspaceSso = pgTable(
  'workspace_sso',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    /** Addresses in the workspace's verified domains sign in only through its provider. */
    enforced: boolean('enforced').notNull().default(false),
    /** The role a person's first sign-in through the provider joins the workspace with. */
    defaultRole: text('default_role', { enum: assignableRoles }).notNull().default('member'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('workspace_sso_default_role_check', sql`${t.defaultRole} in ('admin', 'member')`)],
);

/**
 * An e-mail domain a workspace claims for its sign-on, verified by a DNS TXT record carrying
 * `verification_token`. Several workspaces may claim a domain while none has proved it (so nobody
 * can squat one), but one verified claim at most exists per domain (the partial unique index).
 */
export const workspaceSsoDomains = pgTable(
  'workspace_sso_domains',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    verificationToken: text('verification_token').notNull(),
    verifiedAt: at('verified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('workspace_sso_domains_workspace_domain_uq').on(t.workspaceId, t.domain),
    uniqueIndex('workspace_sso_domains_verified_uq')
      .on(t.domain)
      .where(sql`${t.verifiedAt} IS NOT NULL`),
  ],
);

/**
 * A workspace's audit log (modules/audit): append-only, one hash chain per workspace. `seq` counts the
 * workspace's entries from 1. The fields that can name a person (actor, address, browser, target,
 * before/after) are sealed by `personal_digest`, sha256 over a random `personal_salt` and those
 * fields; `hash` is sha256 over `prev_hash`, the other fields and that digest (`audit_entry_hash`,
 * `audit_personal_digest`), so editing or removing an entry breaks every hash after it, while a
 * deleted account's personal fields can be erased (and the salt with them) without breaking it.
 * Entries older than the plan's retention are pruned from the oldest end by the database
 * maintenance. No foreign key to the workspace: a deleted workspace's log outlives it for its
 * retention (`audit_chain_heads.deleted_at`); nor to the actor: a later change elsewhere must not
 * rewrite a hashed row.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: id(),
    workspaceId: uuid('workspace_id').notNull(),
    seq: integer('seq').notNull(),
    at: at('at').notNull(),
    actorKind: text('actor_kind', { enum: ['user', 'api_key', 'scim', 'system'] }).notNull(),
    actorUserId: uuid('actor_user_id'),
    actorApiKeyId: uuid('actor_api_key_id'),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Random per entry; null once the entry's person was erased, so the digest cannot be matched. */
    personalSalt: text('personal_salt'),
    personalDigest: text('personal_digest').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_entries_workspace_seq_uq').on(t.workspaceId, t.seq),
    index('audit_entries_workspace_at_idx').on(t.workspaceId, t.at),
    index('audit_entries_actor_user_idx').on(t.actorUserId),
  ],
);

/**
 * The newest link of each workspace's audit chain. Appending locks this row, so entries written at once
 * take turns and keep one chain; it outlives pruning, so the chain goes on from where it was, and it
 * tells a verification where the chain must end (an entry cut from the newest end is seen). It outlives
 * its workspace too: a deleted workspace's head says when it went and how many days its plan kept the
 * log, until the maintenance prunes the last of it and the head with it.
 */
export const auditChainHeads = pgTable('audit_chain_heads', {
  workspaceId: uuid('workspace_id').primaryKey(),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
  deletedAt: at('deleted_at'),
  retentionDays: integer('retention_days'),
});

/**
 * A workspace's SCIM bearer token (Enterprise, docs/product.md "SCIM provisioning"): at most one not
 * revoked per workspace, stored as a hash; rotating revokes the old one in the same transaction.
 */
export const scimTokens = pgTable(
  'scim_tokens',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Written at most once a minute per token, not on every request. */
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scim_tokens_live_workspace_uq')
      .on(t.workspaceId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * A person an identity provider provisioned into a workspace through SCIM. The person is active while
 * they are a member (the membership is the one source of access); the row outlives the membership
 * while they are deactivated, so the provider can read and reactivate them under the same id.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('scim_users_workspace_user_uq').on(t.workspaceId, t.userId)],
);

/** A group an identity provider keeps in a workspace through SCIM; its members are SCIM users. */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('scim_groups_workspace_name_uq').on(t.workspaceId, t.displayName)],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    scimUserId: uuid('scim_user_id')
      .notNull()
      .references(() => scimUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.scimUserId] }),
    index('scim_group_members_user_idx').on(t.scimUserId),
  ],
);

/**
 * A whole workspace exported by its owner (docs/product.md, "Your data"): built on the job queue into
 * a zip kept in `workspace_export_chunks` until `expires_at` (7 days), when the database maintenance
 * deletes the row and, by cascade, its chunks. `progress` is the share of the work done, 0–100.
 */
export const workspaceExports = pgTable(
  'workspace_exports',
  {
    id: id(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'running', 'ready', 'failed'] })
      .notNull()
      .default('queued'),
    progress: integer('progress').notNull().default(0),
    /**
     * Counts the runs of the export's job: a run owns the chunks only while this is still its number,
     * so a run that outlived its job's heartbeat cannot add parts to the retry's zip.
     */
    attempt: integer('attempt').notNull().default(0),
    /** The zip's bytes, once ready: the sum of its chunks, sent as the download's length. */
    size: bigint('size', { mode: 'number' }),
    fileName: text('file_name'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('workspace_exports_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * A workspace export's zip in parts of about a MiB, in order, written as the zip is built and read
 * one at a time as it is downloaded (ADR 0041): no instance holds the whole archive, and every
 * instance can serve it. They go with their export, by cascade.
 */
export const workspaceExportChunks = pgTable(
  'workspace_export_chunks',
  {
    exportId: uuid('export_id')
      .notNull()
      .references(() => workspaceExports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.seq] })],
);

import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.ts';
import type { Plan } from '../plans.ts';

/**
 * The audit log: every security-relevant change in a workspace, who made it (a person, "API · <key
 * name>", SCIM or the system: Stripe's events, the operator command), when, from which address and
 * browser, what it touched, and its before/after where one applies. Its owner reads and exports it;
 * nothing edits or deletes an entry (docs/product.md, "Audit log").
 */
export const auditActions = [
  'auth.signed_in',
  'auth.sign_in_failed',
  'invitation.sent',
  'invitation.resent',
  'invitation.accepted',
  'invitation.revoked',
  'member.removed',
  'member.left',
  'member.role_changed',
  'billing.plan_changed',
  'billing.seats_changed',
  'billing.cancel_scheduled',
  'billing.resumed',
  'billing.retention_applied',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.secret_rotated',
  'webhook.deleted',
  'document.version_restored',
  'project.shared',
  'project.made_private',
  'workspace.renamed',
  'sso.settings_changed',
  'sso.domain_claimed',
  'sso.domain_verified',
  'sso.domain_released',
  'sso.member_joined',
  'scim.token_created',
  'scim.token_revoked',
  'scim.member_joined',
  'scim.group_created',
  'scim.group_changed',
  'scim.group_deleted',
  'scim.admin_groups_changed',
  'budget.changed',
  'usage.exported',
  'audit.exported',
  'workspace.export_started',
  'workspace.export_downloaded',
  'workspace.owner_changed',
  'workspace.deleted',
  'account.data_exported',
  'account.deleted',
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * What an entry says where a deleted account's person was named (actor, target, a before/after
 * value); the web shows its own words for it. The database's erasure rule allows exactly this text.
 */
export const AUDIT_FORMER_MEMBER_LABEL = 'Former member';

export const auditActorKinds = ['user', 'api_key', 'scim', 'system'] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

/** Entries a page of the list holds. */
export const AUDIT_PAGE_SIZE = 50;

export const auditListQuerySchema = z.strictObject({
  action: z.enum(auditActions).optional(),
  /** A person's user id or an API key's id: the entries they made. */
  actor: idSchema.optional(),
  /** Entries at or after this time. */
  from: isoDateSchema.optional(),
  /** Entries before this time. */
  to: isoDateSchema.optional(),
  cursor: z.string().min(1).max(1000).optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditExportQuerySchema = auditListQuerySchema.omit({ cursor: true });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

const auditValueSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: idSchema,
  at: isoDateSchema,
  /** Who acted: a person's name, "API · <key name>", "SCIM", "Stripe" or "Operator". */
  actor: z.string(),
  actorKind: z.enum(auditActorKinds),
  /** The person's id (also for an API key: its creator's), null for SCIM and the system. */
  actorUserId: idSchema.nullable(),
  actorApiKeyId: idSchema.nullable(),
  action: z.enum(auditActions),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }),
  before: auditValueSchema,
  after: auditValueSchema,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditList = z.infer<typeof auditListSchema>;

/**
 * Someone the log names as having acted, to filter by: a person (by the label their newest entry
 * gives them) or an API key. `former`: a person no longer a member, a key revoked or deleted.
 */
export const auditActorSchema = z.object({
  id: idSchema,
  kind: z.enum(['user', 'api_key']),
  label: z.string(),
  former: z.boolean(),
});
export type AuditActorOption = z.infer<typeof auditActorSchema>;

export const auditActorListSchema = z.object({
  /** Current members and keys first, then former ones, each by label. */
  actors: z.array(auditActorSchema),
});
export type AuditActorList = z.infer<typeof auditActorListSchema>;

/** Days an audit entry is kept, by the workspace's plan (docs/product.md, "Audit log"). */
export const AUDIT_RETENTION_DAYS: Record<Plan, number> = {
  free: 30,
  pro_monthly: 90,
  pro_yearly: 90,
  enterprise: 365,
};

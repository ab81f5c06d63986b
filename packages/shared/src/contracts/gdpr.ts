import { z } from 'zod';
import { memberRoles } from '../rules/roles.ts';
import { freeText } from '../rules/text.ts';
import { WORKSPACE_NAME_MAX_LENGTH } from '../rules/names.ts';

/*
 * The GDPR rights (docs/product.md, "Your data"): a person downloads their data and deletes their
 * account; an owner deletes a workspace.
 */

const signInCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);

/** A person as the account's data and the deletion plan name them. */
const personSchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});

/** One entry of a conversation the person wrote in: their message, or a reply to it. */
const exportedEntrySchema = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  status: z.enum(['complete', 'aborted', 'failed']),
  /** The message a reply answers; null for the person's own messages. */
  requestId: z.uuid().nullable(),
  createdAt: z.string(),
});

/** `GET /user/export`: everything Redacta keeps that is the person's, as one JSON file. */
export const personalExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    picture: z.string().nullable(),
    locale: z.enum(['es', 'en']),
    createdAt: z.string(),
    signInProviders: z.array(z.enum(['google', 'facebook'])),
  }),
  memberships: z.array(
    z.object({
      workspaceId: z.uuid(),
      workspaceName: z.string(),
      role: z.enum(memberRoles),
      joinedAt: z.string(),
    }),
  ),
  conversations: z.array(
    z.object({
      projectId: z.uuid(),
      projectName: z.string(),
      workspaceId: z.uuid(),
      entries: z.array(exportedEntrySchema),
    }),
  ),
  prompts: z.array(
    z.object({
      id: z.uuid(),
      workspaceId: z.uuid().nullable(),
      language: z.enum(['es', 'en']),
      name: z.string(),
      text: z.string(),
      createdAt: z.string(),
    }),
  ),
  brandVoices: z.array(
    z.object({
      id: z.uuid(),
      workspaceId: z.uuid(),
      name: z.string(),
      voice: z.string(),
      createdAt: z.string(),
    }),
  ),
  templates: z.array(
    z.object({
      id: z.uuid(),
      workspaceId: z.uuid(),
      name: z.string(),
      description: z.string(),
      language: z.enum(['es', 'en']),
      prompt: z.string(),
      fields: z.unknown(),
      output: z.unknown(),
      createdAt: z.string(),
    }),
  ),
});
export type PersonalExport = z.infer<typeof personalExportSchema>;

/**
 * `GET /user/deletion`: what deleting the account would decide for the workspaces the person owns,
 * each with the other members one of whom may take it over (none: it is deleted with the account).
 */
export const accountDeletionPlanSchema = z.object({
  ownedWorkspaces: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      members: z.array(personSchema),
    }),
  ),
});
export type AccountDeletionPlan = z.infer<typeof accountDeletionPlanSchema>;

/** For an owned workspace: hand it to one of its members, or delete it with the account. */
export const ownedWorkspaceDecisionSchema = z.discriminatedUnion('action', [
  z.strictObject({ workspaceId: z.uuid(), action: z.literal('transfer'), newOwnerId: z.uuid() }),
  z.strictObject({ workspaceId: z.uuid(), action: z.literal('delete') }),
]);
export type OwnedWorkspaceDecision = z.infer<typeof ownedWorkspaceDecisionSchema>;

/**
 * `DELETE /user`: the code mailed by `POST /user/deletion-code` and a decision for each owned
 * workspace that has other members (one without is deleted with the account).
 */
export const deleteAccountBodySchema = z.strictObject({
  code: signInCodeSchema,
  workspaces: z.array(ownedWorkspaceDecisionSchema).max(500).default([]),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

/** `DELETE /workspace/:id`: the workspace's name, typed as it is, confirms it. */
export const deleteWorkspaceBodySchema = z.strictObject({
  name: freeText({ max: WORKSPACE_NAME_MAX_LENGTH * 4 }),
});
export type DeleteWorkspaceBody = z.infer<typeof deleteWorkspaceBodySchema>;

/** Days a workspace's export is kept for download; then its file is deleted. */
export const WORKSPACE_EXPORT_KEPT_DAYS = 7;

/** A workspace's export as it is built on the job queue and then kept for download. */
export const workspaceExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  /** The share written so far, 0–100. */
  progress: z.number().int().min(0).max(100),
  createdAt: z.string(),
  /** When the file is deleted. */
  expiresAt: z.string(),
});
export type WorkspaceExport = z.infer<typeof workspaceExportSchema>;

/** `GET /workspace/:id/export`: the newest export still kept, if any. */
export const latestWorkspaceExportSchema = z.object({ export: workspaceExportSchema.nullable() });
export type LatestWorkspaceExport = z.infer<typeof latestWorkspaceExportSchema>;

export const workspaceExportParamsSchema = z.strictObject({ id: z.uuid(), exportId: z.uuid() });

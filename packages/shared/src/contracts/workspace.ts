import { z } from 'zod';
import { plans } from '../plans.ts';
import { WORKSPACE_NAME_MAX_LENGTH } from '../rules/names.ts';
import { freeText } from '../rules/text.ts';
import { memberBudgetSchema } from './budgets.ts';

/** A person as workspaces show them: the owner, and each member. */
export const workspaceOwnerSchema = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
});

export const workspaceUsageSchema = z.object({
  workspaceId: z.uuid(),
  wordCount: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative().nullable(),
  remaining: z.number().int().nonnegative().nullable(),
  resetsAt: z.string(),
  /**
   * The asking member's own monthly budget (docs/product.md, "Usage per member and budgets"): null
   * without one. Only the usage route answers it; absent elsewhere.
   */
  budget: memberBudgetSchema.nullable().optional(),
});
export type WorkspaceUsage = z.infer<typeof workspaceUsageSchema>;

/** Members besides the owner (`invitedUsers`); with pending invitations, at most `userSeats`. */
export const invitedUserSchema = workspaceOwnerSchema;

export const premiumSubscriptionSchema = z.object({
  paymentType: z.enum(['MONTHLY', 'YEARLY']),
  status: z.string(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});

export const workspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  ownerId: z.uuid(),
  owner: workspaceOwnerSchema,
  plan: z.enum(plans),
  isPro: z.boolean(),
  isEnterprise: z.boolean(),
  enterprisePlan: z.boolean(),
  isGpt4TurnedOn: z.boolean(),
  userSeats: z.number().int().nonnegative(),
  invitedUsers: z.array(invitedUserSchema),
  /** The ids of those of `invitedUsers` who are admins (docs/product.md, "Workspaces and roles"). */
  adminIds: z.array(z.uuid()).optional(),
  premiumSubscription: premiumSubscriptionSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  workspaceUsage: workspaceUsageSchema,
  /**
   * The project /chat opens in this workspace when none is chosen: the first of the user's recent
   * projects (its projects by last change, newest first), or null when they see none. It comes with
   * the list so a session's start needs no second request to know it.
   */
  newestProjectId: z.uuid().nullable(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListResponseSchema = z.array(workspaceSchema);
export type WorkspaceListResponse = z.infer<typeof workspaceListResponseSchema>;

export const renameWorkspaceBodySchema = z.strictObject({
  name: freeText({ max: WORKSPACE_NAME_MAX_LENGTH }),
});
export type RenameWorkspaceBody = z.infer<typeof renameWorkspaceBodySchema>;

export const renameWorkspaceResponseSchema = z.object({ id: z.uuid(), name: z.string() });
export type RenameWorkspaceResponse = z.infer<typeof renameWorkspaceResponseSchema>;

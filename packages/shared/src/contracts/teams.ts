import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmail } from '../rules/email.ts';
import { INVITATION_TOKEN_PATTERN } from '../rules/invitation-token.ts';
import { freeText } from '../rules/text.ts';
import { workspaceOwnerSchema } from './workspace.ts';
import { assignableRoles, memberRoles } from '../rules/roles.ts';

/**
 * Members and invitations. Who may do what: docs/product.md, "Who may do what". Seats: members
 * besides the owner plus pending invitations never exceed the workspace's `userSeats`.
 */

export const INVITATION_VALID_DAYS = 7;

/** An invitation link's token (rules/invitation-token.ts). */
export const invitationTokenSchema = z.string().regex(INVITATION_TOKEN_PATTERN, 'Invalid invitation token');

export const inviteBodySchema = z.strictObject({
  email: freeText({ max: EMAIL_MAX_LENGTH }).refine(isValidEmail, {
    message: 'Enter a valid e-mail address',
  }),
});
export type InviteBody = z.infer<typeof inviteBodySchema>;

export const pendingInvitationSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  email: z.string(),
  invitedBy: workspaceOwnerSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

export const pendingInvitationsResponseSchema = z.array(pendingInvitationSchema);
export type PendingInvitationsResponse = z.infer<typeof pendingInvitationsResponseSchema>;

/** `resent`: the address already had a pending invitation, which was sent again (not duplicated). */
export const inviteResponseSchema = z.object({ invitation: pendingInvitationSchema, resent: z.boolean() });
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

export const acceptInvitationBodySchema = z.strictObject({ token: invitationTokenSchema });
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;

/** The workspace joined. */
export const acceptInvitationResponseSchema = z.object({ id: z.uuid() });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

/**
 * What the invitation page shows before accepting (no session needed: the token is the proof). The
 * state says whether it can still be accepted.
 */
export const invitationPreviewBodySchema = acceptInvitationBodySchema;
export const invitationStates = ['pending', 'expired', 'revoked', 'used'] as const;
export type InvitationState = (typeof invitationStates)[number];
export const invitationPreviewSchema = z.object({
  state: z.enum(invitationStates),
  workspaceName: z.string(),
  inviterName: z.string(),
  email: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const memberRoleBodySchema = z.strictObject({ role: z.enum(assignableRoles) });
export type MemberRoleBody = z.infer<typeof memberRoleBodySchema>;

export const memberSchema = workspaceOwnerSchema.extend({
  role: z.enum(memberRoles),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** The owner first, then members by joining date; `seatsUsed` = members besides the owner + pending invitations. */
export const membersResponseSchema = z.object({
  members: z.array(memberSchema),
  userSeats: z.number().int().nonnegative(),
  seatsUsed: z.number().int().nonnegative(),
});
export type MembersResponse = z.infer<typeof membersResponseSchema>;

export const removeMemberParamsSchema = z.strictObject({ id: z.uuid(), userId: z.uuid() });
export type RemoveMemberParams = z.infer<typeof removeMemberParamsSchema>;

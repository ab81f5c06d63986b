import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * Usage per member and budgets (docs/product.md, "Usage per member and budgets"): the words charged in
 * a calendar month (UTC) by member and by project, and the monthly word cap an owner may set on each
 * member, themselves included.
 */

/** The largest monthly budget that may be set: far above any month a person writes, within an integer. */
export const MEMBER_BUDGET_MAX = 100_000_000;
/** Shares of a budget at which its member is told (in the app, and once a month by mail). */
export const BUDGET_NOTICE_THRESHOLDS = [80, 100] as const;

/** A calendar month as `YYYY-MM`, as usage periods are written. */
export const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'Write the month as YYYY-MM' });

export const usageBreakdownQuerySchema = z.strictObject({
  /** The month to break down; this month (UTC) when absent. */
  month: monthSchema.optional(),
});
export type UsageBreakdownQuery = z.infer<typeof usageBreakdownQuerySchema>;

export const memberBudgetBodySchema = z.strictObject({
  /** Words the member may have charged per month; null removes the cap. */
  monthlyWords: z.number().int().min(0).max(MEMBER_BUDGET_MAX).nullable(),
});
export type MemberBudgetBody = z.infer<typeof memberBudgetBodySchema>;

export const memberBudgetParamsSchema = z.strictObject({ id: idSchema, userId: idSchema });

/** A member's budget for this month: the cap, what was charged to them, and what is left. */
export const memberBudgetSchema = z.object({
  monthlyWords: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
  /** The highest notice threshold reached (80 or 100), or null below the first. */
  reached: z.number().int().nullable(),
});
export type MemberBudget = z.infer<typeof memberBudgetSchema>;

export const memberBudgetResponseSchema = z.object({
  userId: idSchema,
  monthlyWords: z.number().int().nonnegative().nullable(),
});
export type MemberBudgetResponse = z.infer<typeof memberBudgetResponseSchema>;

export const usageBreakdownMemberSchema = z.object({
  /** Null for words of a person whose account no longer exists ("former member"). */
  userId: idSchema.nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** Whether they still belong to the workspace. */
  isMember: z.boolean(),
  words: z.number().int().nonnegative(),
  /** Of `words`, those written through API keys this person made, by key. */
  apiKeys: z.array(
    z.object({ apiKeyId: idSchema.nullable(), name: z.string().nullable(), words: z.number().int() }),
  ),
  /** Their monthly budget; null without one (or when not a member any more). */
  monthlyWords: z.number().int().nonnegative().nullable(),
});

export const usageBreakdownProjectSchema = z.object({
  /** Null for words written outside a project (analyses, bulk rows, API calls) or in a deleted one. */
  projectId: idSchema.nullable(),
  /** Null without a project, and for someone else's private project, whose name is theirs alone. */
  name: z.string().nullable(),
  words: z.number().int().nonnegative(),
});

export const usageBreakdownSchema = z.object({
  month: z.string(),
  /** Everyone whose words the caller may see: for the owner every member, for a member themselves. */
  members: z.array(usageBreakdownMemberSchema),
  projects: z.array(usageBreakdownProjectSchema),
  /** The sum of `members`' words. */
  words: z.number().int().nonnegative(),
});
export type UsageBreakdown = z.infer<typeof usageBreakdownSchema>;
export type UsageBreakdownMember = z.infer<typeof usageBreakdownMemberSchema>;
export type UsageBreakdownProject = z.infer<typeof usageBreakdownProjectSchema>;

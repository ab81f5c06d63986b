import type { Plan } from '@redacta/shared/plans';

/**
 * The plan's display name key: Plan gratuito / Free plan, Plan Pro for both Pro plans, Plan Enterprise / Enterprise plan
 * (docs/product.md, "Plans and the word allowance").
 */
export function planLabelKey(plan: Plan): string {
  if (plan === 'free') return 'plans.free';
  if (plan === 'enterprise') return 'plans.enterprise';
  return 'plans.pro';
}

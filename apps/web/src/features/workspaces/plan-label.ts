import type { Plan } from '@redacta/shared/plans';

/** Spec §9 labels: Plan gratuito, Plan Pro, Enterprise plan (localised keys). */
export function planLabelKey(plan: Plan): string {
  if (plan === 'free') return 'plans.free';
  if (plan === 'enterprise') return 'plans.enterprise';
  return 'plans.pro';
}

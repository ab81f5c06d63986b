export { planLabelKey } from './plan-label';

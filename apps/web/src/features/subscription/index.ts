export { UpgradeModal } from './components/upgrade-modal';
export { useCheckoutReturn } from './hooks/use-checkout-return';

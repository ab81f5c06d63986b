export { UpgradeModal } from './components/upgrade-modal';

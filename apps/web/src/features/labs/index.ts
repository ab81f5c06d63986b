export { PremiumModelSwitch } from './components/premium-model-switch';

export { BrandVoiceHeaderActions } from './components/brand-voice-header';

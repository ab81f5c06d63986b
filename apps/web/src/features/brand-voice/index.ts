export { BrandVoiceHeaderActions } from './components/brand-voice-header';
export { BrandVoicePicker } from './components/brand-voice-picker';
export { useActiveBrandVoice } from './use-active-brand-voice';

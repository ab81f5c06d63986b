import type { BrandVoiceSummary } from '@redacta/shared';
import { useBrandVoices } from './api/use-brand-voices';
import { pickBrandVoice, usePickedBrandVoice } from './active-voice-store';

/** The picked voice if it still exists, else the workspace's default once the list has loaded. */
export function resolveActiveVoice(
  voices: BrandVoiceSummary[] | undefined,
  picked: string | null | undefined,
): string | null {
  if (!voices || picked === null) return null;
  if (picked !== undefined && voices.some((voice) => voice.id === picked)) return picked;
  return voices.find((voice) => voice.isDefault)?.id ?? null;
}

/** The workspace's voices, the active one, and a way to pick another (or none). */
export function useBrandVoiceChoice() {
  const query = useBrandVoices();
  const picked = usePickedBrandVoice(query.workspaceId);
  return {
    ...query,
    activeBrandVoiceId: resolveActiveVoice(query.data, picked),
    pick: (voiceId: string | null) => pickBrandVoice(query.workspaceId, voiceId),
  };
}

/** The brand voice chat writes in: `null` for none (or while the list loads). */
export function useActiveBrandVoice(): { activeBrandVoiceId: string | null } {
  return { activeBrandVoiceId: useBrandVoiceChoice().activeBrandVoiceId };
}

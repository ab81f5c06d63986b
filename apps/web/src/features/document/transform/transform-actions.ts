import { outputLanguages, writingTones, type TransformRequest } from '@redacta/shared';

/** One entry of the selection's AI menu: an action to run, a submenu, or the free instruction. */
export type MenuEntry =
  | { id: string; labelKey: string; request: TransformRequest }
  | { id: 'tone' | 'translate'; labelKey: string; submenu: 'tone' | 'translate' }
  | { id: 'custom'; labelKey: string; custom: true };

export const mainEntries: MenuEntry[] = [
  { id: 'rewrite', labelKey: 'document.transform.actions.rewrite', request: { action: 'rewrite' } },
  { id: 'shorten', labelKey: 'document.transform.actions.shorten', request: { action: 'shorten' } },
  { id: 'lengthen', labelKey: 'document.transform.actions.lengthen', request: { action: 'lengthen' } },
  { id: 'tone', labelKey: 'document.transform.actions.tone', submenu: 'tone' },
  { id: 'translate', labelKey: 'document.transform.actions.translate', submenu: 'translate' },
  { id: 'correct', labelKey: 'document.transform.actions.correct', request: { action: 'correct' } },
  { id: 'custom', labelKey: 'document.transform.actions.custom', custom: true },
];

export const submenuEntries: Record<'tone' | 'translate', MenuEntry[]> = {
  tone: writingTones.map((tone) => ({
    id: `tone-${tone}`,
    labelKey: `document.transform.tones.${tone}`,
    request: { action: 'tone', tone },
  })),
  translate: outputLanguages.map((language) => ({
    id: `translate-${language}`,
    labelKey: `document.transform.languages.${language}`,
    request: { action: 'translate', language },
  })),
};

/** The label of what a run was asked to do, for the preview's heading. */
export function requestLabelKey(request: TransformRequest): string {
  if (request.action === 'tone') return `document.transform.tones.${request.tone}`;
  if (request.action === 'translate') return `document.transform.languages.${request.language}`;
  return `document.transform.actions.${request.action}`;
}

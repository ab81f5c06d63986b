import type { ComponentType } from 'react';

export interface BrandTab {
  /** The tab's route; the page header's title is its label. */
  path: string;
  labelKey: string;
  /** The label's first words, alone on a phone, where the three full labels do not fit one row. */
  shortLabelKey: string;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * The Brand area's tabs, in order: each is a route of its own under the area's tab bar (the router
 * and the page header read this list, so a new tab is one entry here).
 */
export const brandTabs: readonly BrandTab[] = [
  {
    path: '/brand/voices',
    labelKey: 'brandArea.tabs.voices',
    shortLabelKey: 'brandArea.shortTabs.voices',
    load: () => import('@/features/brand-voice/pages/brand-voice-page'),
  },
  {
    path: '/brand/knowledge',
    labelKey: 'brandArea.tabs.knowledge',
    shortLabelKey: 'brandArea.shortTabs.knowledge',
    load: () => import('@/features/knowledge/pages/knowledge-page'),
  },
  {
    path: '/brand/style-rules',
    labelKey: 'brandArea.tabs.styleRules',
    shortLabelKey: 'brandArea.shortTabs.styleRules',
    load: () => import('@/features/style-rules/pages/style-rules-page'),
  },
];

/** The voices' list as it was first published: it stays at this address too. */
export const BRAND_VOICES_ALIAS = '/brand-voice';

/** The tab a path shows, the voices' old address included. */
export function brandTabAt(pathname: string): BrandTab | undefined {
  const path = pathname === BRAND_VOICES_ALIAS ? brandTabs[0]!.path : pathname;
  return brandTabs.find((tab) => tab.path === path);
}

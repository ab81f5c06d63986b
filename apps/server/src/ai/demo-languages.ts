import type { Locale } from '@redacta/shared';
import type { DemoTexts } from './demo-texts.ts';
import { en } from './demo-texts-en.ts';
import { es } from './demo-texts-es.ts';

/** The demo writer's copy in each language the app speaks. */
export const demoTexts: Record<Locale, DemoTexts> = { es, en };

import type { Locale } from '@redacta/shared';
import type { DemoTexts } from './texts.ts';
import { en } from './texts-en.ts';
import { es } from './texts-es.ts';

/** The demo writer's copy in each language the app speaks. */
export const demoTexts: Record<Locale, DemoTexts> = { es, en };

import type { Locale } from '@redacta/shared/locales';
import es from './es.json';

/**
 * Each feature may keep its texts beside it in `features/<name>/locales/{es,en}.json`; they merge
 * into the core files here. A key defined twice is a mistake, so merging throws instead of picking one.
 */
export type Messages = { [key: string]: string | Messages };

type JsonModule = { default: Messages };

const featureEs = import.meta.glob<JsonModule>('../features/**/locales/es.json', { eager: true });
const featureEn = import.meta.glob<JsonModule>('../features/**/locales/en.json');

export function mergeMessages(target: Messages, source: Messages, path = ''): Messages {
  const merged: Messages = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const at = path ? `${path}.${key}` : key;
    const existing = merged[key];
    if (existing === undefined) merged[key] = value;
    else if (typeof existing === 'object' && typeof value === 'object') {
      merged[key] = mergeMessages(existing, value, at);
    } else throw new Error(`Locale key "${at}" is defined twice`);
  }
  return merged;
}

function mergeAll(core: Messages, features: JsonModule[]): Messages {
  return features.reduce((all, module) => mergeMessages(all, module.default), core);
}

/** Spanish, the default, ships in the first chunk. */
export const esMessages = mergeAll(es as Messages, Object.values(featureEs));

/** English loads on demand, core and feature texts together. */
export async function loadEnMessages(): Promise<Messages> {
  const [core, ...features] = await Promise.all([
    import('./en.json') as Promise<JsonModule>,
    ...Object.values(featureEn).map((load) => load()),
  ]);
  return mergeAll(core!.default, features);
}

export const messageLoaders: Record<Locale, () => Promise<Messages>> = {
  es: async () => esMessages,
  en: loadEnMessages,
};

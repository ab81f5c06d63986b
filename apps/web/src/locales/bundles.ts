import es from './es.json';
import { mergeAll, mergeMessages, type JsonModule, type Messages } from './merge-messages';

export { mergeMessages, type Messages };

const featureEn = import.meta.glob<JsonModule>(['../features/**/locales/en.json', '../app/locales/en.json']);

/**
 * Spanish, the default: its core texts (locales/es.json: what the pages drawn without a session show,
 * sign-in, the legal texts, errors) ship in the first chunk; the features' own texts and those every
 * signed-in screen shares (app/locales/es.json: the shell, the plans…) are a chunk of their own
 * (loadFeatureEsMessages), which the screens that use them wait for (lib/i18n.ts, loadFeatureTexts),
 * so /login's first screen does not download them.
 */
export const esCoreMessages = es as Messages;

/** The features' Spanish texts, merged (feature-es-messages.ts). */
export function loadFeatureEsMessages(): Promise<Messages> {
  return import('./feature-es-messages').then((module) => module.featureEsMessages);
}

/** Every Spanish text, core and features, as the app holds them once the features' texts are in. */
export async function loadEsMessages(): Promise<Messages> {
  return mergeMessages(esCoreMessages, await loadFeatureEsMessages());
}

/** English loads on demand, core and feature texts together. */
export async function loadEnMessages(): Promise<Messages> {
  const [core, ...features] = await Promise.all([
    import('./en.json') as Promise<JsonModule>,
    ...Object.values(featureEn).map((load) => load()),
  ]);
  return mergeAll(core!.default, features);
}

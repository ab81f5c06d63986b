import { mergeAll, type JsonModule } from './merge-messages';

/** Every feature's Spanish texts (`features/<name>/locales/es.json`), merged: a chunk of their own. */
export const featureEsMessages = mergeAll(
  {},
  Object.values(import.meta.glob<JsonModule>('../features/**/locales/es.json', { eager: true })),
);

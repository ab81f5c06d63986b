import { mergeAll, type JsonModule } from './merge-messages';

/**
 * Every feature's Spanish texts (`features/<name>/locales/es.json`) and the signed-in screens' shared
 * ones (`app/locales/es.json`: the shell, the plans, the profile and workspace pages), merged: a chunk
 * of their own.
 */
export const featureEsMessages = mergeAll(
  {},
  Object.values(
    import.meta.glob<JsonModule>(['../features/**/locales/es.json', '../app/locales/es.json'], {
      eager: true,
    }),
  ),
);

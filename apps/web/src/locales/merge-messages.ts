/** A catalogue of texts: keys to texts, or to more keys. */
export type Messages = { [key: string]: string | Messages };

export type JsonModule = { default: Messages };

/**
 * Each feature may keep its texts beside it in `features/<name>/locales/{es,en}.json`; they merge
 * into the core files. A key defined twice is a mistake, so merging throws instead of picking one.
 */
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

export function mergeAll(core: Messages, features: JsonModule[]): Messages {
  return features.reduce((all, module) => mergeMessages(all, module.default), core);
}

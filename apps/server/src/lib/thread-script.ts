/**
 * The script that starts a thread on an entry. Node does not apply the process's `--import tsx` to
 * worker threads, so a TypeScript entry is loaded through tsx's API; a JavaScript one (the prebuilt
 * server's, scripts/lib/server-bundle.mjs) is imported as it is.
 */
export function typeScriptThreadScript(entry: URL, parent: string): string {
  if (isJavaScript(entry)) return `import(${JSON.stringify(entry.href)})`;
  return `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) =>
  tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(parent)}))`;
}

/** Whether `entry` is a JavaScript module, which Node loads without tsx. */
const isJavaScript = (entry: URL | string) => /\.m?js$/.test(new URL(entry).pathname);

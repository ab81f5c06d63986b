/**
 * The script that starts a thread on a TypeScript entry. Node does not apply the process's
 * `--import tsx` to worker threads, so the thread loads its entry through tsx's API.
 */
export function typeScriptThreadScript(entry: URL, parent: string): string {
  return `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) =>
  tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(parent)}))`;
}

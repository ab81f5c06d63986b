/** The TipTap code (~128 KB gzip) is its own chunk, fetched once by whoever needs it first. */
let editorModule: Promise<typeof import('./editor-module')> | null = null;

export function loadEditorModule() {
  editorModule ??= import('./editor-module');
  return editorModule;
}

/** A fresh folder in `cacheDir` to build a cache folder in; remove it (force) once done. */
export function buildingFolder(cacheDir: string): string;
/** Renames `building` to `dir`, unless another process published a complete `dir` (holding `complete`) first. */
export function publish(building: string, dir: string, complete: string): void;

import { existsSync, mkdirSync, mkdtempSync, renameSync } from 'node:fs';
import path from 'node:path';

/**
 * A cache folder is built in a fresh folder beside it and then renamed into place, so that nobody ever
 * reads one half-built, and processes building the same one at once do not mix their files. This is
 * that fresh folder, in `cacheDir`; remove it (force) once `publish` has run or the build failed.
 */
export function buildingFolder(cacheDir) {
  mkdirSync(cacheDir, { recursive: true });
  return mkdtempSync(path.join(cacheDir, 'building-'));
}

/**
 * Renames the built folder to `dir`. When another process published `dir` first (`complete` names the
 * file a finished one has), theirs stays and this build is dropped.
 */
export function publish(building, dir, complete) {
  try {
    renameSync(building, dir);
  } catch (error) {
    if (!existsSync(path.join(dir, complete))) throw error;
  }
}

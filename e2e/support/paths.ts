import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(e2eDir, '..');
/** Screenshots kept as test artifacts (git-ignored). */
export const artifactsDir = path.join(e2eDir, 'artifacts');

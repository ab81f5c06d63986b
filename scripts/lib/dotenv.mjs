/* global process -- Node scripts (eslint.config.js declares no Node globals for .mjs) */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { root } from './paths.mjs';

/**
 * Loads ./.env at the repository root when present. Variables already set in the environment win
 * (process.loadEnvFile never overrides), so `PORT=4000 npm start` beats the file.
 */
export function loadDotEnv() {
  const file = path.join(root, '.env');
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}

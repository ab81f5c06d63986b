import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the current directory is. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

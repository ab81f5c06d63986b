import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * The repository's .env, loaded as `npm start` loads it (scripts/lib/dotenv.mjs): variables already
 * set in the environment win, so the command sees what the server sees.
 */
export function loadRootEnvFile(): void {
  const file = path.join(repositoryRoot, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * The server's database for the environment `env` — PostgreSQL with DATABASE_URL, else PGlite in
 * DATA_DIR. PGlite's directory is refused while a server has it open (DatabaseInUseError); PostgreSQL
 * is shared with running servers. Migrations run first, as at a server's start.
 */
export async function openServerDatabase(env: NodeJS.ProcessEnv): Promise<Database> {
  const config = loadConfig(env);
  return openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
}

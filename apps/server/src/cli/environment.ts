import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/client.ts';

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
 * Runs `work` on the server's database — PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR — and
 * closes it. PGlite's directory is refused while a server has it open (DatabaseInUseError); PostgreSQL
 * is shared with running servers. Migrations run first, as at a server's start.
 */
export async function withDatabase<T>(work: (db: Db, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
  });
  try {
    return await work(database.db, config);
  } finally {
    await database.close();
  }
}

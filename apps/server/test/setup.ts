import { beforeAll, expect } from 'vitest';
import { isDatabaseFree } from './database-free.ts';
import { workerDatabase } from './helpers/database.ts';

process.env.TZ = 'UTC';

// The worker's database is made once, by the first file this worker runs (a migrated PGlite takes 5–7 s,
// far longer on a loaded machine): made here, under the hook's time limit, no test's own time limit pays
// for it. Later files find it made. A file that uses no database (database-free.ts) leaves it to them.
beforeAll(async () => {
  if (!isDatabaseFree(expect.getState().testPath!)) await workerDatabase();
}, 120_000);

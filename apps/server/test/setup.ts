import { beforeAll } from 'vitest';
import { workerDatabase } from './helpers/database.ts';

process.env.TZ = 'UTC';

// The worker's database is made once, by the first file this worker runs (a migrated PGlite takes 5–7 s,
// far longer on a loaded machine): made here, under the hook's time limit, no test's own time limit pays
// for it. Later files find it made.
beforeAll(async () => {
  await workerDatabase();
}, 120_000);

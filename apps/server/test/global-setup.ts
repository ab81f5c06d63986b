import pg from 'pg';
import { bundledServer } from '../../../scripts/lib/server-bundle.mjs';

/**
 * The server that tests start as a process of their own is built here once (scripts/lib/server-bundle.mjs),
 * rather than by the first such test of every worker at once.
 *
 * With TEST_DATABASE_URL every worker creates its own database (helpers/database.ts) named after
 * this run; the teardown drops them all, since workers are killed without a chance to clean up.
 */
export default async function setup() {
  await bundledServer();
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return;
  const run = `${process.pid}_${Date.now().toString(36)}`;
  process.env.REDACTA_TEST_RUN = run;
  return async function teardown() {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`redacta_test_${run}_%`],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  };
}

import pg from 'pg';

/**
 * With TEST_DATABASE_URL every worker creates its own database (helpers/database.ts) named after
 * this run; the teardown drops them all, since workers are killed without a chance to clean up.
 */
export default function setup() {
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

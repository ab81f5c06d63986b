import pg from 'pg';
import { expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { createPostgresDatabase } from '../helpers/postgres-database.ts';

// PostgreSQL only: a PGlite data directory is opened by one process at a time (its lock file).
const serverUrl = process.env.TEST_DATABASE_URL;

it.skipIf(!serverUrl)(
  'starts four instances at once on one empty PostgreSQL database: each migrates or waits, none fails',
  async () => {
    const { url, drop } = await createPostgresDatabase(
      serverUrl!,
      `redacta_test_${process.env.REDACTA_TEST_RUN ?? process.pid}_migrations`,
    );
    try {
      const opened = await Promise.allSettled(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, dataDir: null })),
      );
      const databases = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      try {
        expect(opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(
          ['ok', 'ok', 'ok', 'ok'],
        );
        for (const database of databases) await database.ping();
      } finally {
        await Promise.all(databases.map((database) => database.close()));
      }
    } finally {
      await drop();
    }
  },
  60_000,
);

it.skipIf(!serverUrl)(
  'keeps running when PostgreSQL ends its idle connections, and answers again on new ones',
  async () => {
    const { url, drop } = await createPostgresDatabase(
      serverUrl!,
      `redacta_test_${process.env.REDACTA_TEST_RUN ?? process.pid}_idle_ended`,
    );
    const database = await openDatabase({ databaseUrl: url, dataDir: null });
    try {
      await Promise.all([database.ping(), database.ping(), database.ping()]);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ ended: boolean }>(
          'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((row) => row.ended)).toBe(true);
      } finally {
        await admin.end();
      }
      // The pool hears of each ended connection as it arrives; give it the time to.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await database.ping();
    } finally {
      await database.close();
      await drop();
    }
  },
  60_000,
);

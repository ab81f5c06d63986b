import pg from 'pg';

export interface PostgresDatabase {
  url: string;
  /** Drops it, closing whatever connections are still open on it. */
  drop: () => Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server of `serverUrl` (whose own database is only used to
 * connect), for a test worker, a suite's own server or a benchmark run. An earlier one of the same
 * name, left by a run that was killed, is dropped first.
 */
export async function createPostgresDatabase(serverUrl: string, name: string): Promise<PostgresDatabase> {
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

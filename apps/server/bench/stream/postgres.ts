import pg from 'pg';

/** A fresh database on the PostgreSQL server of `serverUrl`, for one benchmark run. */
export async function createThrowawayDatabase(serverUrl: string) {
  const name = `redacta_bench_stream_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}"`) };
}

import { createPostgresDatabase } from '../../test/helpers/postgres-database.ts';

/** A fresh database on the PostgreSQL server of `serverUrl`, for one benchmark run. */
export function createThrowawayDatabase(serverUrl: string) {
  return createPostgresDatabase(serverUrl, `redacta_bench_stream_${process.pid}_${Date.now().toString(36)}`);
}

import { Redis } from 'ioredis';
import { createPostgresDatabase } from '../test/helpers/postgres-database.ts';

export interface Claimed {
  url: string;
  release(): Promise<void>;
}

/**
 * A fresh PostgreSQL database for this run, beside the server suite's (TEST_DATABASE_URL names the
 * server and a database to connect to for creating it); `release` drops it, connections and all.
 */
export async function freshDatabase(run: string): Promise<Claimed> {
  const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const database = await createPostgresDatabase(baseUrl, `redacta_cluster_${run}`);
  return { url: database.url, release: database.drop };
}

const CLAIM_KEY = 'redacta-cluster-test:claimed-by';

/**
 * A Redis logical database of this run's own (the index in REDIS_URL's path, which the app's client
 * honours), so the rate-limit counters start at zero whatever earlier runs counted for 127.0.0.1: the
 * first of databases 1–15 that is empty, claimed with a marker key only one run can set. `release`
 * empties it again.
 */
export async function freshRedisDatabase(run: string): Promise<Claimed> {
  const baseUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  for (let index = 1; index <= 15; index += 1) {
    const url = `${baseUrl}/${index}`;
    const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      if ((await redis.dbsize()) !== 0) continue;
      if ((await redis.set(CLAIM_KEY, run, 'EX', 3600, 'NX')) !== 'OK') continue;
    } finally {
      redis.disconnect();
    }
    return {
      url,
      async release() {
        const owner = new Redis(url, { maxRetriesPerRequest: 1 });
        try {
          if ((await owner.get(CLAIM_KEY)) === run) await owner.flushdb();
        } finally {
          owner.disconnect();
        }
      },
    };
  }
  throw new Error(`no empty Redis database among 1-15 at ${baseUrl}`);
}

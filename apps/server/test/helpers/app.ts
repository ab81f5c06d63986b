import { STORAGE_QUOTA_BYTES } from '@redacta/shared';
import { buildApp, type App, type AppDeps } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { createMailer, type Mailer } from '../../src/mail/transport.ts';
import type { StorageQuotas } from '../../src/modules/storage/service.ts';
import { resetDatabase, workerDatabase } from './database.ts';

export interface TestApp {
  app: App;
  config: Config;
  mailer: Mailer;
}

/** A test app's configuration: no web build by default, so API tests do not depend on apps/web/dist. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // A test's app stops at once: replies still being written are stopped and saved as it closes.
    SHUTDOWN_GRACE_MS: '0',
    DATA_DIR: '/nonexistent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
}

/**
 * The plans' storage quotas with the free plan's at 2 MiB, for tests that fill a workspace: filling
 * its real 50 MiB on the database takes a busy machine seconds each time.
 */
export const SMALL_STORAGE_QUOTAS: StorageQuotas = { ...STORAGE_QUOTA_BYTES, free: 2 * 1024 * 1024 };

/**
 * Empties the worker's database. A file whose tests each make their own rows and read no state the
 * app keeps in memory (mail sent, rate limits) builds one app in beforeAll and calls this before each
 * test: every test still starts from no rows, without the few hundred milliseconds of CPU an app's
 * build and close cost.
 */
export async function emptyDatabase(): Promise<void> {
  await resetDatabase(await workerDatabase());
}

/**
 * The real app on the worker's database, emptied first. `env` overrides configuration
 * (e.g. SMTP_URL to send through a local SMTP sink), `deps` the plans' storage quotas or the knowledge
 * file limit. Close it in afterEach/afterAll.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'storageQuotas' | 'knowledgeFileMaxBytes'> = {},
): Promise<TestApp> {
  await emptyDatabase();
  const database = await workerDatabase();
  const config = testConfig(env);
  const app = await buildApp({
    config,
    // The worker's database outlives each app: closing the app must not close it.
    database: { ...database, close: async () => {} },
    ...deps,
  });
  await app.ready();
  return { app, config, mailer: app.mailer };
}

/**
 * The next server on the worker's database as the last one left it (not reset), as after a restart,
 * ready; closed again if it cannot get ready.
 */
export async function restartedApp(env: Record<string, string> = {}): Promise<App> {
  const app = await buildApp({
    config: testConfig(env),
    database: { ...(await workerDatabase()), close: async () => {} },
  });
  try {
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

export { createMailer };

import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DatabaseInUseError } from './db/data-dir-lock.ts';
import { logStream } from './lib/log-format.ts';
import { isLoopback } from './lib/loopback.ts';
import { drainAndClose, SHUTDOWN_MARGIN_MS } from './lib/shutdown.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
    });
  } catch (error) {
    // A second server on the same PGlite directory: a plain sentence, not a stack trace.
    if (error instanceof DatabaseInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const stream = await logStream(config);
  const app = await buildApp({ config, database, ...(stream ? { logger: { stream } } : {}) });
  // Without its database every request would fail while the process looked alive: say why and exit
  // non-zero, so that whatever supervises the server starts it again.
  void database.lost.then((error) => {
    app.log.fatal({ err: error }, 'the database stopped: exiting');
    process.exit(1);
  });

  let stopping = false;
  /**
   * Stops cleanly, once however often asked (a Ctrl-C reaches `npm start` and its script together):
   * no new requests, chat replies in progress finish within SHUTDOWN_GRACE_MS (then are aborted and
   * saved), the database and Redis close, exit 0. If something still holds it well after the grace,
   * the process exits anyway, non-zero.
   */
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ reason }, 'shutting down');
    const limitMs = config.SHUTDOWN_GRACE_MS + SHUTDOWN_MARGIN_MS;
    setTimeout(() => {
      app.log.error(`did not stop within ${limitMs / 1000} s: exiting now`);
      process.exit(1);
    }, limitMs).unref();
    try {
      await drainAndClose(app, database);
    } catch (error) {
      app.log.error({ err: error }, 'could not stop cleanly');
      process.exit(1);
    }
    process.exit(0);
  };
  // SIGHUP (its terminal closed; the start script passes it on) drains too, instead of Node's default
  // of exiting at once.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void shutdown(signal));
  // Started by `npm start` (scripts/start.mjs) with an IPC channel: when that script is gone, however
  // it ended, nobody is left to stop this server, so it stops itself.
  if (process.send) process.once('disconnect', () => void shutdown('the start script exited'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
  const reach = isLoopback(config.HOST)
    ? `; only this machine can open it: set HOST=0.0.0.0 to open it to the network`
    : '';
  app.log.info(`Redacta is running at ${config.APP_URL} (database: ${where})${reach}`);
  if (!config.SMTP_URL && !config.isProduction) {
    app.log.info(`No SMTP_URL: sign-in codes are printed here and shown at ${config.APP_URL}/dev/mailbox`);
  }
}

void main();

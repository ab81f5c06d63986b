import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

/** Long enough for open requests to finish (a chat reply stops with its client); then the process exits. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

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
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const app = await buildApp({ config, database });
  // Without its database every request would fail while the process looked alive: say why and exit
  // non-zero, so that whatever supervises the server starts it again.
  void database.lost.then((error) => {
    app.log.fatal({ err: error }, 'the database stopped: exiting');
    process.exit(1);
  });

  let stopping = false;
  /**
   * Stops cleanly, once however often asked (a Ctrl-C reaches `npm start` and its script together):
   * no new requests, the open ones finish, the database closes. If something still holds it after
   * SHUTDOWN_TIMEOUT_MS, the process exits anyway.
   */
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ reason }, 'shutting down');
    setTimeout(() => {
      app.log.error(`did not stop within ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting now`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Started by `npm start` (scripts/start.mjs) with an IPC channel: when that script is gone, however
  // it ended, nobody is left to stop this server, so it stops itself.
  if (process.send) process.once('disconnect', () => void shutdown('the start script exited'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${config.DATA_DIR}`;
  app.log.info(`Redacta is running at ${config.APP_URL} (database: ${where})`);
  if (!config.SMTP_URL && !config.isProduction) {
    app.log.info(`No SMTP_URL: sign-in codes are printed here and shown at ${config.APP_URL}/dev/mailbox`);
  }
}

void main();

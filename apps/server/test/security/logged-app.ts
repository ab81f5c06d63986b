import { Writable } from 'node:stream';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { resetDatabase, workerDatabase } from '../helpers/database.ts';

export interface LogLine {
  level: number;
  msg?: string;
  err?: { message?: string };
  reqId?: string;
  code?: string;
}

/** Pino's level for `error`; `fatal` is above it. */
export const ERROR_LEVEL = 50;

/**
 * The real app on the worker's database (emptied first), like createTestApp, with its log kept in
 * memory from `level` (info by default) up, so a test can assert that hostile input left no error-level
 * line, or what a line says.
 */
export async function createLoggedTestApp(
  level: 'info' | 'debug' | 'trace' = 'info',
): Promise<{ app: App; log: LogLine[] }> {
  const database = await workerDatabase();
  await resetDatabase(database);
  const log: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) log.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: level,
    DATA_DIR: '/nonexistent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // The fuzzing invites far more than a person would; every invitation must reach the invitation code.
    RATE_LIMIT_INVITATIONS_PER_HOUR: '1000',
  });
  const app = await buildApp({
    config,
    database: { ...database, close: async () => {} },
    logger: { level, stream },
  });
  await app.ready();
  return { app, log };
}

/** The error-level lines of a log, as text for a readable failure. */
export const errorLines = (log: LogLine[]) =>
  log.filter((line) => line.level >= ERROR_LEVEL).map((line) => `${line.msg}: ${line.err?.message ?? ''}`);

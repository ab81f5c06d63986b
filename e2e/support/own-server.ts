import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '../fixtures.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * A server of the enclosing `test.describe`'s own, for what the shared one cannot show (another
 * configuration, a restart): started by `start` on one temporary DATA_DIR, mail going to the suite's
 * SMTP sink, stopped and removed after the last test. Starting again reopens the same data.
 */
export function ownServer(name: string) {
  let dataRoot = '';
  let server: RunningServer | undefined;
  test.beforeAll(() => {
    dataRoot = mkdtempSync(path.join(tmpdir(), `redacta-e2e-${name}-`));
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataRoot, { recursive: true, force: true });
  });
  return {
    async start(env?: Record<string, string>): Promise<RunningServer> {
      const smtpUrl = process.env.E2E_SMTP_URL;
      if (!smtpUrl) throw new Error('E2E_SMTP_URL is not set: run through playwright.config.ts');
      server = await startServer({
        dataDir: path.join(dataRoot, 'data'),
        smtpUrl,
        logFile: path.join(dataRoot, 'server.log'),
        env,
      });
      return server;
    },
  };
}

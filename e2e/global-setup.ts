import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { artifactsDir } from './support/paths.ts';
import { startServer } from './support/server.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

/**
 * Starts a real SMTP sink and the app as `npm start` would (building the web app if needed) on a free
 * port with a fresh PGlite in a temporary DATA_DIR. Workers learn where through environment variables.
 */
export default async function globalSetup() {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'redacta-e2e-'));
  mkdirSync(artifactsDir, { recursive: true });
  const mailFile = path.join(stateDir, 'mail.jsonl');
  const sink = await startSmtpSink(mailFile);
  let server;
  try {
    server = await startServer({
      dataDir: path.join(stateDir, 'data'),
      smtpUrl: sink.url,
      logFile: path.join(stateDir, 'server.log'),
    });
  } catch (error) {
    await sink.close();
    throw error;
  }
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_SMTP_URL = sink.url;
  process.env.E2E_MAIL_FILE = mailFile;
  process.env.E2E_STATE_DIR = stateDir;
  console.log(`[e2e] app ${server.url} · SMTP sink ${sink.url} · state ${stateDir}`);

  return async function globalTeardown() {
    await server.stop();
    await sink.close();
    if (process.env.E2E_KEEP_STATE) console.log(`[e2e] kept ${stateDir}`);
    else rmSync(stateDir, { recursive: true, force: true });
  };
}

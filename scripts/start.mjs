#!/usr/bin/env node
/* global process, console -- Node scripts (eslint.config.js declares no Node globals for .mjs) */
// `npm start`: build the web app if needed, then run the server (which migrates the database and serves
// apps/web/dist). No configuration is required; a .env at the repository root is loaded when present.
import { spawn } from 'node:child_process';
import { loadDotEnv } from './lib/dotenv.mjs';
import { root } from './lib/paths.mjs';
import { ensureWebBuilt } from './lib/web-build.mjs';

const envFile = loadDotEnv();
if (envFile) console.log(`[redacta] Loaded ${envFile}`);

try {
  ensureWebBuilt();
} catch (error) {
  console.error(`[redacta] ${error.message}`);
  process.exit(1);
}

// The server runs in its own process group, so a Ctrl-C in the terminal reaches it exactly once (from us)
// and it can close the database cleanly instead of being interrupted twice.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: process.env,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of forwarded) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
// If this wrapper dies without a signal it can forward, take the server down with it.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

server.on('error', (error) => {
  console.error(`[redacta] Could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  if (signal) {
    // Exit the way the server did, so callers see the same status (128 + signal number).
    for (const s of forwarded) process.removeAllListeners(s);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});

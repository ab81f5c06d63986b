#!/usr/bin/env node
/* global process, console, setInterval, clearInterval -- Node scripts (eslint.config.js declares no Node globals for .mjs) */
// `npm start`: build the web app if needed, then run the server (which migrates the database and serves
// apps/web/dist). No configuration is required; a .env at the repository root is loaded when present.
import { spawn } from 'node:child_process';
import { loadDotEnv } from './lib/dotenv.mjs';
import { root } from './lib/paths.mjs';
import { ensureWebBuilt } from './lib/web-build.mjs';
import { requireNode24 } from './lib/node-version.mjs';
import { serverNodeFlags } from './lib/server-memory.mjs';

requireNode24();

const envFile = loadDotEnv();
if (envFile) console.log(`[redacta] Loaded ${envFile}`);

try {
  // A WEB_DIST_DIR names a web app built elsewhere: apps/web is not what will be served.
  if (!process.env.WEB_DIST_DIR) ensureWebBuilt();
} catch (error) {
  console.error(`[redacta] ${error.message}`);
  process.exit(1);
}

// The server runs in its own process group, so a Ctrl-C in the terminal reaches it only through us and
// it can close the database cleanly. The IPC channel tells it when this script is gone, however it
// ended (even SIGKILL): it then stops by itself.
const server = spawn(process.execPath, [...serverNodeFlags, '--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: process.env,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  detached: true,
});

const running = () => server.exitCode === null && server.signalCode === null;
let stopRequested = false;
const stopServer = (signal) => {
  stopRequested = true;
  if (running()) server.kill(signal);
};

const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of forwarded) process.on(signal, () => stopServer(signal));

// npm passes SIGINT and SIGTERM on to its script (package.json's `exec` makes this script npm's own
// child: a shell in between would keep a SIGINT and die of a SIGTERM without passing either on). When
// whoever started us is gone anyway (killed outright: we were handed to another parent), stop the
// server as if told to.
const parent = process.ppid;
const parentWatch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(parentWatch);
  if (!stopRequested) stopServer('SIGTERM');
}, 500);
parentWatch.unref();

// If this wrapper dies without a signal it can forward, take the server down with it.
process.on('exit', () => {
  if (running()) server.kill('SIGTERM');
});

server.on('error', (error) => {
  console.error(`[redacta] Could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  clearInterval(parentWatch);
  if (signal) {
    // Exit the way the server did, so callers see the same status (128 + signal number).
    for (const s of forwarded) process.removeAllListeners(s);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});

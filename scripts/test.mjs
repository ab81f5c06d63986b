#!/usr/bin/env node
/* global process, console -- Node scripts (eslint.config.js declares no Node globals for .mjs) */
// `npm test`: the whole suite. Finds (or, on Debian as root, installs) Chromium, then runs every Vitest
// project (shared, server, web), building the web app meanwhile, and then the Playwright suite. Fails
// when either fails; both always run, unless the web app fails to build (then the failed build's output
// is printed instead of the Playwright suite's).
import { spawn, spawnSync } from 'node:child_process';
import { ensureChromium } from './lib/chromium.mjs';
import { root } from './lib/paths.mjs';
import { requireNode24 } from './lib/node-version.mjs';
import { ensureWebBuiltQuietly } from './lib/web-build.mjs';

requireNode24();

const chromium = ensureChromium();
if (!chromium.path) {
  console.error(
    `[redacta] ${chromium.error}\n[redacta] Run this, then npm test again:\n\n    ${chromium.command}\n`,
  );
  process.exit(1);
}
const env = { ...process.env, CHROME_PATH: chromium.path };

function announce(title, command, args) {
  console.log(`\n[redacta] ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  return (status, signal) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const ok = status === 0;
    console.log(`[redacta] ${title}: ${ok ? 'passed' : `FAILED (exit ${status ?? signal})`} in ${seconds} s`);
    return ok;
  };
}

function run(title, command, args) {
  const done = announce(title, command, args);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return done(result.status, result.signal);
}

function runInBackground(title, command, args) {
  const done = announce(title, command, args);
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`[redacta] ${title}: ${error.message}`);
      resolve(false);
    });
    child.once('exit', (status, signal) => resolve(done(status, signal)));
  });
}

const unitRun = runInBackground('Unit and integration tests (Vitest)', 'npx', ['vitest', 'run']);
// The browser suite serves the built web app. Built here, beside Vitest (whose server tests mostly wait
// on sockets, timers and child servers, leaving a core to spare), rather than in the browser suite's
// global setup, where nothing else runs beside it.
const built = await ensureWebBuiltQuietly().then(
  () => true,
  (error) => {
    console.error(`[redacta] ${error.message}`);
    return false;
  },
);
const unit = await unitRun;
const e2e = built && run('Browser tests (Playwright, Chromium)', 'npm', ['run', 'test:e2e']);
process.exit(unit && e2e ? 0 : 1);

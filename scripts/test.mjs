#!/usr/bin/env node
/* global process, console -- Node scripts (eslint.config.js declares no Node globals for .mjs) */
// `npm test`: the whole suite. Finds (or, on Debian as root, installs) Chromium, then runs every Vitest
// project (shared, server, web) and the Playwright suite. Fails when either fails; both always run.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './lib/chromium.mjs';
import { root } from './lib/paths.mjs';
import { requireNode24 } from './lib/node-version.mjs';

requireNode24();

const chromium = ensureChromium();
if (!chromium.path) {
  console.error(
    `[redacta] ${chromium.error}\n[redacta] Run this, then npm test again:\n\n    ${chromium.command}\n`,
  );
  process.exit(1);
}
const env = { ...process.env, CHROME_PATH: chromium.path };

function run(title, command, args) {
  console.log(`\n[redacta] ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(
    `[redacta] ${title}: ${ok ? 'passed' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s`,
  );
  return ok;
}

const unit = run('Unit and integration tests (Vitest)', 'npx', ['vitest', 'run']);
const e2e = run('Browser tests (Playwright, Chromium)', 'npm', ['run', 'test:e2e']);
process.exit(unit && e2e ? 0 : 1);

/* global console, process -- Node scripts (eslint.config.js declares no Node globals for .mjs) */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { root } from './paths.mjs';

const webDir = path.join(root, 'apps/web');
const distIndex = path.join(webDir, 'dist/index.html');

/** What the web bundle is built from: a change to any of these makes apps/web/dist stale. */
const sources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'public'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'package.json'),
  path.join(root, 'packages/shared/src'),
  // Dependencies, and the patches applied to them at install (the co-editing binding's): a bundle
  // built before `npm install` changed either would serve the old code.
  path.join(root, 'package-lock.json'),
  path.join(root, 'patches'),
];

/** Newest mtime (ms) of a file or of every file below a directory; 0 when absent. */
function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file bumps its directory's mtime
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Why the web app needs a build, or null when apps/web/dist is up to date. */
export function webBuildReason() {
  if (!existsSync(path.join(webDir, 'index.html'))) return null; // no web app in this checkout
  if (!existsSync(distIndex)) return 'apps/web/dist is missing';
  const built = statSync(distIndex).mtimeMs;
  const changed = sources.find((source) => newestMtime(source) > built);
  return changed ? `${path.relative(root, changed)} changed since the last build` : null;
}

/**
 * The build: Vite builds React's development code when NODE_ENV says development (as the e2e server
 * and a developer's shell may): the served bundle is always the production one.
 */
const build = () => ({
  command: 'npm',
  args: ['run', 'build', '-w', '@redacta/web'],
  options: { cwd: root, env: { ...process.env, NODE_ENV: 'production' } },
});

/** Why a build is due, logged, or null (logged too when there is no web app to build). */
function dueBuild(log) {
  if (!existsSync(path.join(webDir, 'index.html'))) {
    log('[redacta] apps/web has no index.html yet: serving the API only.');
    return null;
  }
  const reason = webBuildReason();
  if (reason) log(`[redacta] Building the web app (${reason})…`);
  return reason;
}

/** Builds apps/web when its dist is missing or older than its sources. Throws when the build fails. */
export function ensureWebBuilt({ log = console.log } = {}) {
  if (!dueBuild(log)) return false;
  const started = Date.now();
  const { command, args, options } = build();
  const result = spawnSync(command, args, { ...options, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`web build failed (exit code ${result.status})`);
  log(`[redacta] Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

/**
 * ensureWebBuilt for a build beside another command that writes to the same terminal: it does not
 * block, and keeps the build's output, printed only in the error of a failed build.
 */
export async function ensureWebBuiltQuietly({ log = console.log } = {}) {
  if (!dueBuild(log)) return false;
  const started = Date.now();
  const { command, args, options } = build();
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const status = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (status !== 0) throw new Error(`web build failed (exit code ${status}):\n${output}`);
  log(`[redacta] Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

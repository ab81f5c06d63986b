/* global process, console -- Node scripts (eslint.config.js declares no Node globals for .mjs) */
import { accessSync, constants, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const isDebian = () => existsSync('/etc/debian_version');
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Finds the Chromium the browser tests drive: CHROME_PATH, else Debian's /usr/bin/chromium. Where it is
 * missing on Debian as root, installs Debian's `chromium` package first. Returns { path } or
 * { error, command } with the one command the developer has to run.
 */
export function ensureChromium({ log = console.log, install = true } = {}) {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return { path: fromEnv };
    return {
      error: `CHROME_PATH=${fromEnv} is not an executable file.`,
      command: 'unset CHROME_PATH  # or point it at a Chromium/Chrome binary',
    };
  }
  if (isExecutable(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM };

  if (isDebian() && isRoot() && install) {
    log('[redacta] Chromium is missing: installing Debian’s chromium package (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', 'chromium']]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (result.status !== 0) {
        return {
          error: `apt-get ${args.join(' ')} failed.`,
          command: 'apt-get update && apt-get install -y chromium',
        };
      }
    }
    if (isExecutable(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM };
    return {
      error: 'chromium was installed but /usr/bin/chromium is missing.',
      command: 'apt-get install -y chromium',
    };
  }
  if (isDebian()) {
    return {
      error: 'Chromium is not installed (the browser tests use /usr/bin/chromium).',
      command: 'sudo apt-get update && sudo apt-get install -y chromium',
    };
  }
  return {
    error: 'No Chromium found: the browser tests need CHROME_PATH or /usr/bin/chromium.',
    command:
      'export CHROME_PATH="/path/to/chromium-or-chrome"  # e.g. /Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  };
}

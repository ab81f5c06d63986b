/* global process, console -- Node scripts (eslint.config.js declares no Node globals for .mjs) */
import { accessSync, constants, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell, the same Blink as
 * /usr/bin/chromium without the full browser around it): the browser suite drives it when it is there,
 * as it took about a third less CPU than the full browser for the same specs (docs/decisions/0044).
 */
export const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const DEBIAN_PACKAGES = ['chromium', 'chromium-headless-shell'];

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
/** Debian's headless shell, else Debian's Chromium, whichever is installed first; undefined if neither. */
export const installedChromium = () => [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM].find(isExecutable);

/**
 * Finds the Chromium the browser tests drive: CHROME_PATH, else Debian's headless shell, else Debian's
 * /usr/bin/chromium. On Debian as root, installs what is missing of Debian's `chromium` and
 * `chromium-headless-shell` packages first (the shell is small beside the browser; where installing it
 * fails, the browser serves). Returns { path } or { error, command } with the one command the developer
 * has to run.
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
  if (isExecutable(DEBIAN_HEADLESS_SHELL)) return { path: DEBIAN_HEADLESS_SHELL };

  const aptCommand = `apt-get update && apt-get install -y ${DEBIAN_PACKAGES.join(' ')}`;
  if (isDebian() && isRoot() && install) {
    log(
      `[redacta] Installing Debian’s ${DEBIAN_PACKAGES.join(' and ')} packages (apt-get) for the browser tests…`,
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [['update'], ['install', '-y', ...DEBIAN_PACKAGES]]) {
      const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (result.status !== 0) break;
    }
    const found = installedChromium();
    if (found) return { path: found };
    return { error: `apt-get could not install ${DEBIAN_PACKAGES.join(' ')}.`, command: aptCommand };
  }
  const found = installedChromium();
  if (found) return { path: found };
  if (isDebian()) {
    return {
      error:
        'Chromium is not installed (the browser tests use /usr/bin/chromium-headless-shell or /usr/bin/chromium).',
      command: `sudo ${aptCommand.replace('&& ', '&& sudo ')}`,
    };
  }
  return {
    error:
      'No Chromium found: the browser tests need CHROME_PATH, /usr/bin/chromium-headless-shell or /usr/bin/chromium.',
    command:
      'export CHROME_PATH="/path/to/chromium-or-chrome"  # e.g. /Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  };
}

import { DEBIAN_CHROMIUM, installedChromium } from '../../scripts/lib/chromium.mjs';

/**
 * Debian's Chromium, not a browser Playwright downloads: `npm test` finds or installs it and exports
 * CHROME_PATH; a direct `npm run test:e2e` takes Debian's headless shell, else /usr/bin/chromium.
 */
export const chromiumPath = process.env.CHROME_PATH || installedChromium() || DEBIAN_CHROMIUM;

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

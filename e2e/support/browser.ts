/**
 * Debian's Chromium, not a browser Playwright downloads: `npm test` finds or installs it and exports
 * CHROME_PATH; a direct `npm run test:e2e` falls back to /usr/bin/chromium.
 */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

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

import { chromium, type Browser } from 'playwright-core';

/** The Chromium the browser tests drive (CHROME_PATH, else Debian's). */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
}

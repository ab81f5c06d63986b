/** Debian's full Chromium. */
export const DEBIAN_CHROMIUM: string;
/** Debian's Chromium headless shell, which the browser suite prefers. */
export const DEBIAN_HEADLESS_SHELL: string;
/** Debian's headless shell, else Debian's Chromium, whichever is installed first; undefined if neither. */
export function installedChromium(): string | undefined;
/** CHROME_PATH, else Debian's headless shell, else Debian's Chromium (installed on Debian as root). */
export function ensureChromium(options?: {
  log?: (message: string) => void;
  install?: boolean;
}): { path: string } | { path?: undefined; error: string; command: string };

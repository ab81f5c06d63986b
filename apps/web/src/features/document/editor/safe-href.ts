const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);

/** Web and mail addresses only: a `javascript:` or `data:` link from a reply must never be clickable. */
export function isSafeHref(href: string): boolean {
  try {
    return allowedProtocols.has(new URL(href).protocol);
  } catch {
    return false;
  }
}

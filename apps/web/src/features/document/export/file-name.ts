const FALLBACK_NAME = 'documento';
const MAX_LENGTH = 80;
/** Names Windows keeps for devices, whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * A file name every system accepts, from the project name: no path or reserved characters, no
 * control characters, no leading/trailing dots or spaces, no device name, at most 80 characters
 * before the extension.
 */
export function exportFileName(projectName: string | undefined, extension: 'md' | 'txt' | 'docx'): string {
  const cleaned = (projectName ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}<>:"/\\|?*]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const base = Array.from(cleaned).slice(0, MAX_LENGTH).join('').trim() || FALLBACK_NAME;
  return `${RESERVED.test(base) ? `${base}-${FALLBACK_NAME}` : base}.${extension}`;
}

// A character a passage escaped ("\*") is kept aside while the marks go, then put back as written.
const escaped = /\\([\\`*_{}[\]()#+\-.!>~|])/g;
const kept = /\uE000(\d+)\uE001/g;

const fence = /^\s*(```|~~~)/;
const rule = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const tableDivider = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const tableRow = /^\s*\|(.*)\|\s*$/;
const heading = /^\s{0,3}#{1,6}\s+(.*?)(\s+#+)?\s*$/;
const quote = /^\s{0,3}(>\s?)+/;
const bullet = /^(\s*)[-*+]\s+(\[[ xX]\]\s+)?/;

const image = /!\[([^\]]*)\]\([^)]*\)/g;
const link = /\[([^\]]+)\]\([^)]*\)/g;
const autolink = /<((?:https?:\/\/|mailto:)[^>\s]+)>/g;
const code = /`+([^`]+?)`+/g;
const strong = /(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g;
const struck = /~~(?=\S)(.+?)(?<=\S)~~/g;
// A single * or _ emphasises only when it is not inside a word (snake_case, 2*3 stay as written).
const emphasis = /(?<![\p{L}\p{N}*_])([*_])(?=\S)([^*_\n]+?)(?<=\S)\1(?![\p{L}\p{N}*_])/gu;
// What is left of a mark whose other half the passage was cut from ("Temprano** es…").
const strayMarks = /\*{2,}|_{2,}|~~|`/g;

function plainLine(line: string): string | null {
  if (fence.test(line) || rule.test(line) || tableDivider.test(line)) return null;
  const row = tableRow.exec(line);
  if (row) {
    return row[1]!
      .split('|')
      .map((cell) => cell.trim())
      .join(' · ');
  }
  const title = heading.exec(line);
  if (title) return title[1]!;
  return line.replace(quote, '').replace(bullet, '$1• ');
}

/**
 * A knowledge passage as plain text. Sources are often Markdown (a .md file, a web page), and shown
 * as written a passage shows its marks ("**Picual Temprano** es…"); this keeps the words and drops
 * the marks: emphasis, code, links (their text stays), headings, quotes, bullets (drawn as •), table
 * pipes, fences and rules. It only ever makes text, never HTML: a tag in a passage shows as written.
 */
export function passageText(markdown: string): string {
  const escapes: string[] = [];
  const lines = markdown
    .replace(escaped, (_, character: string) => `\uE000${escapes.push(character) - 1}\uE001`)
    .split(/\r?\n/)
    .map(plainLine)
    .filter((line) => line !== null);
  return lines
    .join('\n')
    .replace(image, '$1')
    .replace(link, '$1')
    .replace(autolink, '$1')
    .replace(code, '$1')
    .replace(strong, '$2')
    .replace(struck, '$1')
    .replace(emphasis, '$2')
    .replace(strayMarks, '')
    .replace(kept, (_, index: string) => escapes[Number(index)]!)
    .trim();
}

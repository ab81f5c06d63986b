import chardet from 'chardet';
import iconv from 'iconv-lite';
import { SpreadsheetError } from './problems.ts';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Single-byte encodings chardet may name for Windows-1252 text. Spanish Excel saves "CSV" in
 * Windows-1252, and for a short file chardet's best guess is often one of its neighbours (ISO-8859-9
 * for "Piña", windows-1250 for "Café 3 €"); every one of them is read as Windows-1252, the superset of
 * their Latin letters.
 */
const latin = new Set([
  'ASCII',
  'ISO-8859-1',
  'ISO-8859-2',
  'ISO-8859-9',
  'ISO-8859-15',
  'windows-1250',
  'windows-1252',
  'windows-1254',
  'windows-1257',
]);
/**
 * How sure chardet must be of another encoding (Cyrillic, Japanese, Chinese...) to refuse the file.
 * Below it the guess is noise (three bytes of "Año" score 10 as Shift_JIS) and Windows-1252 is read;
 * Russian in windows-1251 scores about 27, Japanese in Shift_JIS 100.
 */
const REFUSE_CONFIDENCE = 25;
const utf16 = new Set(['UTF-16LE', 'UTF-16BE']);

/**
 * A CSV's bytes as text. UTF-8 (with or without a BOM) is tried first and strictly: a Windows-1252 file
 * with an accent is never valid UTF-8, while plain-ASCII UTF-8 would also pass for anything else.
 * UTF-16 with its byte order mark is Excel's "Unicode text". Otherwise the file is read as Windows-1252
 * unless chardet is fairly sure it is in another script, which is refused by name rather than turned
 * into mojibake the batch would send on.
 */
export function decodeText(bytes: Buffer): string {
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) return strictUtf8(bytes.subarray(3));
  const utf8 = tryUtf8(bytes);
  if (utf8 !== undefined) return refuseBinary(utf8);
  const [guess] = chardet.analyse(bytes);
  if (guess && utf16.has(guess.name) && hasUtf16Bom(bytes))
    return refuseBinary(iconv.decode(bytes, guess.name));
  if (!guess || latin.has(guess.name) || guess.confidence < REFUSE_CONFIDENCE) {
    return refuseBinary(iconv.decode(bytes, 'windows-1252'));
  }
  throw new SpreadsheetError(
    `The file's text encoding (${guess.name}) cannot be read: save it as "CSV UTF-8" or as an Excel workbook (.xlsx)`,
  );
}

function strictUtf8(bytes: Uint8Array): string {
  const text = tryUtf8(bytes);
  if (text === undefined) throw new SpreadsheetError('The file starts as UTF-8 but is not valid UTF-8');
  return refuseBinary(text);
}

function tryUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const hasUtf16Bom = (bytes: Buffer) =>
  (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

/** A NUL is never in a spreadsheet's text: the file is binary (a picture, an old .xls) named as CSV. */
function refuseBinary(text: string): string {
  if (text.includes('\u0000')) throw new SpreadsheetError('The file is not a text (CSV) file');
  return text.replace(/^\uFEFF/, '');
}

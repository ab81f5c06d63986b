import JSZip from 'jszip';
import { UnreadableSource } from './sections.ts';

/**
 * How far a zip-based source (a DOCX) may unpack, all its entries together. A DOCX's text is a small
 * part of its file (20 MB at most), mostly pictures stored about as large as they are; a zip bomb
 * declares or inflates hundreds of megabytes from a few hundred kilobytes. docs/product.md lists it.
 */
export const ZIP_MAX_UNPACKED_BYTES = 32 * 1024 * 1024;

/**
 * How many times larger than its compressed bytes an entry may unpack. Word's XML compresses about
 * ten to one, repetitive XML a few times more; deflate's ceiling, a bomb's ratio, is about 1,000.
 * Entries smaller than ZIP_RATIO_FLOOR_BYTES unpacked are not held to it: they cannot cost much.
 */
export const ZIP_MAX_RATIO = 200;
export const ZIP_RATIO_FLOOR_BYTES = 1024 * 1024;

/** Entries a zip may hold (a DOCX has a few dozen; every entry costs its bookkeeping). */
export const ZIP_MAX_ENTRIES = 2_000;

const refused = () => new UnreadableSource('UNREADABLE');

/**
 * Opens a zip the way the DOCX reader will (JSZip, which reads the central directory and inflates
 * nothing) and refuses it, as UNREADABLE, unless it stays within the bounds above: first by the sizes
 * its central directory declares, before a byte is inflated; then by inflating every entry as a stream,
 * counting and dropping the bytes, and stopping at the first entry that unpacks to more than it
 * declared — declared sizes are the sender's word. Parsing the same bytes with the same library
 * afterwards inflates exactly what was counted here.
 */
export async function checkZipBounds(bytes: Uint8Array): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw refused();
  }
  const entries = Object.values(zip.files).filter((entry) => !entry.dir);
  if (entries.length > ZIP_MAX_ENTRIES) throw refused();
  const declared = entries.map((entry) => ({ entry, ...declaredSizes(entry) }));
  let total = 0;
  for (const { compressed, unpacked } of declared) {
    total += unpacked;
    if (total > ZIP_MAX_UNPACKED_BYTES) throw refused();
    if (unpacked > ZIP_RATIO_FLOOR_BYTES && unpacked > compressed * ZIP_MAX_RATIO) throw refused();
  }
  for (const { entry, unpacked } of declared) await inflateWithin(entry, unpacked);
}

/**
 * The sizes an entry's central-directory record declares. JSZip keeps them on the entry's `_data`,
 * which its own type declarations mark private; should a JSZip release stop keeping them there, every
 * zip is refused here (and the DOCX tests fail) rather than let an unchecked one through.
 */
function declaredSizes(entry: JSZip.JSZipObject): { compressed: number; unpacked: number } {
  const data = (entry as unknown as { _data?: { compressedSize?: unknown; uncompressedSize?: unknown } })
    ._data;
  const compressed = data?.compressedSize;
  const unpacked = data?.uncompressedSize;
  if (typeof compressed !== 'number' || typeof unpacked !== 'number' || compressed < 0 || unpacked < 0) {
    throw refused();
  }
  return { compressed, unpacked };
}

/**
 * Inflates an entry, its output counted and dropped, and refuses it once the output passes `limit`.
 * JSZip inflates 16 kB of compressed input at a time, so at most that much input's output (16 MB at
 * deflate's ceiling) is made before the count stops it; the paused stream then makes no more.
 */
function inflateWithin(entry: JSZip.JSZipObject, limit: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const stream = entry.nodeStream('nodebuffer');
    stream
      .on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= limit) return;
        stream.pause();
        stream.removeAllListeners('data');
        reject(refused());
      })
      .on('error', () => reject(refused()))
      .on('end', () => resolve());
  });
}

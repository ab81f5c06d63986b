import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  checkZipBounds,
  ZIP_MAX_ENTRIES,
  ZIP_MAX_UNPACKED_BYTES,
} from '../../src/modules/knowledge/parse/zip-bounds.ts';
import { UnreadableSource } from '../../src/modules/knowledge/parse/sections.ts';
import { buildDocx } from '../helpers/knowledge-files.ts';
import { buildDocxBomb, withDeclaredSize } from './docx-bomb.ts';

const MB = 1024 * 1024;
const unreadable = expect.objectContaining({ reason: 'UNREADABLE' }) as UnreadableSource;

describe('the bounds on what a DOCX may unpack to', () => {
  it('lets an ordinary DOCX through, compressed or stored', async () => {
    const stored = buildDocx([{ heading: 'Envíos' }, { paragraph: 'Enviamos en 24 horas.' }]);
    const deflated = await (
      await JSZip.loadAsync(stored)
    ).generateAsync({
      type: 'nodebuffer',
      compression: 'DEFLATE',
    });
    await expect(checkZipBounds(stored)).resolves.toBeUndefined();
    await expect(checkZipBounds(deflated)).resolves.toBeUndefined();
  });

  it('refuses, by the sizes it declares, a zip that would unpack past the total', async () => {
    const bomb = await buildDocxBomb(ZIP_MAX_UNPACKED_BYTES + MB);
    await expect(checkZipBounds(bomb)).rejects.toEqual(unreadable);
  });

  it('refuses an entry that declares it unpacks to far more than its compressed size', async () => {
    // Under the total, but about a thousand times its compressed size.
    await expect(checkZipBounds(await buildDocxBomb(8 * MB))).rejects.toEqual(unreadable);
  });

  it('refuses, while inflating, an entry that unpacks to more than it declared', async () => {
    const liar = withDeclaredSize(await buildDocxBomb(8 * MB), 'word/document.xml', MB);
    await expect(checkZipBounds(liar)).rejects.toEqual(unreadable);
  });

  it('refuses a zip of too many entries, and one that is not a zip', async () => {
    const zip = new JSZip();
    for (let i = 0; i <= ZIP_MAX_ENTRIES; i += 1) zip.file(`word/media/${i}.txt`, 'x');
    await expect(checkZipBounds(await zip.generateAsync({ type: 'uint8array' }))).rejects.toEqual(unreadable);
    await expect(checkZipBounds(Buffer.from('PK not really a zip'))).rejects.toEqual(unreadable);
  });
});

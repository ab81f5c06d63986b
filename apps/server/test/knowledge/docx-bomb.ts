import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { buildDocx } from '../helpers/knowledge-files.ts';

const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/**
 * A valid DOCX whose document.xml is one paragraph of `unpackedBytes` repeated letters, deflated by
 * JSZip to a few hundred kilobytes: a zip bomb. The XML is streamed into the zip a megabyte at a
 * time, so building it never holds more than that.
 */
export async function buildDocxBomb(unpackedBytes: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(buildDocx([{ paragraph: 'Hola' }]));
  const head = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${w}"><w:body><w:p><w:r><w:t>`,
  );
  const tail = Buffer.from('</w:t></w:r></w:p></w:body></w:document>');
  const block = Buffer.alloc(1024 * 1024, 'a');
  let left = unpackedBytes - head.length - tail.length;
  const xml = new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const size = Math.min(block.length, left);
      left -= size;
      this.push(block.subarray(0, size));
    },
  });
  xml.unshift(head);
  zip.file('word/document.xml', Readable.from(concatStreams(xml, tail)));
  return zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
    streamFiles: true,
  });
}

async function* concatStreams(stream: Readable, last: Buffer) {
  for await (const chunk of stream) yield chunk as Buffer;
  yield last;
}

/**
 * The same zip with its central directory declaring `declared` unpacked bytes for the entry `name`
 * (a liar: the entry still inflates to its real size). Reading the directory's records is this
 * test's own job: no zip library writes a false size on purpose.
 */
export function withDeclaredSize(zip: Buffer, name: string, declared: number): Buffer {
  const copy = Buffer.from(zip);
  for (let at = copy.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1')) - 1; at >= 0; at -= 1) {
    if (copy.readUInt32LE(at) !== 0x02014b50) continue;
    const nameLength = copy.readUInt16LE(at + 28);
    if (copy.toString('utf8', at + 46, at + 46 + nameLength) !== name) continue;
    copy.writeUInt32LE(declared, at + 24);
    return copy;
  }
  throw new Error(`no central directory record for ${name}`);
}

import mammoth from 'mammoth';
import { htmlSections } from './html.ts';
import { pdfSections } from './pdf.ts';
import { markdownSections, storableText, UnreadableSource, type Section } from './sections.ts';
import { checkZipBounds } from './zip-bounds.ts';

export type SourceType = 'pdf' | 'docx' | 'txt' | 'markdown' | 'html';

const byExtension: Record<string, SourceType> = {
  pdf: 'pdf',
  docx: 'docx',
  txt: 'txt',
  text: 'txt',
  md: 'markdown',
  markdown: 'markdown',
  html: 'html',
  htm: 'html',
};

const byMediaType: Record<string, SourceType> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'txt',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
};

/**
 * What a source is, from its first bytes when they say (a PDF's `%PDF-`, a DOCX's zip), else from its
 * name's extension or its media type; null for anything else.
 */
export function sourceType(bytes: Uint8Array, name: string, mediaType?: string): SourceType | null {
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  if (head.startsWith('%PDF-')) return 'pdf';
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const named = (extension && byExtension[extension]) || (mediaType && byMediaType[mediaType]) || null;
  if (head.startsWith('PK')) return named === 'docx' ? 'docx' : null;
  if (named === 'pdf' || named === 'docx') return null;
  return named;
}

/** A source's text in sections that keep their place; NO_TEXT_FOUND when there is none to index. */
export async function parseSource(
  bytes: Uint8Array,
  type: SourceType,
): Promise<{ title?: string; sections: Section[] }> {
  const parsed = await parseByType(bytes, type);
  if (!parsed.sections.some((section) => /[\p{L}\p{N}]/u.test(section.text))) {
    throw new UnreadableSource('NO_TEXT_FOUND');
  }
  return parsed;
}

async function parseByType(
  bytes: Uint8Array,
  type: SourceType,
): Promise<{ title?: string; sections: Section[] }> {
  switch (type) {
    case 'pdf':
      return { sections: await pdfSections(bytes) };
    case 'docx': {
      await checkZipBounds(bytes);
      let html: string;
      try {
        html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) }, { convertImage: noImages }))
          .value;
      } catch {
        throw new UnreadableSource('UNREADABLE');
      }
      return {
        sections: htmlSections(`<!doctype html><html><body>${html}</body></html>`, { article: false })
          .sections,
      };
    }
    case 'html':
      return htmlSections(decode(bytes), { article: true });
    case 'markdown':
      return { sections: markdownSections(storableText(decode(bytes))) };
    case 'txt': {
      const text = storableText(decode(bytes)).trim();
      return { sections: text ? [{ text, locator: {} }] : [] };
    }
  }
}

/** Pictures carry no text to index: left unread (not inflated, not inlined into the HTML). */
const noImages = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

/** UTF-8, with its byte-order mark dropped; bytes that are not UTF-8 become replacement characters. */
function decode(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes);
}

import { setImmediate } from 'node:timers/promises';
import { getDocumentProxy } from 'unpdf';
import { storableText, UnreadableSource, type Section } from './sections.ts';

/**
 * A PDF's text, one section per page. Pages are read one at a time, each an await of its own, so a
 * long PDF gives the event loop back between pages instead of holding it for the whole file.
 */
export async function pdfSections(bytes: Uint8Array): Promise<Section[]> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch {
    throw new UnreadableSource('UNREADABLE');
  }
  try {
    const sections: Section[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      page.cleanup();
      const clean = storableText(text).trim();
      if (clean) sections.push({ text: clean, locator: { page: number } });
      await setImmediate();
    }
    return sections;
  } catch (error) {
    if (error instanceof UnreadableSource) throw error;
    throw new UnreadableSource('UNREADABLE');
  } finally {
    await pdf.destroy();
  }
}

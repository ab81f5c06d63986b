import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { storableText, type Section } from './sections.ts';

const HEADING = /^H([1-6])$/;
const BLOCK = new Set(['P', 'LI', 'TD', 'TH', 'BLOCKQUOTE', 'PRE', 'DT', 'DD', 'FIGCAPTION']);

/**
 * HTML split at its headings, each section with the headings above it. A web page is first reduced
 * to its article by Readability (menus, footers and ads left out); a converted document (DOCX) is
 * read whole.
 */
export function htmlSections(
  html: string,
  options: { article: boolean },
): { title: string; sections: Section[] } {
  const { document } = parseHTML(html);
  let title = (document.querySelector('title')?.textContent ?? '').trim();
  let body: Element | null = document.body ?? document.documentElement;
  if (options.article) {
    // Readability changes the document it reads; it gets its own copy.
    const article = new Readability(parseHTML(html).document as unknown as Document).parse();
    if (article?.content) {
      body = parseHTML(`<html><body>${article.content}</body></html>`).document.body;
      title = (article.title ?? title).trim();
    }
  }
  const sections: Section[] = [];
  const path: string[] = [];
  let paragraphs: string[] = [];
  const flush = () => {
    const text = paragraphs.join('\n').trim();
    if (text) sections.push({ text, locator: path.length ? { headings: path.filter(Boolean) } : {} });
    paragraphs = [];
  };
  const walk = (element: Element) => {
    for (const child of Array.from(element.children)) {
      const heading = HEADING.exec(child.tagName);
      if (heading) {
        flush();
        const level = Number(heading[1]);
        path.length = Math.min(path.length, level - 1);
        while (path.length < level - 1) path.push('');
        path.push(storableText(child.textContent ?? '').trim());
      } else if (BLOCK.has(child.tagName) && !child.querySelector('p, li, h1, h2, h3, h4, h5, h6')) {
        const text = storableText(child.textContent ?? '').trim();
        if (text) paragraphs.push(text);
      } else if (child.children.length > 0) walk(child);
      else {
        const text = storableText(child.textContent ?? '').trim();
        if (text && !['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(child.tagName))
          paragraphs.push(text);
      }
    }
  };
  if (body) walk(body);
  flush();
  return { title: storableText(title), sections };
}

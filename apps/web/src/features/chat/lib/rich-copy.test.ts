import { afterEach, describe, expect, it, vi } from 'vitest';
import { richCopyOf, writeRichCopy } from './rich-copy';

function rendered(html: string): Element {
  const element = document.createElement('div');
  element.innerHTML = html;
  return element;
}

const reply = rendered(
  '<h2 class="x" data-a="1">Anuncio: una cafetería</h2>' +
    '<p class="y"><strong>Titular:</strong> Café que <em>despierta</em> ideas</p>' +
    '<ul><li>Uno</li><li>Dos<ul><li>Dos y medio</li></ul></li></ul>' +
    '<ol start="3"><li>Tres</li><li>Cuatro</li></ol>' +
    '<p><a href="https://example.com" target="_blank" rel="noreferrer">Visítanos</a></p>',
);

describe('a reply as the clipboard holds it', () => {
  it('keeps the rendered HTML’s structure without the app’s classes and attributes', () => {
    const { html } = richCopyOf(reply);
    expect(html).toContain('<h2>Anuncio: una cafetería</h2>');
    expect(html).toContain('<p><strong>Titular:</strong> Café que <em>despierta</em> ideas</p>');
    expect(html).toContain('<ol start="3"><li>Tres</li>');
    expect(html).toContain('<a href="https://example.com">Visítanos</a>');
    expect(html).not.toMatch(/class=|data-|target=/);
  });

  it('reads as plain text: blocks on their own lines, list items marked, no Markdown syntax', () => {
    expect(richCopyOf(reply).plain).toBe(
      [
        'Anuncio: una cafetería',
        'Titular: Café que despierta ideas',
        '• Uno\n• Dos\n  • Dos y medio',
        '3. Tres\n4. Cuatro',
        'Visítanos',
      ].join('\n\n'),
    );
  });
});

describe('writing the clipboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes text/html and text/plain in one item', async () => {
    const written: ClipboardItem[] = [];
    class FakeItem {
      constructor(readonly parts: Record<string, Blob>) {}
      get types() {
        return Object.keys(this.parts);
      }
    }
    vi.stubGlobal('ClipboardItem', FakeItem);
    vi.stubGlobal('navigator', {
      clipboard: { write: async (items: ClipboardItem[]) => void written.push(...items), writeText: vi.fn() },
    });
    await writeRichCopy({ html: '<p>Hola</p>', plain: 'Hola' });
    const item = written[0] as unknown as FakeItem;
    expect(item.types).toEqual(['text/html', 'text/plain']);
    expect(await item.parts['text/html']!.text()).toBe('<p>Hola</p>');
    expect(await item.parts['text/plain']!.text()).toBe('Hola');
  });

  it('falls back to plain text where the browser cannot write HTML', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('ClipboardItem', undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await writeRichCopy({ html: '<p>Hola</p>', plain: 'Hola' });
    expect(writeText).toHaveBeenCalledWith('Hola');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TemplateOutput } from '@redacta/shared';
import { changeLocale } from '@/lib/i18n';
import type { PendingExchange } from '../hooks/use-chat-stream';
import { feedRows } from './feed-rows';
import { ReplyVariants } from './reply-variants';

beforeEach(() => changeLocale('es'));

const output: TemplateOutput = {
  parts: [
    { key: 'titular', label: 'Titular', maxChars: 30 },
    { key: 'descripcion', label: 'Descripción', maxChars: 90 },
  ],
};

const version = (text: string, messageId: string) => ({
  text,
  messageId,
  wordsCharged: 8,
  status: 'complete' as const,
});

describe("a template run's versions written side by side", () => {
  it("show each version's parts with their lengths, and insert the text headed by the parts' labels", async () => {
    const onInsert = vi.fn();
    render(
      <ReplyVariants
        versions={[
          version('### titular\nZapatillas Aire Trail\n\n### descripcion\nLigeras y firmes.', 'm1'),
          version(
            '### titular\nLas zapatillas de trail más ligeras del año\n\n### descripcion\nCorre.',
            'm2',
          ),
        ]}
        streaming={false}
        demo={false}
        sources={[]}
        output={output}
        handlers={{ onUse: () => {}, onInsert }}
      />,
    );
    const [first, second] = screen.getAllByTestId('reply-variant');
    const lengths = (column: HTMLElement) =>
      within(column)
        .getAllByTestId('part-length')
        .map((length) => length.textContent);
    expect(lengths(first!)).toEqual(['21/30', '17/90']);
    // The second version's headline is over its limit, and says so.
    expect(lengths(second!)[0]).toBe('43/30 Supera el límite de 30 caracteres');
    // The text is headed by the parts' labels, not their keys.
    expect(await within(first!).findByRole('heading', { name: 'Titular' })).toBeInTheDocument();

    await userEvent.click(within(first!).getByRole('button', { name: /Insertar/ }));
    expect(onInsert).toHaveBeenCalledWith(
      '### Titular\nZapatillas Aire Trail\n\n### Descripción\nLigeras y firmes.',
    );
  });

  it('are read into the parts of the template the request ran', () => {
    const pending: PendingExchange = {
      message: 'Escribe un anuncio',
      regenerates: null,
      reply: '',
      started: true,
      userEntryId: null,
      demo: false,
      sources: [],
      versions: [version('### titular\nUno', 'm1'), version('### titular\nDos', 'm2')],
      template: { id: '33333333-3333-4333-8333-333333333333', name: 'Anuncio', output },
    };
    expect(feedRows([], pending).at(-1)).toMatchObject({ kind: 'versions', output });
  });
});

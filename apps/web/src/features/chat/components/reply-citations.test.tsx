import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KnowledgeCitation } from '@redacta/shared';
import { changeLocale } from '@/lib/i18n';
import { loadMarkdownRenderer } from './markdown-loader';
import { MarkdownReply } from './markdown-reply';

const pricing: KnowledgeCitation = {
  n: 1,
  knowledgeId: '66666666-6666-4666-8666-666666666666',
  name: 'tarifas-2027.pdf',
  locator: { page: 3 },
  excerpt: 'El plan Pro cuesta 29 € al mes <script>alert(1)</script>',
};
const faq: KnowledgeCitation = {
  n: 2,
  knowledgeId: '77777777-7777-4777-8777-777777777777',
  name: 'Preguntas frecuentes',
  locator: { headings: ['Planes', 'Plan Pro'] },
  excerpt: 'Incluye tres asientos.',
};

beforeAll(async () => {
  await changeLocale('es');
  await loadMarkdownRenderer();
});

describe('a reply that cites knowledge', () => {
  it('shows each [n] of a known source as a link-like button; other brackets, code and links stay as written', async () => {
    const { container } = render(
      <MarkdownReply
        content={
          'Cuesta 29 € [1] e incluye tres asientos [2]. Ver [3], `[1]` y [el plan [1]](https://example.com).'
        }
        streaming={false}
        citations={[pricing, faq]}
      />,
    );
    const citations = await screen.findAllByTestId('citation');
    expect(citations.map((button) => button.textContent)).toEqual(['[1]', '[2]']);
    expect(citations[0]).toHaveAccessibleName('Fuente 1: tarifas-2027.pdf');
    expect(container.textContent).toContain('Ver [3]');
    expect(container.querySelector('code')?.textContent).toBe('[1]');
    expect(screen.getByRole('link').textContent).toBe('el plan [1]');
  });

  it('opens the passage with its source, page or headings and excerpt (as text), and gives the focus back on Escape', async () => {
    render(
      <MarkdownReply
        content={'Cuesta 29 € [1]. Tres asientos [2].'}
        streaming={false}
        citations={[pricing, faq]}
      />,
    );
    const first = await screen.findByRole('button', { name: 'Fuente 1: tarifas-2027.pdf' });
    await userEvent.click(first);
    const passage = await screen.findByRole('dialog', { name: /tarifas-2027\.pdf/ });
    expect(within(passage).getByText('Página 3')).toBeInTheDocument();
    expect(
      within(passage).getByText('El plan Pro cuesta 29 € al mes <script>alert(1)</script>'),
    ).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(first).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Fuente 2: Preguntas frecuentes' }));
    expect(await screen.findByText('Planes › Plan Pro')).toBeInTheDocument();
  });

  it('keeps an open passage open when the reply comes again with its sources read anew (a refresh)', async () => {
    const { rerender } = render(
      <MarkdownReply content={'Cuesta 29 € [1].'} streaming={false} citations={[pricing]} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Fuente 1: tarifas-2027.pdf' }));
    expect(await screen.findByRole('dialog', { name: /tarifas-2027\.pdf/ })).toBeInTheDocument();
    // The same sources as new objects: what the conversation's page read again from the server holds.
    rerender(<MarkdownReply content={'Cuesta 29 € [1].'} streaming={false} citations={[{ ...pricing }]} />);
    expect(screen.getByRole('dialog', { name: /tarifas-2027\.pdf/ })).toBeInTheDocument();
    // A source that changed shows its new text in the passage still open.
    rerender(
      <MarkdownReply
        content={'Cuesta 29 € [1].'}
        streaming={false}
        citations={[{ ...pricing, name: 'tarifas-2028.pdf' }]}
      />,
    );
    expect(screen.getByRole('dialog', { name: /tarifas-2028\.pdf/ })).toBeInTheDocument();
  });

  it.each([
    ['es', 'Fuente 1: variedades.md', 'Variedades › Picual'],
    ['en', 'Source 1: variedades.md', 'Variedades › Picual'],
  ] as const)(
    'shows a Markdown passage as plain text, its words without their marks (%s)',
    async (locale, trigger, place) => {
      await changeLocale(locale);
      try {
        const oil: KnowledgeCitation = {
          n: 1,
          knowledgeId: '88888888-8888-4888-8888-888888888888',
          name: 'variedades.md',
          locator: { headings: ['Variedades', 'Picual'] },
          excerpt:
            '**Picual Temprano** es un aceite _frutado_ de `cosecha temprana`.\n- Ver [la ficha](https://example.com/ficha)',
        };
        render(<MarkdownReply content={'Es frutado [1].'} streaming={false} citations={[oil]} />);
        await userEvent.click(await screen.findByRole('button', { name: trigger }));
        const passage = await screen.findByRole('dialog', { name: /variedades\.md/ });
        expect(within(passage).getByText(place)).toBeInTheDocument();
        const excerpt = passage.querySelector('blockquote')!;
        expect(excerpt.textContent).toBe(
          'Picual Temprano es un aceite frutado de cosecha temprana.\n• Ver la ficha',
        );
        expect(excerpt.textContent).not.toMatch(/[*_`[\]]/);
        expect(within(passage).queryByRole('link')).toBeNull();
      } finally {
        await changeLocale('es');
      }
    },
  );

  it('without sources, brackets are plain text', async () => {
    const { container } = render(<MarkdownReply content={'Precio [1].'} streaming={false} />);
    await screen.findByText('Precio [1].');
    expect(container.querySelector('button')).toBeNull();
  });
});

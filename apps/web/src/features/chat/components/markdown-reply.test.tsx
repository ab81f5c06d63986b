import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';

/** The reply component as a first visit gets it: its markdown renderer not fetched yet. */
let MarkdownReply: (typeof import('./markdown-reply'))['MarkdownReply'];
beforeEach(async () => {
  vi.resetModules();
  ({ MarkdownReply } = await import('./markdown-reply'));
});

describe('MarkdownReply', () => {
  it('opens safe links apart from the app and leaves unsafe ones as plain text', async () => {
    render(
      <MarkdownReply
        content={'See [the guide](https://example.com/guide) or [click me](javascript:alert(1)).'}
        streaming={false}
      />,
    );
    const link = await screen.findByRole('link', { name: 'the guide' });
    expect(link).toHaveAttribute('href', 'https://example.com/guide');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'click me' })).not.toBeInTheDocument();
    expect(screen.getByText('click me').tagName).toBe('SPAN');
  });

  it('shows raw HTML from the model as text', async () => {
    const { container } = render(
      <MarkdownReply content={'<img src=x onerror="alert(1)">'} streaming={false} />,
    );
    expect(await screen.findByText('<img src=x onerror="alert(1)">')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('reads GitHub-flavoured markdown: tables, strikethrough, task lists, autolinks and footnotes', async () => {
    render(
      <MarkdownReply
        content={[
          '| Canal | Tono |',
          '| :-- | --: |',
          '| Email | cercano |',
          '',
          'Ni ~~frío~~ ni distante: www.example.com lo cuenta.[^1]',
          '',
          '- [x] Asunto',
          '- [ ] Cuerpo',
          '',
          '[^1]: Una nota.',
        ].join('\n')}
        streaming={false}
      />,
    );
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Canal', 'Tono']);
    expect(within(table).getByRole('cell', { name: 'cercano' })).toHaveStyle({ textAlign: 'right' });
    expect(screen.getByText('frío').tagName).toBe('DEL');
    expect(screen.getByRole('link', { name: 'www.example.com' })).toHaveAttribute(
      'href',
      'http://www.example.com',
    );
    const [done, todo] = screen.getAllByRole('checkbox');
    expect(done).toBeChecked();
    expect(todo).not.toBeChecked();
    expect(done).toBeDisabled();
    expect(screen.getByRole('link', { name: '1' })).toHaveAttribute('href', '#user-content-fn-1');
    expect(screen.getByText('Una nota.')).toBeInTheDocument();
  });

  it('draws a saved reply once, as markdown: not as plain text while its renderer loads', async () => {
    // Strikethrough is outside the part of markdown drawn without the renderer.
    render(<MarkdownReply content={'Pan **recién** hecho, no ~~duro~~'} streaming={false} />);
    const reply = screen.getByTestId('reply-text');
    expect(reply).toBeEmptyDOMElement();
    expect((await within(reply).findByText('recién')).tagName).toBe('STRONG');
    expect(within(reply).getByText('duro').tagName).toBe('DEL');
    expect(reply).toHaveTextContent('Pan recién hecho, no duro');
  });

  it('draws a saved reply in simple markdown at once, without waiting for its renderer', () => {
    render(
      <MarkdownReply
        content={'## Eslogan\n\nPan **recién** hecho, [cada día](https://example.com/pan).'}
        streaming={false}
      />,
    );
    const reply = screen.getByTestId('reply-text');
    expect(within(reply).getByRole('heading', { level: 2, name: 'Eslogan' })).toBeInTheDocument();
    expect(within(reply).getByText('recién').tagName).toBe('STRONG');
    expect(within(reply).getByRole('link', { name: 'cada día' })).toHaveAttribute('target', '_blank');
  });

  it('shows a streaming reply’s caret alone until its renderer is there, then the markdown', async () => {
    render(<MarkdownReply content={'Pan **recién**'} streaming />);
    const reply = screen.getByTestId('reply-text');
    expect(reply).toHaveAttribute('aria-busy', 'true');
    expect(reply).toHaveTextContent('');
    expect(reply.children).toHaveLength(1);
    expect((await within(reply).findByText('recién')).tagName).toBe('STRONG');
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MarkdownReply } from './markdown-reply';

describe('MarkdownReply', () => {
  it('opens safe links apart from the app and leaves unsafe ones as plain text', () => {
    render(
      <MarkdownReply
        content={'See [the guide](https://example.com/guide) or [click me](javascript:alert(1)).'}
        streaming={false}
      />,
    );
    const link = screen.getByRole('link', { name: 'the guide' });
    expect(link).toHaveAttribute('href', 'https://example.com/guide');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('link', { name: 'click me' })).not.toBeInTheDocument();
    expect(screen.getByText('click me').tagName).toBe('SPAN');
  });

  it('shows raw HTML from the model as text', () => {
    const { container } = render(
      <MarkdownReply content={'<img src=x onerror="alert(1)">'} streaming={false} />,
    );
    expect(container.querySelector('img')).toBeNull();
  });
});

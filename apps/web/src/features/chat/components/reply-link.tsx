import type { ComponentProps } from 'react';

/**
 * A link of a reply. Links from model output open apart from the app and pass no referrer. A link
 * whose address the renderer dropped as unsafe (`javascript:`, `data:`…) arrives without one: it stays
 * plain text, not a link that would open the app again.
 */
export function ReplyLink({ href, children, ...props }: ComponentProps<'a'>) {
  return href ? (
    <a {...props} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ) : (
    <span>{children}</span>
  );
}

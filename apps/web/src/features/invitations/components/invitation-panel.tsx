import type { ReactNode } from 'react';

/** One step of the invitation page: an icon, a heading, a sentence or two, then its actions. */
export function InvitationPanel({
  icon,
  title,
  tone = 'primary',
  children,
}: {
  icon: ReactNode;
  title: string;
  tone?: 'primary' | 'muted';
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-start gap-4">
      <span
        className={
          tone === 'primary'
            ? 'flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary'
            : 'flex size-12 items-center justify-center rounded-full bg-surface-muted text-text-muted'
        }
      >
        {icon}
      </span>
      <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
      {children}
    </div>
  );
}

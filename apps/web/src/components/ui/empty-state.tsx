import type { ReactNode } from 'react';

/** An empty list is never a blank page: an icon, one line saying what goes here, one primary action. */
export function EmptyState({
  icon,
  title,
  text,
  action,
  note,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  note?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
        {icon}
      </span>
      <h2 className="text-base font-semibold">{title}</h2>
      {text && <p className="text-text-muted">{text}</p>}
      {action && <div className="mt-2">{action}</div>}
      {note && <p className="text-xs text-text-muted">{note}</p>}
    </div>
  );
}

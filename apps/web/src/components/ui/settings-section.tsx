import type { ReactNode } from 'react';

/** A settings block: title and help on the left (wide screens), the form on the right. */
export function SettingsSection({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid scroll-mt-6 gap-4 rounded-xl border border-border p-4 md:grid-cols-[240px_1fr] md:p-6"
    >
      <div>
        <h2 id={`${id}-title`} className="font-semibold">
          {title}
        </h2>
        {description && <p className="mt-1 text-[13px] text-text-muted">{description}</p>}
      </div>
      <div className="min-w-0">{children}</div>
    </section>
  );
}

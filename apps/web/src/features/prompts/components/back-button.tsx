import { ArrowLeft } from 'lucide-react';

/** The quiet "←" step back inside the library panel (to the list, or to the prompt). */
export function BackButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex w-fit items-center gap-1.5 text-[13px] text-text-muted hover:text-primary"
    >
      <ArrowLeft className="size-4" aria-hidden />
      {label}
    </button>
  );
}

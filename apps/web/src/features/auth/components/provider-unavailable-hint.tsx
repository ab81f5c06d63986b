import { useId, type ReactNode } from 'react';

/**
 * Why a provider's button is disabled, on hover and keyboard focus of a focusable wrapper (disabled
 * buttons take neither) and read as its description. Drawn with CSS alone, like the shared tooltip,
 * so the sign-in page does not download the tooltip primitives for two buttons.
 */
export function ProviderUnavailableHint({ reason, children }: { reason: string; children: ReactNode }) {
  const id = useId();
  return (
    <span tabIndex={0} aria-describedby={id} className="group relative flex w-full rounded-lg">
      {children}
      <span
        id={id}
        className={
          'pointer-events-none invisible absolute bottom-full left-1/2 z-[70] mb-1.5 w-max max-w-64 -translate-x-1/2 ' +
          'rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-snug text-white opacity-0 shadow-lg ' +
          'group-hover:visible group-hover:opacity-100 group-focus-visible:visible group-focus-visible:opacity-100 ' +
          'dark:bg-slate-100 dark:text-slate-900'
        }
      >
        {reason}
      </span>
    </span>
  );
}

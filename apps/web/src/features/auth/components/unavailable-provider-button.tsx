import { useId, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';

/**
 * A social sign-in the server has no credentials for: a button that does nothing and says why on
 * hover, keyboard focus and tap. It stays focusable (aria-disabled, not disabled, which takes
 * neither focus nor pointer events), so the keyboard reaches it and screen readers hear the reason
 * as its description. The hint is drawn with CSS alone, like the shared tooltip, so the sign-in page
 * does not download the tooltip primitives for two buttons.
 */
export function UnavailableProviderButton({
  label,
  reason,
  icon,
}: {
  label: string;
  reason: string;
  icon: ReactNode;
}) {
  const id = useId();
  return (
    <div className="group relative flex w-full">
      <button
        type="button"
        aria-disabled="true"
        aria-describedby={id}
        className={buttonClasses('secondary', 'lg', 'w-full cursor-not-allowed')}
      >
        {/* Only the content is faded: the focus ring keeps its full colour. */}
        <span className="inline-flex items-center gap-[inherit] opacity-55">
          {icon}
          {label}
        </span>
      </button>
      <span
        id={id}
        className={
          'pointer-events-none invisible absolute bottom-full left-1/2 z-[70] mb-1.5 w-max max-w-80 -translate-x-1/2 ' +
          'rounded-md bg-slate-900 px-2.5 py-1.5 text-center text-xs leading-snug text-white opacity-0 shadow-lg ' +
          'group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 ' +
          'dark:bg-slate-100 dark:text-slate-900'
        }
      >
        {reason}
      </span>
    </div>
  );
}

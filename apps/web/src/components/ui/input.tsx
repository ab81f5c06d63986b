import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from './cn';

export const fieldClasses =
  'w-full rounded-lg border border-border bg-surface px-3 text-text placeholder:text-text-muted/80 ' +
  'focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary/30 ' +
  'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-text-muted ' +
  'aria-[invalid=true]:border-danger';

/**
 * A small select in a row of controls (the composer's): as wide as the chosen text, up to 15rem,
 * where the browser can size a select to its content (else as wide as its longest choice).
 */
export const compactSelectClasses = cn(
  fieldClasses,
  'field-sizing-content h-8 w-auto max-w-60 min-w-0 truncate py-0 pr-7 text-[13px]',
);

interface FieldChrome {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  labelHidden?: boolean;
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * Form fields: label above the field, error below in `danger` (the hint gives way to it), both
 * linked to the control by aria-describedby.
 */
function Field({
  label,
  error,
  hint,
  labelHidden,
  id,
  children,
}: FieldChrome & { id: string | undefined; children: (control: ControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const showHint = Boolean(hint) && !error;
  const describedBy =
    [error ? errorId : null, showHint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label
        htmlFor={controlId}
        className={cn('text-[13px] font-medium text-text', labelHidden && 'sr-only')}
      >
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {showHint && (
        <div id={hintId} className="text-xs text-text-muted">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-[13px] text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export type InputProps = InputHTMLAttributes<HTMLInputElement> & FieldChrome;

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, error, hint, labelHidden, id, className, ...props },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} labelHidden={labelHidden} id={id}>
      {(control) => (
        <input ref={ref} {...control} className={cn(fieldClasses, 'h-10', className)} {...props} />
      )}
    </Field>
  );
});

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldChrome;

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { label, error, hint, labelHidden, id, className, ...props },
  ref,
) {
  return (
    <Field label={label} error={error} hint={hint} labelHidden={labelHidden} id={id}>
      {(control) => (
        <textarea
          ref={ref}
          {...control}
          className={cn(fieldClasses, 'py-2 leading-relaxed', className)}
          {...props}
        />
      )}
    </Field>
  );
});

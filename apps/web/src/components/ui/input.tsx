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

interface FieldChrome {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  labelHidden?: boolean;
}

export type InputProps = InputHTMLAttributes<HTMLInputElement> & FieldChrome;

/** UI.md forms: label above the field, error below in `danger`, linked by aria-describedby. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { label, error, hint, labelHidden, id, className, ...props },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className={cn('text-[13px] font-medium text-text', labelHidden && 'sr-only')}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(fieldClasses, 'h-10', className)}
        {...props}
      />
      {hint && !error && (
        <p id={hintId} className="text-xs text-text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-[13px] text-danger" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldChrome;

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { label, error, hint, labelHidden, id, className, ...props },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className={cn('text-[13px] font-medium text-text', labelHidden && 'sr-only')}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(fieldClasses, 'py-2 leading-relaxed', className)}
        {...props}
      />
      {hint && (
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
});

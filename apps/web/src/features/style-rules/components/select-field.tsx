import { useId, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { fieldClasses } from '@/components/ui/input';

/** A native select with its label above, as the other fields. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: ReactNode;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-[13px] font-medium text-text">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as V)}
        className={cn(fieldClasses, 'h-10')}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

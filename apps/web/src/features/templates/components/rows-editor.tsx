import type { ReactNode } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { moved, RowControls } from './row-controls';

/**
 * An editable list of the template's rows (its fields, its parts): each row a card headed by its name
 * with buttons to move it up or down or remove it, a button to add one while under `max`, and the
 * list's own error below. `name` falls back for a row not labelled yet; `children` draws a row's inputs.
 */
export function RowsEditor<Row extends { rowId: string; label: string }>({
  legend,
  help,
  empty,
  rows,
  max,
  addLabel,
  newRow,
  unnamed,
  rowTestId,
  listError,
  onChange,
  children,
}: {
  legend: string;
  help: string;
  /** Shown while the list has no rows; none when the list is never empty. */
  empty?: string;
  rows: Row[];
  max: number;
  addLabel: string;
  newRow: () => Row;
  /** A row's name while its label is blank, from its place (0-based). */
  unnamed: (index: number) => string;
  rowTestId: string;
  listError: string | null;
  onChange: (rows: Row[]) => void;
  children: (row: Row, index: number, update: (change: Partial<Row>) => void) => ReactNode;
}) {
  const update = (index: number, change: Partial<Row>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-base font-semibold">{legend}</legend>
      <p className="-mt-2 text-xs text-text-muted">{help}</p>
      {empty !== undefined && rows.length === 0 && <p className="text-sm text-text-muted">{empty}</p>}
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const name = row.label.trim() || unnamed(index);
          return (
            <li
              key={row.rowId}
              data-testid={rowTestId}
              className="flex flex-col gap-3 rounded-lg border border-border p-3"
            >
              <div className="flex items-center justify-between gap-2">
                <h3 className="min-w-0 truncate text-sm font-semibold">{name}</h3>
                <RowControls
                  name={name}
                  index={index}
                  count={rows.length}
                  onMove={(to) => onChange(moved(rows, index, to))}
                  onRemove={() => onChange(rows.filter((_, i) => i !== index))}
                />
              </div>
              {children(row, index, (change) => update(index, change))}
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={rows.length >= max}
        onClick={() => onChange([...rows, newRow()])}
        icon={<Plus className="size-4" aria-hidden />}
      >
        {addLabel}
      </Button>
      {listError && (
        <p className="text-[13px] text-danger" role="alert">
          {listError}
        </p>
      )}
    </fieldset>
  );
}

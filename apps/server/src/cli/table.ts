export interface Column {
  header: string;
  /** Numbers read best aligned to the right. */
  align?: 'left' | 'right';
}

/** Rows as a plain-text table: a header, a rule, one line per row, columns padded to their widest cell. */
export function formatTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    columns
      .map((column, i) => {
        const cell = cells[i] ?? '';
        return column.align === 'right' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!);
      })
      .join('  ')
      .trimEnd();
  return [
    line(columns.map((column) => column.header)),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ].join('\n');
}

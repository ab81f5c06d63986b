import { describe, expect, it } from 'vitest';
import { columnText } from './copy-column';
import { doneRow } from '../test/batch-fixtures';

describe('a column copied', () => {
  it('puts a cell a line and quotes a cell of several lines, as spreadsheets paste them', () => {
    const rows = [doneRow(0, 'Uno'), doneRow(1, 'Dos\n"tres"'), doneRow(2, '')];
    expect(columnText(rows, 'titular')).toBe('Uno\n"Dos\n""tres"""\n');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { changeLocale } from '@/lib/i18n';
import { FileDrop } from './file-drop';

beforeEach(() => changeLocale('es'));

describe('the spreadsheet drop zone', () => {
  it('says it is reading the file while the server checks it, in both languages', async () => {
    const { rerender } = render(<FileDrop onFile={() => {}} busy={false} fileName={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('CSV');

    rerender(<FileDrop onFile={() => {}} busy fileName="catálogo.csv" />);
    expect(screen.getByRole('status')).toHaveTextContent('Leyendo el archivo y comprobando sus filas…');
    await act(() => changeLocale('en'));
    expect(screen.getByRole('status')).toHaveTextContent('Reading the file and checking its rows…');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { batchInputProblemCodes, type BatchInputProblem } from '@redacta/shared';
import { changeLocale, i18n } from '@/lib/i18n';
import { InputProblems } from './input-problems';

beforeEach(() => changeLocale('es'));

const problems: BatchInputProblem[] = [
  { line: 2, column: 'Precio', message: 'At least 1', code: 'belowMin', limit: 1 },
  { line: 3, column: 'Nombre', message: 'At most 80 characters', code: 'tooLong', limit: 80 },
  { line: 4, column: 'c', message: 'Line 4 has 2 cells where the header has 3', code: 'shortRow', limit: 3 },
  { line: 5, column: '', message: "Line 5 has values past the header's columns", code: 'pastHeader' },
  { line: 6, column: 'Total', message: 'formulas are not read: paste values', code: 'formula' },
  // A problem kept before problems had codes: the server's sentence, as it wrote it.
  { line: 7, column: 'Nombre', message: 'Something the server said' },
];

const items = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('the rows with problems', () => {
  it('words each problem in the interface language, with the limit it names', async () => {
    render(<InputProblems problems={problems} choice={null} onChoice={() => {}} />);
    expect(items()).toEqual([
      'Línea 2, columna «Precio»: es menor que 1',
      'Línea 3, columna «Nombre»: pasa de 80 caracteres',
      'Línea 4, columna «c»: tiene menos celdas que las 3 de la cabecera',
      'Línea 5: tiene valores más allá de las columnas de la cabecera',
      'Línea 6, columna «Total»: tiene una fórmula: pega los valores en su lugar',
      'Línea 7, columna «Nombre»: Something the server said',
    ]);

    await act(() => changeLocale('en'));
    expect(items()).toEqual([
      'Line 2, column “Precio”: is less than 1',
      'Line 3, column “Nombre”: is longer than 80 characters',
      "Line 4, column “c”: has fewer cells than the header's 3",
      "Line 5: has values past the header's columns",
      'Line 6, column “Total”: has a formula: paste its values instead',
      'Line 7, column “Nombre”: Something the server said',
    ]);
  });

  it('has words for every code the server sends, in both languages', () => {
    for (const locale of ['es', 'en'])
      for (const code of batchInputProblemCodes)
        expect(i18n.exists(`batches.problems.message.${code}`, { lng: locale }), `${locale} ${code}`).toBe(
          true,
        );
  });
});

import { describe, expect, it } from 'vitest';
import { partLength } from './part-length';
import { doneRow } from '../test/batch-fixtures';

describe('a part against its limits', () => {
  it('counts characters as a reader does, and an emoji as one', () => {
    expect(partLength('Zapatillas ñandú 🏃', { key: 'titular', label: 'Titular', maxChars: 30 })).toEqual({
      length: 18,
      maxChars: 30,
      items: null,
      over: false,
    });
    expect(partLength('x'.repeat(31), { key: 'titular', label: 'Titular', maxChars: 30 }).over).toBe(true);
  });

  it('counts a list part’s items and measures its longest item', () => {
    const bullets = 'Ligera\nTranspirable y con suela de agarre\n\nLavable';
    const length = partLength(bullets, { key: 'bullets', label: 'Ventajas', items: 2, maxChars: 40 });
    expect(length.items).toEqual({ count: 3, max: 2 });
    expect(length.length).toBe('Transpirable y con suela de agarre'.length);
    expect(length.over).toBe(true);
  });

  it('is over when the server flagged it, whatever it counts here', () => {
    const row = doneRow(0, 'Corto', { flags: [{ part: 'titular', length: 31, maxChars: 30 }] });
    expect(partLength('Corto', { key: 'titular', label: 'Titular', maxChars: 30 }, row).over).toBe(true);
  });
});

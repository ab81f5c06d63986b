import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FORMULA_PROBLEM,
  readSpreadsheet,
  readSpreadsheetHere,
  SPREADSHEET_MAX_BYTES,
  SPREADSHEET_MAX_CELL_CHARS,
  SPREADSHEET_MAX_COLUMNS,
  SPREADSHEET_MAX_HEADER_CHARS,
  SPREADSHEET_MAX_ROWS,
  SpreadsheetError,
  spreadsheetThreads,
  writeCsv,
  writeXlsx,
} from '../../src/modules/batches/spreadsheet/index.ts';
import { ZIP_MAX_UNPACKED_BYTES } from '../../src/modules/knowledge/parse/zip-bounds.ts';

const MB = 1024 * 1024;
const threads = spreadsheetThreads(2, pino({ level: 'silent' }));
afterAll(() => threads.destroy());
const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** What a refusal a user sees says, and where it points. */
async function refusal(read: Promise<unknown>) {
  const error = await read.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SpreadsheetError);
  const { status, code, message, details } = error as SpreadsheetError;
  return { status, code, message, details };
}

type Cell = ExcelJS.CellValue;

/** An XLSX whose first worksheet has these rows, written by exceljs; `build` may change the sheet. */
async function xlsx(rows: Cell[][], build?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Productos');
  rows.forEach((cells, index) => {
    if (cells.length > 0) sheet.getRow(index + 1).values = cells;
  });
  build?.(sheet);
  workbook.addWorksheet('Otra').addRow(['no', 'leída']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('reading a CSV', () => {
  it('reads UTF-8 with a byte order mark, the mark not part of the first column', async () => {
    const read = await readSpreadsheetHere(utf8('\uFEFFproducto,precio\nCafé,3\n'), 'productos.csv');
    expect(read).toEqual({
      columns: ['producto', 'precio'],
      rows: [{ line: 2, values: { producto: 'Café', precio: '3' } }],
      problems: [],
    });
  });

  it('reads Spanish Excel: Windows-1252 with semicolons, accents intact', async () => {
    const bytes = iconv.encode(
      'Nombre;Descripción\r\nPiña;Cuesta 5 €, más IVA\r\nAñejo;Cañón\r\n',
      'windows-1252',
    );
    expect(bytes.includes(Buffer.from('ñ', 'utf8'))).toBe(false);
    const read = await readSpreadsheetHere(bytes, 'excel.csv');
    expect(read.columns).toEqual(['Nombre', 'Descripción']);
    expect(read.rows.map((row) => row.values)).toEqual([
      { Nombre: 'Piña', Descripción: 'Cuesta 5 €, más IVA' },
      { Nombre: 'Añejo', Descripción: 'Cañón' },
    ]);
  });

  it('reads short Windows-1252 files whose encoding is easy to mistake', async () => {
    for (const text of ['a;b\nPiña;1\n', 'nombre;precio\nCafé;3 €\n', 'x\n€\n', 'Año\n¿Qué?\n']) {
      const read = await readSpreadsheetHere(iconv.encode(text, 'windows-1252'), 'corto.csv');
      const [header, ...lines] = text.trim().split('\n');
      expect(read.columns).toEqual(header!.split(';'));
      expect(read.rows.map((row) => Object.values(row.values).join(';'))).toEqual(lines);
    }
  });

  it('refuses an encoding it cannot read, by name, instead of reading mojibake', async () => {
    const russian = iconv.encode(
      'имя;описание\nКофе;Очень вкусный кофе из Бразилии\nЧай;Зелёный чай\n',
      'windows-1251',
    );
    expect((await refusal(readSpreadsheetHere(russian, 'ru.csv'))).message).toMatch(
      /encoding \(windows-1251\)/,
    );

    const bytes = iconv.encode(
      'name,description\n' + 'ソフトウェアの説明文です,日本語のテキストをここに書きます\n'.repeat(20),
      'Shift_JIS',
    );
    const { status, message } = await refusal(readSpreadsheetHere(bytes, 'japanese.csv'));
    expect(status).toBe(400);
    expect(message).toMatch(/encoding \(Shift_JIS\) cannot be read: save it as "CSV UTF-8"/);
  });

  it('reads a tab-separated file and UTF-16 (Excel\'s "Unicode text")', async () => {
    const text = 'sku\tname, with comma\nA-1\tTaza; grande\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf16le')]);
    for (const [bytes, name] of [
      [utf8(text), 'tabs.tsv'],
      [utf16, 'unicode.txt'],
    ] as const) {
      const read = await readSpreadsheetHere(bytes, name);
      expect(read.columns).toEqual(['sku', 'name, with comma']);
      expect(read.rows).toEqual([{ line: 2, values: { sku: 'A-1', 'name, with comma': 'Taza; grande' } }]);
    }
  });

  it('counts lines right after quoted cells that span lines, and skips empty rows', async () => {
    const text = [
      'title;body',
      '"Uno";"primera línea',
      'segunda línea',
      'tercera"',
      '',
      ';',
      '"Dos";"con ""comillas"""',
      '',
      '"Tres";"a\r\nb"',
      'Cuatro;fin',
    ].join('\r\n');
    const read = await readSpreadsheetHere(utf8(text), 'multi.csv');
    expect(read.rows).toEqual([
      { line: 2, values: { title: 'Uno', body: 'primera línea\nsegunda línea\ntercera' } },
      { line: 7, values: { title: 'Dos', body: 'con "comillas"' } },
      { line: 9, values: { title: 'Tres', body: 'a\nb' } },
      { line: 11, values: { title: 'Cuatro', body: 'fin' } },
    ]);
    expect(read.problems).toEqual([]);
  });

  it('trims header names, and reads cells starting with = + - @ as the text they are', async () => {
    const read = await readSpreadsheetHere(utf8(' a , b ,c,d\n=SUM(A1),+34 600,-5,@user\n'), 'f.csv');
    expect(read.columns).toEqual(['a', 'b', 'c', 'd']);
    expect(read.rows[0]!.values).toEqual({ a: '=SUM(A1)', b: '+34 600', c: '-5', d: '@user' });
  });

  it('keeps ragged rows and names their lines as problems', async () => {
    const read = await readSpreadsheetHere(utf8('a,b,c\n1,2,3\n4,5\n6,7,8,9\n10,11,12,\n'), 'ragged.csv');
    expect(read.rows.map((row) => row.line)).toEqual([2, 3, 4, 5]);
    expect(read.rows[1]!.values).toEqual({ a: '4', b: '5', c: '' });
    expect(read.problems).toEqual([
      {
        line: 3,
        column: 'c',
        message: 'Line 3 has 2 cells where the header has 3',
        code: 'shortRow',
        limit: 3,
      },
      { line: 4, column: '', message: "Line 4 has values past the header's columns", code: 'pastHeader' },
    ]);
  });

  it('refuses a header with an empty or a repeated name, naming the column', async () => {
    expect(await refusal(readSpreadsheetHere(utf8('a;;c\n1;2;3\n'), 'f.csv'))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Column 2 of the header has no name',
      details: { line: 1, column: '2' },
    });
    expect(await refusal(readSpreadsheetHere(utf8('\n\nname,Price, name\n'), 'f.csv'))).toMatchObject({
      status: 400,
      message: 'The header names the column "name" twice',
      details: { line: 3, column: 'name' },
    });
    const read = await readSpreadsheetHere(utf8('a,b,,\n1,2,,\n'), 'trailing.csv');
    expect(read.columns).toEqual(['a', 'b']);
  });

  it('refuses a file with no header, an unclosed quote, or another kind of file', async () => {
    expect((await refusal(readSpreadsheetHere(utf8('\n ; \n'), 'f.csv'))).message).toBe(
      'The file has no header row',
    );
    expect(await refusal(readSpreadsheetHere(utf8('a,b\n1,"never closed\n2,3\n'), 'f.csv'))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/quoted cell is never closed/),
    });
    expect((await refusal(readSpreadsheetHere(utf8('a,b'), 'old.xls'))).message).toMatch(/Only CSV/);
  });
});

describe('reading an XLSX', () => {
  it('reads the first worksheet, with numbers, dates, rich text and links as text', async () => {
    const file = await xlsx([
      ['Producto', 'Precio', 'Lanzamiento', 'Hora', 'Notas', 'Web', 'Activo'],
      [
        'Café',
        1234.5,
        new Date(Date.UTC(2026, 0, 31)),
        new Date(Date.UTC(2026, 0, 31, 9, 30)),
        { richText: [{ text: 'muy ', font: { bold: true } }, { text: 'rico' }] },
        { text: 'nuestra web', hyperlink: 'https://example.com' },
        true,
      ],
    ]);
    expect(await readSpreadsheetHere(file, 'Libro.XLSX')).toEqual({
      columns: ['Producto', 'Precio', 'Lanzamiento', 'Hora', 'Notas', 'Web', 'Activo'],
      rows: [
        {
          line: 2,
          values: {
            Producto: 'Café',
            Precio: '1234.5',
            Lanzamiento: '2026-01-31',
            Hora: '2026-01-31T09:30:00.000Z',
            Notas: 'muy rico',
            Web: 'nuestra web',
            Activo: 'TRUE',
          },
        },
      ],
      problems: [],
    });
  });

  it('reports each formula cell by line and column, keeping its row', async () => {
    const file = await xlsx([
      ['a', 'b', 'total'],
      [1, 2, { formula: 'A2+B2', result: 3 }],
      [4, 5, 9],
      [{ formula: 'C2*2', result: 6 }, 'x', { formula: 'A4&B4', result: '6x' }],
    ]);
    const read = await readSpreadsheetHere(file, 'f.xlsx');
    expect(read.rows.map((row) => row.line)).toEqual([2, 3, 4]);
    expect(read.problems).toEqual([
      { line: 2, column: 'total', message: FORMULA_PROBLEM, code: 'formula' },
      { line: 4, column: 'a', message: FORMULA_PROBLEM, code: 'formula' },
      { line: 4, column: 'total', message: FORMULA_PROBLEM, code: 'formula' },
    ]);
    expect(FORMULA_PROBLEM).toBe('formulas are not read: paste values');
  });

  it('skips empty rows and reads a merged block once, keeping sheet row numbers', async () => {
    const file = await xlsx(
      [[], ['name', 'group'], [], ['Uno', 'Bebidas'], ['Dos', null], [], ['Tres', 'Postres']],
      (sheet) => sheet.mergeCells('B4:B5'),
    );
    const read = await readSpreadsheetHere(file, 'f.xlsx');
    expect(read.columns).toEqual(['name', 'group']);
    expect(read.rows).toEqual([
      { line: 4, values: { name: 'Uno', group: 'Bebidas' } },
      { line: 5, values: { name: 'Dos', group: '' } },
      { line: 7, values: { name: 'Tres', group: 'Postres' } },
    ]);
    expect(read.problems).toEqual([]);
  });

  it("reports a value past the header's columns, and refuses one row more than the cap", async () => {
    const past = await xlsx([
      ['a', 'b'],
      ['1', '2', 'sobra'],
    ]);
    expect((await readSpreadsheetHere(past, 'f.xlsx')).problems).toEqual([
      { line: 2, column: '', message: "Line 2 has values past the header's columns", code: 'pastHeader' },
    ]);
    const rows = Array.from({ length: SPREADSHEET_MAX_ROWS + 1 }, (_, index) => [index]);
    expect(await refusal(readSpreadsheetHere(await xlsx([['n'], ...rows]), 'rows.xlsx'))).toMatchObject({
      details: { line: SPREADSHEET_MAX_ROWS + 2 },
    });
  });

  it('refuses a formula in the header, and a header naming a column twice', async () => {
    const withFormula = await xlsx([['a', { formula: '"b"&"c"', result: 'bc' }]]);
    expect(await refusal(readSpreadsheetHere(withFormula, 'f.xlsx'))).toMatchObject({
      status: 400,
      details: { line: 1 },
    });
    const twice = await xlsx([
      ['Nombre', 'Nombre'],
      ['a', 'b'],
    ]);
    expect(await refusal(readSpreadsheetHere(twice, 'f.xlsx'))).toMatchObject({
      details: { column: 'Nombre' },
    });
  });

  it('refuses a file that is not a workbook, or a zip that is not one', async () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256));
    expect(await refusal(readSpreadsheetHere(garbage, 'libro.xlsx'))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'The file is not an Excel workbook (.xlsx) that can be read',
      details: {},
    });
    const zip = await new JSZip().file('hello.txt', 'hola').generateAsync({ type: 'nodebuffer' });
    expect((await refusal(readSpreadsheetHere(zip, 'libro.xlsx'))).status).toBe(400);
    expect((await refusal(readSpreadsheetHere(garbage, 'datos.csv'))).status).toBe(400);
  });

  it('refuses a zip bomb before exceljs unpacks it', async () => {
    const zip = await JSZip.loadAsync(await xlsx([['a'], ['1']]));
    zip.file('xl/media/filler.bin', Readable.from(zeros(ZIP_MAX_UNPACKED_BYTES + MB)));
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', streamFiles: true });
    expect(bomb.length).toBeLessThan(SPREADSHEET_MAX_BYTES);
    expect(await refusal(readSpreadsheetHere(bomb, 'bomb.xlsx'))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^The workbook is too large, or too compressed, to read/),
    });
  });
});

async function* zeros(total: number) {
  const block = Buffer.alloc(MB);
  for (let left = total; left > 0; left -= block.length)
    yield block.subarray(0, Math.min(left, block.length));
}

describe('the caps on what is read', () => {
  it('refuses a file past the upload limit with a 413', async () => {
    const error = await readSpreadsheet(
      threads,
      Buffer.alloc(SPREADSHEET_MAX_BYTES + 1, 'a'),
      'big.csv',
    ).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({
      status: 413,
      code: 'BODY_TOO_LARGE',
      message: 'The file is larger than 5 MB',
    });
  });

  it('refuses more columns than the cap, also in a 5 MB line of them, without stalling', async () => {
    const header = Array.from({ length: SPREADSHEET_MAX_COLUMNS + 1 }, (_, index) => `c${index}`);
    expect(await refusal(readSpreadsheetHere(utf8(`${header.join(',')}\n`), 'wide.csv'))).toMatchObject({
      message: `Line 1 has more than ${SPREADSHEET_MAX_COLUMNS} columns`,
    });
    // Stalling is work (splitting millions of cells before counting them), so it is bounded in this
    // process's CPU time, which a loaded machine does not stretch as it stretches the clock's.
    const cpuBefore = process.cpuUsage();
    const huge = utf8(`a,b\n${'x,'.repeat((SPREADSHEET_MAX_BYTES - 10) / 2)}\n`);
    expect(await refusal(readSpreadsheetHere(huge, 'huge.csv'))).toMatchObject({
      status: 400,
      details: { line: 2 },
    });
    const cpu = process.cpuUsage(cpuBefore);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(10_000);
    const wideSheet = await xlsx([header]);
    expect((await refusal(readSpreadsheetHere(wideSheet, 'wide.xlsx'))).message).toMatch(
      /more than 100 columns/,
    );
  });

  it('refuses a cell past the cap, naming its line and column, also one 5 MB line', async () => {
    const long = 'a'.repeat(SPREADSHEET_MAX_CELL_CHARS + 1);
    expect(await refusal(readSpreadsheetHere(utf8(`id;texto\n1;ok\n2;${long}\n`), 'long.csv'))).toMatchObject(
      {
        status: 400,
        details: { line: 3, column: 'texto' },
      },
    );
    expect(
      await refusal(readSpreadsheetHere(utf8(`${'b'.repeat(SPREADSHEET_MAX_BYTES - 1)}\n`), 'line.csv')),
    ).toMatchObject({ status: 400, message: expect.stringMatching(/too long/) });
    const sheet = await xlsx([
      ['id', 'texto'],
      [1, long],
    ]);
    expect(await refusal(readSpreadsheetHere(sheet, 'long.xlsx'))).toMatchObject({
      details: { line: 2, column: 'texto' },
    });
    expect(
      await refusal(
        readSpreadsheetHere(utf8(`${'h'.repeat(SPREADSHEET_MAX_HEADER_CHARS + 1)}\n1\n`), 'h.csv'),
      ),
    ).toMatchObject({ status: 400, details: { line: 1, column: '1' } });
  });

  it('reads as many rows as the cap and refuses one more', async () => {
    const rows = (count: number) => `n\n${'1\n'.repeat(count)}`;
    expect((await readSpreadsheetHere(utf8(rows(SPREADSHEET_MAX_ROWS)), 'rows.csv')).rows).toHaveLength(
      SPREADSHEET_MAX_ROWS,
    );
    expect(
      await refusal(readSpreadsheetHere(utf8(rows(SPREADSHEET_MAX_ROWS + 1)), 'rows.csv')),
    ).toMatchObject({
      message: `The file has more than ${SPREADSHEET_MAX_ROWS} rows`,
      details: { line: SPREADSHEET_MAX_ROWS + 2 },
    });
  });
});

describe('writing', () => {
  const columns = ['Producto', 'Descripción'];
  const rows = [
    ['Piña', 'Dulce, "tropical"\ny fresca'],
    ['=SUM(A1:A3)', '+34 600 000 000'],
    ['@cmd', '-2'],
  ];

  it('writes a CSV with a BOM, CRLF, RFC 4180 quoting and formula-looking cells escaped', () => {
    const csv = writeCsv(columns, rows);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.subarray(3).toString('utf8')).toBe(
      'Producto,Descripción\r\n' +
        'Piña,"Dulce, ""tropical""\ny fresca"\r\n' +
        "'=SUM(A1:A3),'+34 600 000 000\r\n" +
        "'@cmd,'-2\r\n",
    );
    expect(writeCsv(['a', 'b'], [['1;2', '\tx']], { delimiter: ';' }).toString('utf8')).toBe(
      '\uFEFFa;b\r\n"1;2";\'\tx\r\n',
    );
  });

  it('reads back what it wrote as CSV, accents intact and escaped cells as written', async () => {
    const read = await readSpreadsheetHere(writeCsv(columns, rows), 'export.csv');
    expect(read.columns).toEqual(columns);
    expect(read.rows.map((row) => Object.values(row.values))).toEqual([
      ['Piña', 'Dulce, "tropical"\ny fresca'],
      ["'=SUM(A1:A3)", "'+34 600 000 000"],
      ["'@cmd", "'-2"],
    ]);
    expect(read.rows.map((row) => row.line)).toEqual([2, 4, 5]);
  });

  it('writes an XLSX whose cells read back as the same text, none a formula', async () => {
    const file = await writeXlsx(columns, rows, 'Resultados: marzo/abril');
    const read = await readSpreadsheetHere(file, 'export.xlsx');
    expect(read.columns).toEqual(columns);
    expect(read.rows.map((row) => Object.values(row.values))).toEqual(rows);
    expect(read.problems).toEqual([]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Resultados  marzo abril');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A3').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getColumn(1).width).toBe(13);
    expect(sheet.getColumn(2).width).toBe(19);
  });
});

describe('reading in a thread of its own', () => {
  it('answers what reading in place answers, for CSV and XLSX', async () => {
    const csv = writeCsv(
      ['Producto', 'Nota'],
      [
        ['Piña', 'uno\ndos'],
        ['Café', '=1+1'],
      ],
    );
    expect(await readSpreadsheet(threads, csv, 'a.csv')).toEqual(await readSpreadsheetHere(csv, 'a.csv'));
    const book = await xlsx([
      ['a', 'b'],
      [1, { formula: 'A2*2', result: 2 }],
    ]);
    const read = await readSpreadsheet(threads, book, 'a.xlsx');
    expect(read).toEqual(await readSpreadsheetHere(book, 'a.xlsx'));
    expect(read.problems).toEqual([{ line: 2, column: 'b', message: FORMULA_PROBLEM, code: 'formula' }]);
  });

  it('refuses with the same 400 and the place it points at', async () => {
    expect(await refusal(readSpreadsheet(threads, utf8('a;a\n1;2\n'), 'f.csv'))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'The header names the column "a" twice',
      details: { line: 1, column: 'a' },
    });
  });

  it('refuses a file it cannot read in time, and reads the next one in a new thread', async () => {
    const small = utf8('a\n1\n');
    await readSpreadsheet(threads, small, 'a.csv');
    const [before] = threads.threadIds;
    const rows = utf8(`n\n${'1\n'.repeat(SPREADSHEET_MAX_ROWS)}`);
    expect(await refusal(readSpreadsheet(threads, rows, 'rows.csv', 1))).toMatchObject({
      status: 400,
      message: 'The file takes too much memory or time to read',
    });
    expect(threads.threadIds).not.toContain(before);
    expect((await readSpreadsheet(threads, small, 'a.csv')).rows).toHaveLength(1);
  });

  it('reads file after file in the same thread', async () => {
    const csv = utf8('a\n1\n');
    const book = await xlsx([['a'], [1]]);
    await readSpreadsheet(threads, csv, 'a.csv');
    const reading = threads.threadIds;
    expect(reading).toHaveLength(1);
    await readSpreadsheet(threads, book, 'a.xlsx');
    await readSpreadsheet(threads, csv, 'a.csv');
    expect(threads.threadIds).toEqual(reading);
  });
});

// Fills a CSV's rows through the Redacta API: each row's columns are a template's inputs, and the
// copy written for it goes into a new last column. docs/api.md shows it; a server test runs it.
//
//   REDACTA_URL=https://redacta.example.com REDACTA_KEY=rdk_… \
//     node fill-csv.ts <workspace-id> <template-id> products.csv products-with-copy.csv
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { createRedactaClient } from '@redacta/api-client';

export interface FillCsvOptions {
  baseUrl: string;
  /** A key of the workspace with the `generate` scope. */
  apiKey: string;
  workspaceId: string;
  /** A built-in template or one of the workspace's; the CSV's header names its fields. */
  templateId: string;
  input: string;
  output: string;
  /** The name of the column the copy goes into. */
  column?: string;
}

/** Fills every row, one request each, and answers how many rows and words it took. */
export async function fillCsv(options: FillCsvOptions): Promise<{ rows: number; words: number }> {
  const client = createRedactaClient({ baseUrl: options.baseUrl, token: options.apiKey });
  const text = await readFile(options.input, 'utf8');
  const [header = [], ...rows] = parseCsv(text);
  // The same file gives the same keys: a run cut short and started again is never charged twice.
  const run = createHash('sha256').update(text).digest('hex').slice(0, 16);
  let words = 0;
  const filled: string[][] = [];
  for (const [index, row] of rows.entries()) {
    const inputs = Object.fromEntries(header.map((name, i) => [name, row[i] ?? '']));
    const { data, error, response } = await client.POST('/api/workspace/{id}/generate', {
      params: {
        path: { id: options.workspaceId },
        header: { 'idempotency-key': `fill-csv-${run}-${index}` },
      },
      body: { template: { id: options.templateId, inputs } },
    });
    if (!data) throw new Error(`Row ${index + 1}: ${response.status} ${error?.error.code ?? ''}`);
    words += data.words;
    filled.push([...row, data.outputs[0]?.text ?? '']);
  }
  await writeFile(options.output, toCsv([[...header, options.column ?? 'copy'], ...filled]));
  return { rows: rows.length, words };
}

/** RFC 4180 CSV: commas, quoted fields with "" for a quote, CRLF or LF between records. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') field += text[++i];
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field || record.length) records.push([...record, field]);
  return records.filter((fields) => fields.some(Boolean));
}

export function toCsv(records: string[][]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  return records.map((fields) => fields.map(cell).join(',')).join('\r\n') + '\r\n';
}

if (import.meta.main) {
  const [workspaceId, templateId, input, output] = process.argv.slice(2);
  const { REDACTA_URL: baseUrl, REDACTA_KEY: apiKey } = process.env;
  if (!workspaceId || !templateId || !input || !output || !baseUrl || !apiKey) {
    console.error(
      'Usage: REDACTA_URL=… REDACTA_KEY=rdk_… node fill-csv.ts <workspace> <template> <in.csv> <out.csv>',
    );
    process.exit(2);
  }
  const done = await fillCsv({ baseUrl, apiKey, workspaceId, templateId, input, output });
  process.stdout.write(`${done.rows} rows filled, ${done.words} words charged\n`);
}

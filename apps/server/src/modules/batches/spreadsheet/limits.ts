import { BATCH_FILE_MAX_BYTES } from '@redacta/shared';

/**
 * How much of a spreadsheet is read. A batch's rows are capped by plan elsewhere; these caps only keep
 * a hostile file (thousands of columns, one enormous cell, a zip that unpacks to gigabytes) from
 * holding the server: past any of them the file is refused whole, before its rows are used.
 */
export const SPREADSHEET_MAX_BYTES = BATCH_FILE_MAX_BYTES;
export const SPREADSHEET_MAX_COLUMNS = 100;
export const SPREADSHEET_MAX_CELL_CHARS = 20_000;
/** A column's name is what a batch's mapping points at, which takes names this long at most. */
export const SPREADSHEET_MAX_HEADER_CHARS = 200;
/** Data rows, the header not counted. */
export const SPREADSHEET_MAX_ROWS = 20_000;

/**
 * Reads a batch file (the template's CSV or XLSX) into raw rows, refusing the whole file when it is not
 * what it claims (content decides, not the name), its header is not the template's, it holds a formula
 * anywhere, it has more than MAX_BATCH_ROWS rows, or (XLSX) it would unpack to an excessive size. Row
 * rules come after, in the shared domain code.
 */
// Loaded by the first workbook, not at start (~0.25 s of CPU).
import type ExcelJS from 'exceljs';
import { BATCH_COLUMNS, looksLikeFormula, MAX_BATCH_ROWS, type BatchFileType } from '@/domain/disbursements';
import { ApiStatus } from '@/domain/api';
import { ApiError } from '../../errors';
import { zipFootprint } from '../../lib/zip';
import { readCsvRecords, spreadsheetTypeOf } from '../../lib/files/spreadsheet';

export type RawRow = { rowNo: number; cells: Record<(typeof BATCH_COLUMNS)[number], string | number> };

export const badFile = (reason: string, params: Record<string, unknown> = {}) =>
  new ApiError(400, ApiStatus.VALIDATION, `disbursements.badFile.${reason}`, params);

/** A 10,000-row template sheet unpacks to a few MB; an XLSX from a spreadsheet program has a few dozen parts. */
export const MAX_XLSX_UNPACKED_BYTES = 40 * 1024 * 1024;
export const MAX_XLSX_ENTRIES = 500;
const MAX_FORMULA_CELLS_NAMED = 5;

/** The file's type from its name and content; a mismatch (a renamed file) is refused. */
export function fileTypeOf(fileName: string, content: Buffer): BatchFileType {
  const type = spreadsheetTypeOf(fileName, content);
  if (!type) throw badFile('type');
  return type;
}

function checkHeader(header: string[]): void {
  const cells = header.map((h) => h.trim().toLowerCase());
  while (cells.length > BATCH_COLUMNS.length && cells[cells.length - 1] === '') cells.pop();
  if (cells.length !== BATCH_COLUMNS.length || cells.some((c, i) => c !== BATCH_COLUMNS[i])) {
    throw badFile('columns', { expected: BATCH_COLUMNS.join(', ') });
  }
}

const toRow = (rowNo: number, values: Array<string | number>): RawRow => ({
  rowNo,
  cells: Object.fromEntries(BATCH_COLUMNS.map((c, i) => [c, values[i] ?? ''])) as RawRow['cells'],
});
const blank = (values: Array<string | number>) => values.every((v) => String(v).trim() === '');
const tooMany = (rows: number) => badFile('tooManyRows', { rows, max: MAX_BATCH_ROWS });

function readCsv(content: Buffer): RawRow[] {
  const records = readCsvRecords(content);
  if (!records) throw badFile('type');
  if (records.length === 0) throw badFile('empty');
  checkHeader(records[0]);
  const rows: RawRow[] = [];
  const formulas: string[] = [];
  records.slice(1).forEach((values, i) => {
    if (blank(values)) return;
    values.forEach((v, col) => {
      if (looksLikeFormula(v)) formulas.push(`${String.fromCharCode(65 + Math.min(col, 25))}${i + 2}`);
    });
    rows.push(toRow(i + 2, values));
  });
  if (rows.length > MAX_BATCH_ROWS) throw tooMany(rows.length);
  if (formulas.length) throw badFile('formula', { cells: formulas.slice(0, MAX_FORMULA_CELLS_NAMED).join(', ') });
  return rows;
}

function cellValue(cell: ExcelJS.Cell): string | number {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v;
  return cell.text ?? '';
}

/**
 * Refuses an XLSX that would unpack past MAX_XLSX_UNPACKED_BYTES or holds more than MAX_XLSX_ENTRIES
 * parts (a decompression bomb), read from its zip central directory before exceljs inflates anything.
 */
export function checkXlsxFootprint(content: Buffer): void {
  const footprint = zipFootprint(content);
  if (!footprint) throw badFile('type');
  if (footprint.entries > MAX_XLSX_ENTRIES || footprint.unpackedBytes > MAX_XLSX_UNPACKED_BYTES) {
    throw badFile('unpackedTooLarge', { mb: MAX_XLSX_UNPACKED_BYTES / 1024 / 1024 });
  }
}

async function readXlsx(content: Buffer): Promise<RawRow[]> {
  checkXlsxFootprint(content);
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw badFile('type');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badFile('empty');
  // Counted before reading cells: a sheet of a million rows is refused without walking it.
  if (sheet.actualRowCount - 1 > MAX_BATCH_ROWS) throw tooMany(sheet.actualRowCount - 1);
  const header: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    header[col - 1] = String(cellValue(cell));
  });
  checkHeader(header);
  const rows: RawRow[] = [];
  const formulas: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNo) => {
    if (rowNo === 1) return;
    const values: Array<string | number> = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      if (cell.type === Excel.ValueType.Formula || (cell.formula ?? '') !== '') formulas.push(cell.address);
      if (col <= BATCH_COLUMNS.length) values[col - 1] = cellValue(cell);
    });
    if (blank(values)) return;
    rows.push(toRow(rowNo, values));
  });
  if (rows.length > MAX_BATCH_ROWS) throw tooMany(rows.length);
  if (formulas.length) throw badFile('formula', { cells: formulas.slice(0, MAX_FORMULA_CELLS_NAMED).join(', ') });
  return rows;
}

export async function readBatchFile(fileName: string, content: Buffer): Promise<RawRow[]> {
  const type = fileTypeOf(fileName, content);
  const rows = type === 'csv' ? readCsv(content) : await readXlsx(content);
  if (rows.length === 0) throw badFile('empty');
  return rows;
}

/**
 * Reads a merchant's order file (the template's CSV or XLSX, header in Vietnamese or English) into checked
 * rows. The whole file is refused, before anything is written, when it is not what it claims (magic bytes
 * decide, not the name), an XLSX would unpack to more than MAX_XLSX_UNPACKED_BYTES, the header is not the
 * template's, it has more than MAX_CONTROL_ROWS rows, or any row is bad (every bad row named by number).
 */
import { Readable } from 'node:stream';
// Loaded by the first workbook, not at start (~0.25 s of CPU).
import type ExcelJS from 'exceljs';
import { ApiStatus } from '@/domain/api';
import {
  checkControlRow,
  MAX_CONTROL_ROWS,
  MAX_XLSX_UNPACKED_BYTES,
  TEMPLATE_HEADERS,
  type ControlFileRow,
  type ControlFileType,
  type ControlRowError,
} from '@/domain/transactionControl';
import { ApiError } from '../../errors';
import { readCsvRecords, spreadsheetTypeOf } from '../../lib/files/spreadsheet';
import { zipFootprint } from '../../lib/zip';

type Cell = string | number | null | undefined;

export const badControlFile = (reason: string, params: Record<string, unknown> = {}) =>
  new ApiError(400, ApiStatus.VALIDATION, `transactionControl.badFile.${reason}`, params);

/** Bad rows: the file is refused whole; `errors` names each (the route words them in the caller's language). */
export class BadRowsError extends Error {
  constructor(readonly errors: ControlRowError[]) {
    super('bad rows');
  }
}

/** The type from name and content; a renamed file (an .xlsx that is text, a .csv that is a zip) is refused. */
export function controlFileTypeOf(fileName: string, content: Buffer): ControlFileType {
  const type = spreadsheetTypeOf(fileName, content);
  if (!type) throw badControlFile('type');
  return type;
}

const norm = (cell: Cell) => String(cell ?? '').trim().toLowerCase();
const HEADERS = Object.values(TEMPLATE_HEADERS).map((h) => h.map((c) => c.toLowerCase()));

function checkHeader(header: Cell[]): void {
  const cells = header.map(norm);
  while (cells.length > 3 && cells[cells.length - 1] === '') cells.pop();
  if (!HEADERS.some((h) => h.length === cells.length && h.every((c, i) => c === cells[i]))) {
    throw badControlFile('columns', { vi: TEMPLATE_HEADERS.vi.join(', '), en: TEMPLATE_HEADERS.en.join(', ') });
  }
}

const blank = (cells: Cell[]) => cells.every((c) => norm(c) === '');
const tooMany = () => badControlFile('tooManyRows', { max: MAX_CONTROL_ROWS });

/** Checks data rows as they come; bad rows are collected, the first ones kept for the answer. */
class RowCollector {
  readonly rows: ControlFileRow[] = [];
  readonly errors: ControlRowError[] = [];
  add(rowNo: number, cells: Cell[]): void {
    if (blank(cells)) return;
    if (this.rows.length + this.errors.length >= MAX_CONTROL_ROWS) throw tooMany();
    const checked = checkControlRow(rowNo, [cells[0], cells[1], cells[2]]);
    if ('row' in checked) this.rows.push(checked.row);
    else this.errors.push(...checked.errors);
  }
  done(): ControlFileRow[] {
    if (this.errors.length > 0) throw new BadRowsError(this.errors);
    if (this.rows.length === 0) throw badControlFile('empty');
    return this.rows;
  }
}

function readCsv(content: Buffer): ControlFileRow[] {
  const records = readCsvRecords(content);
  if (!records) throw badControlFile('type');
  if (records.length === 0) throw badControlFile('empty');
  checkHeader(records[0]);
  const rows = new RowCollector();
  for (let i = 1; i < records.length; i++) rows.add(i + 1, records[i]);
  return rows.done();
}

function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'object' && 'result' in value) return cellOf(value.result as ExcelJS.CellValue);
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  return String(value);
}

/** The first sheet, streamed row by row (a 200,000-row workbook is never held as cell objects). */
async function readXlsx(content: Buffer): Promise<ControlFileRow[]> {
  // What it unpacks to, from the zip's central directory, before anything is inflated (a zip bomb is small on the wire).
  const footprint = zipFootprint(content);
  if (!footprint) throw badControlFile('type');
  if (footprint.unpackedBytes > MAX_XLSX_UNPACKED_BYTES) throw badControlFile('unpackedTooLarge');
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([content]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  const rows = new RowCollector();
  let header = false;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellOf);
        if (!header) {
          if (blank(values)) continue;
          checkHeader(values);
          header = true;
        } else rows.add(row.number, values);
      }
      break;
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badControlFile('type');
  }
  if (!header) throw badControlFile('empty');
  return rows.done();
}

export async function readControlFile(fileName: string, content: Buffer): Promise<ControlFileRow[]> {
  return controlFileTypeOf(fileName, content) === 'csv' ? readCsv(content) : readXlsx(content);
}

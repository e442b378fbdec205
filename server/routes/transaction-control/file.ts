/**
 * Reads a merchant's order file (the template's CSV or XLSX, header in Vietnamese or English) into checked
 * rows. The whole file is refused, before anything is written, when it is not what it claims (magic bytes
 * decide, not the name), an XLSX would unpack to more than MAX_XLSX_UNPACKED_BYTES, the header is not the
 * template's, it has more than MAX_CONTROL_ROWS rows, or any row is bad (every bad row named by number).
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
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
import { parseCsv } from '../disbursement-management/batch-file';

type Cell = string | number | null | undefined;

export const badControlFile = (reason: string, params: Record<string, unknown> = {}) =>
  new ApiError(400, ApiStatus.VALIDATION, `transactionControl.badFile.${reason}`, params);

/** Bad rows: the file is refused whole; `errors` names each (the route words them in the caller's language). */
export class BadRowsError extends Error {
  constructor(readonly errors: ControlRowError[]) {
    super('bad rows');
  }
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const isZip = (content: Buffer) => ZIP.every((b, i) => content[i] === b);

/** The type from name and content; a renamed file (an .xlsx that is text, a .csv that is a zip) is refused. */
export function controlFileTypeOf(fileName: string, content: Buffer): ControlFileType {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'xlsx' && isZip(content)) return 'xlsx';
  if (ext === 'csv' && !isZip(content)) return 'csv';
  throw badControlFile('type');
}

/**
 * What a zip unpacks to, from its central directory (each entry's declared size), without unpacking it.
 * ZIP64 or a directory that does not add up is refused rather than trusted.
 */
export function unpackedSizeOf(zip: Buffer): number {
  const EOCD = 0x06054b50;
  const CDH = 0x02014b50;
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw badControlFile('type');
  const entries = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (entries === 0xffff || offset === 0xffffffff) throw badControlFile('type');
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== CDH) throw badControlFile('type');
    const size = zip.readUInt32LE(offset + 24);
    if (size === 0xffffffff) throw badControlFile('type');
    total += size;
    offset += 46 + zip.readUInt16LE(offset + 28) + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return total;
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
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw badControlFile('type');
  }
  // eslint-disable-next-line no-control-regex -- a NUL or other control byte means a binary file, not text
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw badControlFile('type');
  text = text.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  // Excel in Vietnamese saves CSV with semicolons (the comma is the decimal mark there).
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const records = parseCsv(text, delimiter);
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
  if (unpackedSizeOf(content) > MAX_XLSX_UNPACKED_BYTES) throw badControlFile('unpackedTooLarge');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([content]), {
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

/**
 * Streaming XLSX with exceljs's WorkbookWriter: rows are committed as they arrive, so memory does
 * not grow with the number of rows.
 *
 * Cells: numbers and money are numeric cells (money is integer đồng formatted '#,##0'); dates are
 * real date cells showing the wall-clock time of Asia/Ho_Chi_Minh (UTC+7, no daylight saving since
 * 1975) formatted dd/mm/yyyy hh:mm:ss, so accountants can sort and filter them; text is a string
 * cell. A string cell is never evaluated as a formula by Excel, so text is written verbatim (no
 * apostrophe prefix as in CSV): '=1+1' stays the text '=1+1'. The header row is bold and frozen.
 */
import { PassThrough, type Readable } from 'node:stream';
// Loaded by the first workbook, not at start (~0.25 s of CPU).
import type ExcelJS from 'exceljs';
import { VN_UTC_OFFSET_MINUTES } from '@/domain/time';
import {
  normaliseCell,
  type ExportColumn,
  type ExportRow,
  type NormalisedCell,
} from './columns';

export const MONEY_FORMAT = '#,##0';
export const DATE_FORMAT = 'dd/mm/yyyy hh:mm:ss';
/** Asia/Ho_Chi_Minh. */
export const DEFAULT_UTC_OFFSET_MINUTES = VN_UTC_OFFSET_MINUTES;
/** Excel's limit per cell: a longer text makes Excel report the workbook as damaged ("We found a problem with some content"). */
export const MAX_CELL_TEXT = 32767;
const MAX_SHEET_NAME = 31;

export interface XlsxOptions {
  /** Offset added to date cells, which Excel shows without a zone. Default +420 (UTC+7). */
  utcOffsetMinutes?: number;
}

// Characters XML 1.0 forbids; a cell holding one makes the whole workbook unreadable.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/g;
// Characters Excel forbids in a sheet name.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SHEET_NAME_FORBIDDEN = /[\\/?*:[\]\u0000-\u001F]/g;

/** A sheet name Excel accepts: no \ / ? * : [ ], not blank, at most 31 characters. */
export function safeSheetName(name: string): string {
  const cleaned = name
    .replace(SHEET_NAME_FORBIDDEN, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .slice(0, MAX_SHEET_NAME)
    .trim();
  return cleaned === '' ? 'Sheet1' : cleaned;
}

function toXlsxValue(cell: NormalisedCell, offsetMs: number): ExcelJS.CellValue {
  if (cell === null) return null;
  if (typeof cell === 'bigint') {
    const asNumber = Number(cell);
    // Beyond 2^53 a numeric cell would change the last digits; exact text beats a wrong amount.
    return Number.isSafeInteger(asNumber) ? asNumber : cell.toString();
  }
  if (cell instanceof Date) return new Date(cell.getTime() + offsetMs);
  if (typeof cell === 'string') {
    // XML parsers (Excel's included) turn a bare CR into LF anyway; doing it here makes the cell
    // read back exactly as written.
    return cell.replace(XML_INVALID, '').replace(/\r\n?/g, '\n').slice(0, MAX_CELL_TEXT);
  }
  return cell;
}

/** Rows written between two checks of the output's backpressure. */
const BATCH_ROWS = 200;
/** Compressed bytes allowed to wait for the reader before the writer pauses. */
const MAX_PENDING_BYTES = 256 * 1024;
const POLL_MS = 20;

interface BufferedReadable {
  _readableState?: { length?: unknown };
}

/**
 * exceljs feeds archiver, and archiver pushes compressed output without honouring push()'s
 * return value, so with a slow reader the whole file would pile up in archiver's buffer. We
 * watch that buffer (WorkbookWriter#zip, archiver's readable side) and stop committing rows
 * while it holds more than MAX_PENDING_BYTES, resuming as the reader drains it. If exceljs's
 * internals ever change shape, this degrades to yielding to the event loop between batches.
 */
async function waitForRoom(zip: BufferedReadable | undefined, out: PassThrough): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  const pending = (): number => {
    const length = zip?._readableState?.length;
    return typeof length === 'number' ? length : 0;
  };
  while (!out.destroyed && pending() > MAX_PENDING_BYTES) {
    await new Promise<void>((resolve) => {
      // 'drain' is the prompt wake-up; the timer covers a drain that happened before we listened.
      const timer = setTimeout(done, POLL_MS);
      out.once('drain', done);
      out.once('close', done);
      function done(): void {
        clearTimeout(timer);
        out.off('drain', done);
        out.off('close', done);
        resolve();
      }
    });
  }
}

/**
 * A readable stream of an XLSX workbook with one sheet: a bold, frozen header row, then one row
 * per source row. Destroying the returned stream stops the source iterator.
 */
export function xlsxStream(
  rows: AsyncIterable<ExportRow> | Iterable<ExportRow>,
  columns: readonly ExportColumn[],
  sheetName: string,
  options: XlsxOptions = {},
): Readable {
  const out = new PassThrough();
  const offsetMs = (options.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES) * 60_000;

  const write = async (): Promise<void> => {
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      // Inline strings: shared strings would keep every distinct text of the export in memory.
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(safeSheetName(sheetName), {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
    });
    sheet.columns = columns.map((column) => ({
      key: column.key,
      width: column.width ?? Math.min(Math.max(column.header.length + 2, 12), 60),
      style:
        column.type === 'money'
          ? { numFmt: MONEY_FORMAT }
          : column.type === 'date'
            ? { numFmt: DATE_FORMAT }
            : {},
    }));
    const header = sheet.addRow(columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();

    const zip = (workbook as unknown as { zip?: BufferedReadable }).zip;
    let sinceCheck = 0;
    for await (const row of rows) {
      if (out.destroyed) break; // the for-await exit calls the iterator's return(): cursor closed
      const values = columns.map((column) => toXlsxValue(normaliseCell(row[column.key], column), offsetMs));
      sheet.addRow(values).commit();
      if (++sinceCheck >= BATCH_ROWS) {
        sinceCheck = 0;
        await waitForRoom(zip, out);
      }
    }
    if (out.destroyed) return;
    sheet.commit();
    await workbook.commit();
  };

  write().catch((error: unknown) => {
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/**
 * Streaming CSV for accountants: opened by Excel (Vietnamese text intact) and safe to open.
 *
 * - UTF-8 with a byte-order mark: without it Excel reads the file as the ANSI code page and
 *   Vietnamese diacritics turn into mojibake.
 * - RFC 4180: CRLF between records; a field is quoted when it holds a comma, a double quote, CR or
 *   LF, and quotes inside are doubled.
 * - Formula injection (OWASP "CSV Injection"): a text cell is prefixed with one apostrophe (') when
 *   its first character is
 *     = + - @ TAB CR, or the full-width ＝ ＋ － ＠ (csv-stringify's `escape_formulas`), or
 *     any other C0 control character U+0000–U+001F (NUL, LF, …) or DEL U+007F (added here:
 *     spreadsheet importers strip or mis-handle a leading NUL and expose what follows).
 *   Only text is touched: numbers and bigints (negative ones included) are written bare, so
 *   amounts stay numeric in Excel.
 * - Backpressure: rows are pulled from the source only as fast as the consumer reads, so a
 *   million-row export holds a few rows in memory, not the whole file.
 */
import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import {
  defaultFormatDate,
  normaliseCell,
  type ExportColumn,
  type ExportOptions,
  type ExportRow,
  type NormalisedCell,
} from './columns';

/** The escape prefix csv-stringify uses for `escape_formulas`; ours must match it. */
const FORMULA_ESCAPE = "'";

/**
 * Leading characters csv-stringify's `escape_formulas` does not cover. TAB (U+0009) and CR
 * (U+000D) are left out because csv-stringify already prefixes them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LEADING_CONTROL = /^[\u0000-\u0008\u000A-\u000C\u000E-\u001F\u007F]/;

/** Prefixes the control characters csv-stringify leaves alone; it then handles = + - @ TAB CR. */
export function neutraliseLeadingControl(text: string): string {
  return LEADING_CONTROL.test(text) ? FORMULA_ESCAPE + text : text;
}

async function* toRecords(
  rows: AsyncIterable<ExportRow> | Iterable<ExportRow>,
  columns: readonly ExportColumn[],
): AsyncGenerator<NormalisedCell[]> {
  for await (const row of rows) {
    yield columns.map((column) => normaliseCell(row[column.key], column));
  }
}

/**
 * A readable stream of CSV bytes (BOM, header row, then one record per row).
 * Destroying the returned stream (client gone) stops the source iterator, which closes the
 * database cursor behind it.
 */
export function csvStream(
  rows: AsyncIterable<ExportRow> | Iterable<ExportRow>,
  columns: readonly ExportColumn[],
  options: ExportOptions = {},
): Readable {
  const formatDate = options.formatDate ?? defaultFormatDate;
  const source = Readable.from(toRecords(rows, columns), { objectMode: true });
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((column) => ({ key: column.key, header: column.header })),
    record_delimiter: 'windows',
    // Naming a record delimiter silently turns this off in csv-stringify, and then a field holding
    // a bare LF or CR goes out unquoted and splits the record in two.
    quote_record_delimiter: true,
    escape_formulas: true,
    cast: {
      string: neutraliseLeadingControl,
      boolean: (value) => (value ? 'true' : 'false'),
      date: (value) => neutraliseLeadingControl(formatDate(value)),
    },
  });
  // pipeline (not pipe) so a failing source destroys the output with the error, and a destroyed
  // output (client disconnect) stops the source; the callback only keeps the error from being
  // reported as unhandled, the output already carries it.
  return pipeline(source, stringifier, () => undefined);
}

const CR = 0x0d;
const LF = 0x0a;
const QUOTE = 0x22;

/**
 * The same file as `csvStream`, from CSV text the database wrote (COPY … WITH (FORMAT csv), see
 * Database.copyCsv): BOM and header row from csv-stringify, then the database's records with CRLF
 * between them. A line feed inside a quoted cell stays as it is, like csv-stringify leaves it; the
 * quote state carries across chunks, which may split anywhere. `onRecords` gets the running count.
 * The cells must already be what the writer would make (formula escaping, dates, words): the query's job.
 */
export async function* csvFromDatabase(
  chunks: AsyncIterable<Buffer>,
  columns: readonly ExportColumn[],
  onRecords: (count: number) => void = () => undefined,
): AsyncGenerator<Buffer> {
  yield Buffer.from(
    stringifySync([columns.map((column) => column.header)], {
      bom: true,
      record_delimiter: 'windows',
      quote_record_delimiter: true,
      escape_formulas: true,
    }),
  );
  let quoted = false;
  let records = 0;
  for await (const chunk of chunks) {
    // At most one CR added per byte: twice the chunk always fits.
    const out = Buffer.allocUnsafe(chunk.length * 2);
    let n = 0;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LF && !quoted) {
        out[n++] = CR;
        records += 1;
      }
      out[n++] = byte;
    }
    onRecords(records);
    yield out.subarray(0, n);
  }
}

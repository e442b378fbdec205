/**
 * Shared column model and cell normalisation for the server-side CSV and XLSX writers.
 *
 * Rows come straight from a database cursor, so values arrive as whatever the driver hands out:
 * numbers, bigints (money is integer đồng in a `bigint` column), numeric strings (node-postgres
 * returns `bigint`/`numeric` as text), Dates, booleans, null. Both writers normalise them here the
 * same way so a CSV and an XLSX of the same export show the same values.
 */

/**
 * `money`: integer đồng, written as a number (CSV) or an integer cell formatted '#,##0' (XLSX).
 * `number`: any number, written as a number. `date`: a Date (or ISO string), written through the
 * date formatter. `text`: written as text. Without a type, the JS type of each value decides.
 */
export type ExportColumnType = 'text' | 'number' | 'money' | 'date';

export interface ExportColumn {
  /** Property of the row object to read. */
  key: string;
  /** Header cell, already translated by the caller. */
  header: string;
  type?: ExportColumnType;
  /** XLSX column width in characters; ignored by CSV. */
  width?: number;
}

export type ExportRow = Record<string, unknown>;

export interface ExportOptions {
  /**
   * Turns a Date into the text written in the file. Callers pass the domain formatter
   * (DD/MM/YYYY HH:mm:ss in Asia/Ho_Chi_Minh). The default is ISO 8601 in UTC: unambiguous
   * whatever the reader's locale, and it never silently shifts a time zone.
   */
  formatDate?: (date: Date) => string;
}

/** A cell after normalisation: what the writers actually emit. */
export type NormalisedCell = string | number | bigint | boolean | Date | null;

export const defaultFormatDate = (date: Date): string => date.toISOString();

// Plain decimal notation only: '1e5', '0x10', ' 12' or '12 ' stay text, so nothing a user typed
// into a free-text field is silently turned into a different number.
const INTEGER_TEXT = /^-?(0|[1-9]\d*)$/;
const DECIMAL_TEXT = /^-?(0|[1-9]\d*)\.\d+$/;

function numericFromText(text: string): number | bigint | null {
  if (INTEGER_TEXT.test(text)) {
    const asNumber = Number(text);
    // Money beyond 2^53 đồng must not lose its last digits on the way through a double.
    return Number.isSafeInteger(asNumber) ? asNumber : BigInt(text);
  }
  if (DECIMAL_TEXT.test(text)) return Number(text);
  return null;
}

/**
 * Normalises one value for its column. Dates are kept as Date here; each writer decides how to
 * render them (CSV: text through the formatter; XLSX: a real date cell).
 */
export function normaliseCell(value: unknown, column: ExportColumn): NormalisedCell {
  if (value === null || value === undefined) return null;
  const { type } = column;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    if (type === 'number' || type === 'money') {
      const numeric = numericFromText(value);
      if (numeric !== null) return numeric;
    }
    if (type === 'date' && value !== '') {
      const parsed = new Date(value);
      if (!Number.isNaN(parsed.getTime())) return parsed;
    }
    return value;
  }
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    } catch {
      return null;
    }
  }
  return String(value);
}

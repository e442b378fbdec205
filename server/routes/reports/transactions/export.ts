/** Columns, values and file name of a transaction report export, in the caller's language. */
import {
  DATE_COLUMNS,
  MONEY_COLUMNS,
  PAYMENT_METHODS,
  TRANSACTION_STATUSES,
  type ExportFormat,
  type TransactionColumn,
  type TransactionRow,
} from '@/domain/transactionReport';
import { formatInVietnam } from '@/domain/format';
import { asciiFileNamePart, type ExportColumn, type ExportRow } from '../../../lib/export';
import { translate, type Lang } from '../../../i18n';
import type { CsvLabels } from './repository';

const WIDTHS: Partial<Record<TransactionColumn, number>> = {
  id: 18,
  createdAt: 20,
  completedAt: 20,
  storeName: 30,
  customerPhone: 14,
  customerName: 24,
  description: 40,
  orderId: 20,
};

export function transactionExportColumns(lang: Lang, keys: readonly TransactionColumn[]): ExportColumn[] {
  return keys.map((key) => ({
    key,
    header: translate(lang, `transactionReport.columns.${key}`),
    // Ids and phones stay text: a leading 0 and all 13 digits are part of them.
    type: MONEY_COLUMNS.includes(key) ? 'money' : DATE_COLUMNS.includes(key) ? 'date' : 'text',
    width: WIDTHS[key] ?? 16,
  }));
}

/** The words `transactionExportRows` writes, for the database-made CSV (repository csvSlices). */
export function transactionCsvLabels(lang: Lang): CsvLabels {
  const words = (prefix: string, codes: readonly string[]) =>
    Object.fromEntries(codes.map((code) => [code, translate(lang, `${prefix}.${code}`)]));
  return { status: words('transactionReport.status', TRANSACTION_STATUSES), paymentMethod: words('transactionReport.method', PAYMENT_METHODS) };
}

/** Status and method in words: an accountant's spreadsheet should not say PARTIALLY_REFUNDED. */
export async function* transactionExportRows(rows: AsyncIterable<TransactionRow>, lang: Lang): AsyncGenerator<ExportRow> {
  const status = new Map<string, string>();
  const method = new Map<string, string>();
  const label = (cache: Map<string, string>, prefix: string, value: string) => {
    let text = cache.get(value);
    if (text === undefined) {
      text = translate(lang, `${prefix}.${value}`);
      cache.set(value, text);
    }
    return text;
  };
  for await (const row of rows) {
    yield {
      ...row,
      createdAt: new Date(row.createdAt),
      completedAt: row.completedAt ? new Date(row.completedAt) : null,
      status: label(status, 'transactionReport.status', row.status),
      paymentMethod: label(method, 'transactionReport.method', row.paymentMethod),
    };
  }
}

/** `giao-dich_<partnerCode>_<from>_<to>_<YYYYMMDD-HHmm>.<ext>`. */
export function transactionExportFileName(partnerCode: string, from: string, to: string, format: ExportFormat, now = new Date()): string {
  const day = (d: string) => d.replaceAll('-', '');
  return `giao-dich_${asciiFileNamePart(partnerCode)}_${day(from)}_${day(to)}_${formatInVietnam(now, 'yyyyMMdd-HHmm')}.${format}`;
}

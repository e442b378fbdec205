/** What an offline stores export holds: its columns, their headers in the caller's language, its rows. */
import type { Store } from '@/domain/api';
import { formatInVietnam } from '@/domain/format';
import { asciiFileNamePart, type ExportColumn, type ExportRow } from '../../lib/export';
import { translate, type Lang } from '../../i18n';

export const STORE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type StoreExportFormat = (typeof STORE_EXPORT_FORMATS)[number];

export const EXPORT_CONTENT_TYPES: Record<StoreExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The list's columns, in the list's order, plus the official account id the list leaves out. */
const COLUMNS: ReadonlyArray<Omit<ExportColumn, 'header'> & { key: keyof Store }> = [
  { key: 'storeId', type: 'text', width: 22 },
  { key: 'storeName', type: 'text', width: 40 },
  // Text, not number: a phone number's leading 0 is part of it.
  { key: 'storePhoneNumber', type: 'text', width: 16 },
  { key: 'storeSlug', type: 'text', width: 30 },
  { key: 'storeStateCode', type: 'number', width: 14 },
  { key: 'address', type: 'text', width: 60 },
  { key: 'isActive', type: 'text', width: 14 },
  { key: 'isClaimedOa', type: 'text', width: 14 },
  { key: 'officialAccountId', type: 'text', width: 22 },
];

export function storeExportColumns(lang: Lang): ExportColumn[] {
  return COLUMNS.map((column) => ({ ...column, header: translate(lang, `exports.stores.columns.${column.key}`) }));
}

/** Yes/no in words: an accountant's spreadsheet should not say "true". */
export async function* storeExportRows(stores: AsyncIterable<Store>, lang: Lang): AsyncGenerator<ExportRow> {
  const yes = translate(lang, 'exports.stores.values.yes');
  const no = translate(lang, 'exports.stores.values.no');
  for await (const store of stores) {
    yield { ...store, isActive: store.isActive ? yes : no, isClaimedOa: store.isClaimedOa ? yes : no };
  }
}

/** `cua-hang_<partnerCode>_<YYYYMMDD-HHmm in Asia/Ho_Chi_Minh>.<ext>`: sorts by time, says whose stores. */
export function storeExportFileName(partnerCode: string, format: StoreExportFormat, now: Date = new Date()): string {
  return `cua-hang_${asciiFileNamePart(partnerCode)}_${formatInVietnam(now, 'yyyyMMdd-HHmm')}.${format}`;
}

export function storeExportSheetName(lang: Lang): string {
  return translate(lang, 'exports.stores.sheetName');
}

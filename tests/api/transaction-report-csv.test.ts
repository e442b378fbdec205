/**
 * Large CSV exports are written by the database (COPY, repository csvSlices + csvFromDatabase); small
 * ones by csv-stringify from decoded rows. Both must give the same bytes, hostile cells included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TRANSACTION_COLUMNS, type TransactionFilter } from '@/domain/transactionReport';
import { addDays, formatVietnamDateTime, vietnamToday } from '@/domain/time';
import { stores, transactions } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { csvFromDatabase, csvStream } from '../../server/lib/export';
import type { Lang } from '../../server/i18n';
import {
  transactionCsvLabels,
  transactionExportColumns,
  transactionExportRows,
} from '../../server/routes/transaction-report/export';
import { transactionsRepository } from '../../server/routes/transaction-report/repository';
import { makeApp, type TestApp } from './helpers';

const MERCHANT = DemoMerchants.other.id;

/** Cells a spreadsheet must not run, and cells a CSV writer must quote. */
const HOSTILE = [
  '=HYPERLINK("http://x","y")',
  '+1+2',
  '-3',
  '@SUM(A1)',
  '\tTab first',
  '\rCR first',
  '\u0001control',
  '＝full width',
  'a, comma',
  'say "hi"',
  'two\nlines',
  'crlf\r\ninside',
  '',
  'Cà phê sữa đá',
  '"',
  '\\. alone',
];

async function bytes(chunks: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(parts);
}

describe('database-made CSV equals the CSV writer', () => {
  let t: TestApp;
  const today = vietnamToday();
  // The oldest hostile row is 105 hours old: five days back holds them all at any hour of the day.
  const filter: TransactionFilter = { from: addDays(today, -5), to: today };

  beforeAll(async () => {
    t = await makeApp();
    const [store] = await t.database.db.select({ id: stores.id }).from(stores).where(eq(stores.merchantId, MERCHANT)).limit(1);
    // A store whose name starts like a formula, so the subquery column is tested too.
    await t.database.db.update(stores).set({ storeName: '=Cửa hàng, "Bến Thành"' }).where(eq(stores.id, store!.id));
    const now = Date.now();
    await t.database.db.insert(transactions).values(
      HOSTILE.map((text, i) => ({
        id: `9${String(MERCHANT).padStart(2, '0')}${String(i).padStart(10, '0')}`,
        merchantId: MERCHANT,
        storeId: i % 2 ? store!.id : null,
        // Some on another Vietnam day than others; milliseconds that the export must drop.
        createdAt: new Date(now - i * 7 * 3_600_000 - 123),
        completedAt: i % 3 ? new Date(now - i * 7 * 3_600_000 + 4_567) : null,
        status: ['SUCCESS', 'FAILED', 'PENDING', 'REFUNDED', 'PARTIALLY_REFUNDED'][i % 5]!,
        paymentMethod: ['WALLET', 'QR_CODE', 'ATM_CARD', 'CREDIT_CARD', 'PAY_LATER'][i % 5]!,
        amount: 1_000 * (i + 1),
        fee: 11 * (i + 1),
        refundedAmount: i % 5 === 3 ? 1_000 * (i + 1) : 0,
        customerPhone: i % 4 ? `09${String(i).padStart(8, '0')}` : null,
        customerName: text,
        orderId: i % 2 ? text : `DH${i}`,
        description: text,
      })),
    );
  });
  afterAll(() => t.close());

  it.each(['vi', 'en'] as Lang[])('every column, hostile cells, %s: the same bytes both ways', async (lang) => {
    const repo = transactionsRepository(t.database.db);
    const scope = { merchantId: MERCHANT, storeIds: null };
    const columns = transactionExportColumns(lang, TRANSACTION_COLUMNS);
    const fromRows = await bytes(
      csvStream(transactionExportRows(repo.stream(scope, filter), lang), columns, { formatDate: formatVietnamDateTime }),
    );
    let counted = 0;
    const slices = repo.csvSlices(scope, filter, TRANSACTION_COLUMNS, transactionCsvLabels(lang));
    async function* chunks() {
      for (const slice of slices) yield* t.database.copyCsv(slice);
    }
    const fromDatabase = await bytes(csvFromDatabase(chunks(), columns, (n) => (counted = n)));
    expect(fromRows.toString('utf8')).toContain("'=HYPERLINK");
    expect(fromRows.toString('utf8')).toContain('"two\nlines"');
    expect(fromDatabase.toString('utf8')).toBe(fromRows.toString('utf8'));
    expect(fromDatabase.equals(fromRows)).toBe(true);
    const rows = await repo.count(scope, filter);
    expect(counted).toBe(rows);
    expect(rows).toBeGreaterThan(HOSTILE.length);
  });
});

/**
 * Issue 15's matching budget: a 200,000-row order file read, checked and matched against 200,000 provider
 * transactions of its window in under 10 s on PGlite, CSV and XLSX, by the functions the upload route runs
 * (server/routes/transaction-control: readControlFile, then the repository's createRun). Its own in-memory
 * database, migrated, with one merchant whose month holds the provider's side (and 50,000 more outside it).
 */
import { PGlite } from '@electric-sql/pglite';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { TEMPLATE_HEADERS } from '../src/domain/transactionControl';
import { pgliteDatabase, pgliteExtensions, rows } from '../server/db/client';
import { readControlFile } from '../server/routes/transaction-control/file';
import { transactionControlRepository } from '../server/routes/transaction-control/repository';

export const CONTROL_ROWS = 200_000;
export const CONTROL_BUDGET_MS = 10_000;
const FROM = '2026-11-01';
const TO = '2026-11-30';

/** File row i: ids of provider transaction i (every 50th by order id only, every 100th 1.000 đ off); the last 2,000 unknown to the provider. */
function fileRow(i: number): [string, string, string] {
  const id = String(8_000_000_000_000 + i);
  if (i >= CONTROL_ROWS - 2_000) return [String(7_000_000_000_000 + i), `X-${i}`, '50.000'];
  const amount = 10_000 + (i % 5_000) * 100 + (i % 100 === 0 ? 1_000 : 0);
  return i % 50 === 0 ? ['', `DH-${i}`, amount.toLocaleString('vi-VN')] : [id, `DH-${i}`, String(amount)];
}

export async function measureTransactionControl() {
  const database = pgliteDatabase(await PGlite.create({ extensions: pgliteExtensions }));
  try {
    await database.migrate();
    const db = database.db;
    const [merchant] = await rows<{ id: number }>(
      db,
      sql`insert into merchants (partner_code, name, brand_name, type, state_code) values ('MC_BENCH', 'Bench', 'Bench', 'SME', 201) returning id`,
    );
    const [user] = await rows<{ id: number }>(db, sql`insert into users (username, name, password_hash) values ('bench_user', 'Bench', 'x') returning id`);
    // The month's provider side: transaction i at i × 12 s from the 1st (200,000 × 12 s ≈ 28 days), and 50,000 in October.
    await db.execute(sql`insert into transactions (id, merchant_id, created_at, completed_at, status, payment_method, amount, fee, order_id)
      select (8000000000000 + i)::text, ${merchant.id}, ${`${FROM}T00:00:00+07:00`}::timestamptz + i * interval '12 seconds',
        ${`${FROM}T00:00:00+07:00`}::timestamptz + i * interval '12 seconds', 'SUCCESS', 'WALLET', 10000 + (i % 5000) * 100, 0, 'DH-' || i
      from generate_series(0, ${CONTROL_ROWS - 1}) as i`);
    await db.execute(sql`insert into transactions (id, merchant_id, created_at, status, payment_method, amount, fee, order_id)
      select (8100000000000 + i)::text, ${merchant.id}, ${'2026-10-01T00:00:00+07:00'}::timestamptz + i * interval '40 seconds', 'SUCCESS', 'WALLET', 20000, 0, 'OCT-' || i
      from generate_series(0, 49999) as i`);
    await database.vacuum();

    const data = Array.from({ length: CONTROL_ROWS }, (_, i) => fileRow(i));
    const csv = Buffer.from(`${TEMPLATE_HEADERS.vi.join(',')}\n${data.map((r) => r.map((c) => (c.includes(',') ? `"${c}"` : c)).join(',')).join('\n')}\n`);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('doi-soat');
    sheet.addRow([...TEMPLATE_HEADERS.vi]);
    for (const r of data) sheet.addRow(r);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());

    const repo = transactionControlRepository(db);
    const scope = { merchantId: merchant.id, storeIds: null };
    const timed = async (fileName: string, content: Buffer) => {
      const t0 = performance.now();
      const fileRows = await readControlFile(fileName, content);
      const t1 = performance.now();
      const id = await repo.createRun(scope, { from: FROM, to: TO, fileName, createdBy: user.id, createdByName: 'bench_user' }, fileRows);
      const t2 = performance.now();
      const run = await repo.run(scope, id);
      if (!run || run.totals.MATCHED.count + run.totals.AMOUNT_MISMATCH.count !== CONTROL_ROWS - 2_000 || run.totals.ONLY_PROVIDER.count !== 2_000) {
        throw new Error(`unexpected totals ${JSON.stringify(run?.totals)}`);
      }
      return { readMs: Math.round(t1 - t0), matchMs: Math.round(t2 - t1), totalMs: Math.round(t2 - t0) };
    };
    const csvRun = await timed('doi-soat.csv', csv);
    const xlsxRun = await timed('doi-soat.xlsx', xlsx);
    return {
      transactionControlRows: CONTROL_ROWS,
      transactionControlCsvReadMs: csvRun.readMs,
      transactionControlCsvMatchMs: csvRun.matchMs,
      transactionControlCsvTotalMs: csvRun.totalMs,
      transactionControlXlsxReadMs: xlsxRun.readMs,
      transactionControlXlsxMatchMs: xlsxRun.matchMs,
      transactionControlXlsxTotalMs: xlsxRun.totalMs,
      transactionControlBudgetMs: CONTROL_BUDGET_MS,
      transactionControlWithinBudget: csvRun.totalMs < CONTROL_BUDGET_MS && xlsxRun.totalMs < CONTROL_BUDGET_MS,
    };
  } finally {
    await database.close();
  }
}

// `node --import tsx bench/transaction-control.ts`: this case alone, its figures on stdout.
if (process.argv[1] && import.meta.filename === (await import('node:fs')).realpathSync(process.argv[1])) {
  process.stdout.write(`${JSON.stringify(await measureTransactionControl(), null, 2)}\n`);
}

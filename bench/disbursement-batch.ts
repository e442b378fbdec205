/**
 * Issue 14's batch budget: a 10,000-row disbursement file read and every row checked in under 5 s,
 * CSV and XLSX, by the same functions the upload route runs (server/routes/disbursement-management).
 */
import ExcelJS from 'exceljs';
import { BATCH_COLUMNS } from '../src/domain/disbursements';
import { standardDisbursementFee } from '../server/db/seed-payment-integration';
import { readBatchFile } from '../server/routes/disbursement-management/batch-file';
import { checkRows } from '../server/routes/disbursement-management/batch';

export const BATCH_ROWS = 10_000;
export const BATCH_BUDGET_MS = 5_000;

const row = (i: number) => ['WALLET', `09${String(i).padStart(6, '0')}12`, '', 10_000 + i, `Lương tháng ${i}`];

async function timed(fileName: string, content: Buffer): Promise<number> {
  const t0 = performance.now();
  const checked = checkRows(await readBatchFile(fileName, content), standardDisbursementFee);
  const ms = performance.now() - t0;
  if (checked.length !== BATCH_ROWS) throw new Error(`expected ${BATCH_ROWS} rows, got ${checked.length}`);
  return Math.round(ms);
}

export async function measureBatchValidation() {
  const csv = Buffer.from(`${BATCH_COLUMNS.join(',')}\n${Array.from({ length: BATCH_ROWS }, (_, i) => row(i).join(',')).join('\n')}\n`, 'utf8');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('rows');
  sheet.addRow([...BATCH_COLUMNS]);
  for (let i = 0; i < BATCH_ROWS; i++) sheet.addRow(row(i));
  const xlsx = Buffer.from(await book.xlsx.writeBuffer());
  const csvMs = await timed('batch.csv', csv);
  const xlsxMs = await timed('batch.xlsx', xlsx);
  return {
    disbursementBatchRows: BATCH_ROWS,
    disbursementBatchCsvMs: csvMs,
    disbursementBatchXlsxMs: xlsxMs,
    disbursementBatchBudgetMs: BATCH_BUDGET_MS,
    disbursementBatchWithinBudget: csvMs < BATCH_BUDGET_MS && xlsxMs < BATCH_BUDGET_MS,
  };
}

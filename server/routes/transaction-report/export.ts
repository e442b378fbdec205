/**
 * Transaction report export (POST …/transaction-report/exports) and the transaction report's one export
 * definition (transactionExportRequest), which a scheduled TRANSACTION_REPORT uses too: columns, headers
 * with units, values in words and file name in the file's language. Large CSV files are written by the
 * database (COPY, repository csvSlices), small ones by csv-stringify from decoded rows; both give the same bytes.
 */
import type { SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DATE_COLUMNS,
  DEFAULT_TRANSACTION_COLUMNS,
  MONEY_COLUMNS,
  PAYMENT_METHODS,
  TRANSACTION_STATUSES,
  type ExportFormat,
  type TransactionColumn,
  type TransactionFilter,
  type TransactionRow,
  TransactionReportPaths as Paths,
} from '@/domain/transactionReport';
import { formatVietnamDateTime } from '@/domain/time';
import { translate, type Lang } from '../../i18n';
import type { ExportColumn, ExportRow } from '../../lib/export';
import { exportFileName, exportKeysFor, sendReportExport, type ReportExportRequest } from '../../lib/export-jobs';
import { membershipOf, merchantScope } from '../../plugins/auth';
import { transactionsRepository, type CsvLabels, type Scope, type TransactionsRepository } from './repository';
import { exportQuery, filterOf, merchantParams, tags, TRANSACTION_REPORT_KEY, transactionScope } from './schemas';

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

/** What one transaction export writes: the manual export (below) and a scheduled TRANSACTION_REPORT. */
export interface TransactionExportArgs {
  scope: Scope;
  filter: TransactionFilter;
  keys: readonly TransactionColumn[];
  format: ExportFormat;
  lang: Lang;
  partnerCode: string;
  now?: Date;
  /** Runs the database's CSV statements (Database.copyCsv); without it a CSV is written from rows. */
  copySlices?: (slices: SQL[]) => AsyncIterable<Buffer>;
}

/** The transaction report's export definition: columns, words, file and sheet name, rows. */
export function transactionExportRequest(repo: TransactionsRepository, args: TransactionExportArgs): ReportExportRequest {
  const { scope, filter, keys, format, lang, copySlices } = args;
  return {
    report: TRANSACTION_REPORT_KEY,
    format,
    columns: transactionExportColumns(lang, keys),
    fileName: exportFileName(TRANSACTION_REPORT_KEY, args.partnerCode, filter.from, filter.to, format, args.now),
    sheetName: translate(lang, 'transactionReport.sheetName'),
    params: { ...filter, columns: keys },
    count: () => repo.count(scope, filter),
    rows: () => transactionExportRows(repo.stream(scope, filter), lang),
    csvChunks: copySlices ? () => copySlices(repo.csvSlices(scope, filter, keys, transactionCsvLabels(lang))) : undefined,
    formatDate: formatVietnamDateTime,
  };
}

export const transactionExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = transactionsRepository(app.database.db);
  // One statement after another: on PGlite each is one query in the shared queue, so requests go on between days.
  async function* copySlices(slices: SQL[]): AsyncGenerator<Buffer> {
    for (const slice of slices) yield* app.database.copyCsv(slice);
  }

  app.post(
    Paths.exports,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Export the filter: the file at once (200) when small, else an export job (202). Store roles get no customer phone/name or fee columns.',
        params: merchantParams,
        querystring: exportQuery,
        response: { 200: z.unknown(), 202: z.unknown() },
      },
    },
    async (request, reply) => {
      const scope = transactionScope(request);
      const { merchant } = membershipOf(request);
      const keys = exportKeysFor(scope.storeIds !== null, request.query.columns, DEFAULT_TRANSACTION_COLUMNS);
      return sendReportExport(
        request,
        reply,
        transactionExportRequest(repo, {
          scope,
          filter: filterOf(request.query),
          keys,
          format: request.query.format,
          lang: request.lang,
          partnerCode: merchant.partnerCode,
          copySlices,
        }),
      );
    },
  );
};

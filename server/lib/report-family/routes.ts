/**
 * The routes every report-center list has: the page, the totals of the filtered set, the export of the
 * filtered set (no row cap, streamed) and, where the report has one, the detail of a row. Each report's
 * route module (server/routes/<report>) is one call of reportRoutes with its table.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkDateRange, dateRangeShape, KEYWORD_MAX_LENGTH, ReportCenterPaths } from '@/domain/reportCenter';
import { EXPORT_FORMATS, type ExportFormat } from '@/domain/transactionReport';
import { formatVietnamDateTime } from '@/domain/time';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import type { ExportColumn } from '../export';
import { exportFileName, exportKeysFor, sendReportExport, type ReportExportRequest } from '../export-jobs';
import { translate, type Lang } from '../../i18n';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam } from '../../validation';
import { repeated, requireRouteCode } from './access';
import { reportRepository, type ReportFilter, type ReportRepository, type ReportRow, type ReportTable } from './repository';

/** The paths of one report-center list; totals, export and detail hang below the list. */
export interface ReportListPaths {
  list: string;
  totals: string;
  export: string;
  /** Only for reports with a detail. */
  detail?: string;
}

const pathOf = (template: string, key: string) => template.replace(':report', key);

/** The ReportCenterPaths.report* templates with `:report` set to the report's name. */
export const reportListPaths = (key: string): ReportListPaths => ({
  list: pathOf(ReportCenterPaths.report, key),
  totals: pathOf(ReportCenterPaths.reportTotals, key),
  export: pathOf(ReportCenterPaths.reportExport, key),
  detail: pathOf(ReportCenterPaths.reportDetail, key),
});

const rowSchema = z.record(z.string(), z.unknown());
// Fee sums are null for store-scoped callers (access.ts sumsForViewer).
const moneySums = z.record(z.string(), z.number().nullable());
const totalsSchema = z.object({
  count: z.number().int(),
  sums: moneySums,
  byStatus: z.array(z.object({ status: z.string(), count: z.number().int(), sums: moneySums })),
});

/** Export columns of a report, headers in `lang` (money headers carry the unit), in the order asked. */
export function exportColumnsOf(report: ReportTable, keys: readonly string[], lang: Lang): ExportColumn[] {
  return keys.map((key) => {
    const column = report.definition.columns.find((c) => c.key === key)!;
    const type = column.type === 'money' ? 'money' : column.type === 'number' ? 'number' : column.type === 'date' ? 'date' : 'text';
    return { key, header: translate(lang, `reportCenter.columns.${key}`), type, width: type === 'text' ? 24 : 18 };
  });
}

/** Columns whose codes are written in words, and where their words are. */
const WORD_COLUMNS: Readonly<Record<string, string>> = { status: 'reportCenter.statuses', channel: 'reportCenter.channels' };

/**
 * Statuses and channels (and a report's own `wordColumns`) in words: an accountant's file should say
 * "Thành công", not SUCCESS.
 */
export async function* exportRowsOf(rows: AsyncIterable<ReportRow>, lang: Lang, reportWords: Readonly<Record<string, string>> = {}): AsyncGenerator<ReportRow> {
  const columns = Object.entries({ ...WORD_COLUMNS, ...reportWords });
  const words = new Map<string, string>();
  const word = (prefix: string, code: unknown) => {
    const key = `${prefix}.${String(code)}`;
    let text = words.get(key);
    if (text === undefined) {
      text = translate(lang, key);
      words.set(key, text);
    }
    return text;
  };
  for await (const row of rows) {
    const out: ReportRow = { ...row };
    for (const [column, prefix] of columns) {
      if (out[column] !== undefined && out[column] !== null) out[column] = word(prefix, out[column]);
    }
    yield out;
  }
}

/** What one report-center export writes: the manual export (below) and a scheduled report of the type. */
export interface ReportExportArgs {
  merchantId: number;
  partnerCode: string;
  filter: ReportFilter;
  keys: readonly string[];
  format: ExportFormat;
  lang: Lang;
  now?: Date;
}

/** A report-center report's export definition: columns, words, file and sheet name, rows. */
export function reportExportRequest(report: ReportTable, repo: ReportRepository, args: ReportExportArgs): ReportExportRequest {
  const { merchantId, filter, keys, format, lang } = args;
  const key = report.definition.key;
  return {
    report: key,
    format,
    columns: exportColumnsOf(report, keys, lang),
    fileName: exportFileName(key, args.partnerCode, filter.fromDate, filter.toDate, format, args.now),
    sheetName: translate(lang, `reportCenter.reports.${key}`),
    params: { ...filter, scopeStoreIds: undefined, columns: keys },
    count: () => repo.count(merchantId, filter),
    rows: () => exportRowsOf(repo.stream(merchantId, filter), lang, report.wordColumns),
    formatDate: formatVietnamDateTime,
  };
}

export function reportRoutes(report: ReportTable, paths: ReportListPaths = reportListPaths(report.definition.key)): FastifyPluginAsyncZod {
  const def = report.definition;
  const columnKeys = def.columns.map((c) => c.key) as [string, ...string[]];
  const filterShape = {
    ...dateRangeShape,
    status: repeated(z.enum(def.statuses as [string, ...string[]]), def.statuses.length),
    ...(def.hasStore ? { storeId: repeated(idParam, 100) } : {}),
    keyword: z.string().trim().max(KEYWORD_MAX_LENGTH).optional(),
  };
  const listQuery = apiQuery({ ...pageQueryShape, ...filterShape }).check(checkDateRange);
  const totalsQuery = apiQuery(filterShape).check(checkDateRange);
  const exportQuery = apiQuery({
    ...filterShape,
    format: z.enum(EXPORT_FORMATS),
    columns: repeated(z.enum(columnKeys), columnKeys.length),
  }).check(checkDateRange);
  const params = z.strictObject({ merchantId: idParam });
  const tags = ['report-center'];

  const filterOf = (request: FastifyRequest, query: Record<string, unknown>): ReportFilter => {
    const membership = membershipOf(request);
    requireRouteCode(membership, def.routeCode);
    // A report without stores has nothing a store-scoped user may see.
    if (!def.hasStore && membership.storeIds !== null) throw ApiError.forbidden();
    return {
      fromDate: query.fromDate as string,
      toDate: query.toDate as string,
      status: query.status as string[] | undefined,
      storeId: query.storeId as number[] | undefined,
      keyword: (query.keyword as string | undefined) || undefined,
      scopeStoreIds: membership.storeIds,
    };
  };

  return async (app) => {
    const repo = reportRepository(app.database.db, report);

    app.get(
      paths.list,
      {
        preHandler: merchantScope,
        schema: {
          tags,
          summary: `${def.key}: rows of the date range, newest first (store roles: only their stores)`,
          params,
          querystring: listQuery,
          response: { 200: envelopeSchema(pageSchema(rowSchema)) },
        },
      },
      async (request) => {
        const filter = filterOf(request, request.query);
        const { rows, total } = await repo.page(membershipOf(request).merchant.id, filter, request.query);
        return ok(request, toPage(rows, total, request.query));
      },
    );

    app.get(
      paths.totals,
      {
        preHandler: merchantScope,
        schema: { tags, summary: `${def.key}: count and money sums of the filtered set, by status`, params, querystring: totalsQuery, response: { 200: envelopeSchema(totalsSchema) } },
      },
      async (request) => ok(request, await repo.totals(membershipOf(request).merchant.id, filterOf(request, request.query))),
    );

    // POST like the transaction report's export (an export starts work; the filter stays in the query).
    app.post(
      paths.export,
      {
        preHandler: merchantScope,
        schema: {
          tags,
          summary: `${def.key}: every row the filter selects, no row cap: the file at once (200) when small, else an export job (202); store roles get no customer personal data or fee columns`,
          params,
          querystring: exportQuery,
          response: { 200: z.unknown(), 202: z.unknown() },
        },
      },
      async (request, reply) => {
        const filter = filterOf(request, request.query);
        const { merchant, storeIds } = membershipOf(request);
        const keys = exportKeysFor(storeIds !== null, request.query.columns, def.defaultColumns);
        // Through the shared export-job service: a small set is sent at once, a large one becomes a job.
        return sendReportExport(
          request,
          reply,
          reportExportRequest(report, repo, { merchantId: merchant.id, partnerCode: merchant.partnerCode, filter, keys, format: request.query.format, lang: request.lang }),
        );
      },
    );

    if (def.hasDetail && paths.detail) {
      app.get(
        paths.detail,
        {
          preHandler: merchantScope,
          schema: {
            tags,
            summary: `${def.key}: one row by its ${def.idColumn}`,
            params: z.strictObject({ merchantId: idParam, id: z.string().trim().min(1).max(64) }),
            querystring: apiQuery({}),
            response: { 200: envelopeSchema(rowSchema) },
          },
        },
        async (request) => {
          const membership = membershipOf(request);
          requireRouteCode(membership, def.routeCode);
          if (!def.hasStore && membership.storeIds !== null) throw ApiError.forbidden();
          const row = await repo.findOne(membership.merchant.id, request.params.id, membership.storeIds);
          if (!row) throw ApiError.notFound();
          return ok(request, row);
        },
      );
    }
  };
}

/**
 * The routes every report-center list has: the page, the totals of the filtered set, the export of the
 * filtered set (no row cap, streamed) and, where the report has one, the detail of a row. Each report's
 * route module (server/routes/<report>) is one call of reportRoutes with its table.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkDateRange, dateRangeShape, KEYWORD_MAX_LENGTH, ReportCenterPaths } from '@/domain/reportCenter';
import { EXPORT_FORMATS } from '@/domain/transactionReport';
import { formatDateTimeSeconds } from '@/domain/format';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { asciiFileNamePart, type ExportColumn } from '../export';
import { sendReportExport } from '../export-jobs';
import { translate, type Lang } from '../../i18n';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam } from '../../validation';
import { repeated, requireRouteCode } from './access';
import { reportRepository, type ReportFilter, type ReportRow, type ReportTable } from './repository';

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

/** Export columns of a report, headers in `lang`, in the order asked (default: the report's default columns). */
export function exportColumnsOf(report: ReportTable, keys: readonly string[], lang: Lang): ExportColumn[] {
  return keys.map((key) => {
    const column = report.definition.columns.find((c) => c.key === key)!;
    const type = column.type === 'money' ? 'money' : column.type === 'number' ? 'number' : column.type === 'date' ? 'date' : 'text';
    return { key, header: translate(lang, `reportCenter.columns.${key}`), type, width: type === 'text' ? 24 : 18 };
  });
}

/** Statuses in words: an accountant's file should say "Thành công", not SUCCESS. */
export async function* exportRowsOf(rows: AsyncIterable<ReportRow>, lang: Lang): AsyncGenerator<ReportRow> {
  for await (const row of rows) {
    yield { ...row, status: translate(lang, `reportCenter.statuses.${String(row.status)}`) };
  }
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
          summary: `${def.key}: every row the filter selects, no row cap: the file at once (200) when small, else an export job (202)`,
          params,
          querystring: exportQuery,
          response: { 200: z.unknown(), 202: z.unknown() },
        },
      },
      async (request, reply) => {
        const filter = filterOf(request, request.query);
        const { merchant } = membershipOf(request);
        const { format, lang } = { format: request.query.format, lang: request.lang };
        const keys = request.query.columns?.length ? request.query.columns : [...def.defaultColumns];
        // Through the shared export-job service: a small set streams at once, a large one becomes a job.
        return sendReportExport(request, reply, {
          report: def.key,
          format,
          columns: exportColumnsOf(report, keys, lang),
          fileName: `${def.key}_${asciiFileNamePart(merchant.partnerCode)}_${filter.fromDate}_${filter.toDate}.${format}`,
          sheetName: translate(lang, `reportCenter.reports.${def.key}`),
          params: { ...filter, scopeStoreIds: undefined, columns: keys },
          count: () => repo.count(merchant.id, filter),
          rows: () => exportRowsOf(repo.stream(merchant.id, filter), lang),
          formatDate: (d: Date) => formatDateTimeSeconds(d),
        });
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

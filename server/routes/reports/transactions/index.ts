/**
 * Transaction report (MERCHANT_TRANS_REPORT): list, totals, exports, detail, tracing, refund, saved
 * views. Store-scoped roles see only their stores' rows; every query starts with the merchant id.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { MerchantType } from '@/domain/api';
import { canRefund } from '@/domain/permissions';
import { routeCodesFor } from '@/domain/sidebar';
import {
  checkRange,
  columnsParam,
  DEFAULT_TRANSACTION_COLUMNS,
  EXPORT_FORMATS,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY,
  PAYMENT_METHODS,
  refundSchema,
  savedViewSchema,
  TRACE_STEPS,
  TRANSACTION_STATUSES,
  TransactionReportPaths as Paths,
  transactionFilterShape,
  type TransactionFilter,
} from '@/domain/transactionReport';
import { reportViews } from '../../../db/schema';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../../envelope';
import { ApiError } from '../../../errors';
import { translate } from '../../../i18n';
import { sendReportExport } from '../../../lib/export-jobs';
import { pageQueryShape } from '../../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../../plugins/auth';
import { apiQuery, idParam } from '../../../validation';
import { formatVietnamDateTime } from '@/domain/time';
import {
  transactionCsvLabels,
  transactionExportColumns,
  transactionExportFileName,
  transactionExportRows,
} from './export';
import { refund, refundErrors } from './refunds';
import { decodeCursor, transactionsRepository, type Scope } from './repository';

export const TRANSACTION_REPORT_KEY = 'transaction-report';

const rowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  customerName: z.string().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.number().int(),
  fee: z.number().int(),
  refundedAmount: z.number().int(),
  orderId: z.string().nullable(),
  description: z.string().nullable(),
});

const detailSchema = rowSchema.extend({
  authorizedAt: z.string().nullable(),
  cardMasked: z.string().nullable(),
  failureReason: z.string().nullable(),
  refundable: z.number().int(),
  refunds: z.array(
    z.object({ id: z.number().int(), amount: z.number().int(), reason: z.string().nullable(), createdAt: z.string(), requestedBy: z.string().nullable() }),
  ),
});

const totalsSchema = z.object({
  count: z.number().int(),
  amount: z.number().int(),
  fee: z.number().int(),
  refundedAmount: z.number().int(),
  byStatus: z.array(
    z.object({
      status: z.enum(TRANSACTION_STATUSES),
      count: z.number().int(),
      amount: z.number().int(),
      fee: z.number().int(),
      refundedAmount: z.number().int(),
    }),
  ),
});

const viewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filter: z.record(z.string(), z.unknown()),
  columns: z.array(z.string()),
  shared: z.boolean(),
  mine: z.boolean(),
  ownerName: z.string().nullable(),
  updatedAt: z.string(),
});

const listQuery = apiQuery({
  ...pageQueryShape,
  ...transactionFilterShape,
  cursor: z.string().max(200).optional().meta({ description: 'Keyset cursor from the previous page (nextCursor); overrides pageNumber' }),
}).superRefine(checkRange);
const filterQuery = apiQuery(transactionFilterShape).superRefine(checkRange);
const exportQuery = apiQuery({
  ...transactionFilterShape,
  format: z.enum(EXPORT_FORMATS),
  columns: columnsParam.optional().meta({ description: 'Repeated key, in display order (default: the default columns)' }),
}).superRefine(checkRange);
const transactionIdParam = z.string().regex(/^\d{1,30}$/);
const idParams = z.strictObject({ merchantId: idParam, id: transactionIdParam });
const merchantParams = z.strictObject({ merchantId: idParam });

/** The report opens only for roles whose sidebar holds it (spec §6: page access follows the sidebar). */
function reportScope(request: FastifyRequest): Scope {
  const { merchant, roles, storeIds } = membershipOf(request);
  if (!routeCodesFor(roles, merchant.type as MerchantType).includes('MERCHANT_TRANS_REPORT')) throw ApiError.forbidden();
  return { merchantId: merchant.id, storeIds };
}

const filterOf = (q: TransactionFilter): TransactionFilter => ({
  from: q.from,
  to: q.to,
  storeId: q.storeId,
  status: q.status,
  paymentMethod: q.paymentMethod,
  q: q.q || undefined,
});

export const transactionReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = transactionsRepository(app.database.db);
  // One statement after another: on PGlite each is one query in the shared queue, so requests go on between days.
  async function* copySlices(slices: SQL[]): AsyncGenerator<Buffer> {
    for (const slice of slices) yield* app.database.copyCsv(slice);
  }
  const db = app.database.db;

  app.get(
    Paths.list,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['transaction-report'],
        summary: 'Transactions of the filter, newest first (offset pages, or keyset with cursor for deep pages)',
        params: merchantParams,
        querystring: listQuery,
        response: {
          200: envelopeSchema(
            z.object({
              content: z.array(rowSchema),
              totalElements: z.number().int(),
              pageNumber: z.number().int(),
              pageSize: z.number().int(),
              nextCursor: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const scope = reportScope(request);
      const filter = filterOf(request.query);
      const { pageNumber, pageSize } = request.query;
      let after = null;
      if (request.query.cursor) {
        after = decodeCursor(request.query.cursor);
        if (!after) throw new ApiError(400, 2, 'transactionReport.errors.badCursor');
      }
      const page = await repo.pageWithCount(scope, filter, { pageNumber, pageSize }, after);
      return ok(request, { content: page.rows, totalElements: page.total, pageNumber, pageSize, nextCursor: page.nextCursor });
    },
  );

  app.get(
    Paths.totals,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['transaction-report'],
        summary: 'Count, amount, fee and refunded amount of the filter, by status',
        params: merchantParams,
        querystring: filterQuery,
        response: { 200: envelopeSchema(totalsSchema) },
      },
    },
    async (request) => ok(request, await repo.totals(reportScope(request), filterOf(request.query))),
  );

  app.post(
    Paths.exports,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['transaction-report'],
        summary: 'Export the filter: the file at once (200) when small, else an export job (202)',
        params: merchantParams,
        querystring: exportQuery,
        response: { 200: z.unknown(), 202: z.unknown() },
      },
    },
    async (request, reply) => {
      const scope = reportScope(request);
      const { merchant } = membershipOf(request);
      const filter = filterOf(request.query);
      const keys = request.query.columns ?? [...DEFAULT_TRANSACTION_COLUMNS];
      const { format } = request.query;
      return sendReportExport(request, reply, {
        report: TRANSACTION_REPORT_KEY,
        format,
        columns: transactionExportColumns(request.lang, keys),
        fileName: transactionExportFileName(merchant.partnerCode, filter.from, filter.to, format),
        sheetName: translate(request.lang, 'transactionReport.sheetName'),
        params: { ...filter, columns: keys },
        count: () => repo.count(scope, filter),
        rows: () => transactionExportRows(repo.stream(scope, filter), request.lang),
        csvChunks: () => copySlices(repo.csvSlices(scope, filter, keys, transactionCsvLabels(request.lang))),
        formatDate: formatVietnamDateTime,
      });
    },
  );

  app.get(
    Paths.detail,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['transaction-report'],
        summary: 'One transaction with its refunds',
        params: idParams,
        querystring: apiQuery({}),
        response: { 200: envelopeSchema(detailSchema) },
      },
    },
    async (request) => {
      const detail = await repo.detail(reportScope(request), request.params.id);
      if (!detail) throw ApiError.notFound();
      return ok(request, detail);
    },
  );

  app.get(
    Paths.tracing,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['transaction-report'],
        summary: 'The steps of a payment, oldest first',
        params: idParams,
        querystring: apiQuery({}),
        response: {
          200: envelopeSchema(
            z.object({
              transaction: detailSchema,
              steps: z.array(z.object({ step: z.enum(TRACE_STEPS), at: z.string(), amount: z.number().int().nullable(), detail: z.string().nullable() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const detail = await repo.detail(reportScope(request), request.params.id);
      if (!detail) throw ApiError.notFound();
      return ok(request, { transaction: detail, steps: repo.trace(detail) });
    },
  );

  app.post(
    Paths.refunds,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['transaction-report'],
        summary: 'Refund (part of) a transaction. Idempotency-Key header required; a repeat returns the first result',
        params: idParams,
        querystring: apiQuery({}),
        body: refundSchema,
        response: {
          200: envelopeSchema(
            z.object({
              refund: z.object({ id: z.number().int(), transactionId: z.string(), amount: z.number().int(), reason: z.string().nullable(), createdAt: z.string(), replayed: z.boolean() }),
              transaction: detailSchema,
            }),
          ),
        },
      },
    },
    async (request) => {
      const scope = reportScope(request);
      const { roles } = membershipOf(request);
      if (!canRefund(roles)) throw ApiError.forbidden();
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) throw refundErrors.keyRequired();
      const result = await refund(db, scope, {
        transactionId: request.params.id,
        amount: request.body.amount,
        reason: request.body.reason ? request.body.reason.trim() || null : null,
        key,
        userId: callerOf(request).userId,
      });
      const detail = await repo.detail(scope, request.params.id);
      return ok(request, { refund: result, transaction: detail! });
    },
  );

  // ---- Saved views -------------------------------------------------------------------------

  const viewsQuery = apiQuery({ report: z.literal(TRANSACTION_REPORT_KEY).default(TRANSACTION_REPORT_KEY) });

  async function listViews(merchantId: number, userId: number) {
    const list = await db
      .select({
        id: reportViews.id,
        name: reportViews.name,
        filter: reportViews.filter,
        columns: reportViews.columns,
        shared: reportViews.shared,
        ownerId: reportViews.ownerId,
        ownerName: sql<string | null>`(select name from users where users.id = ${reportViews.ownerId})`,
        updatedAt: reportViews.updatedAt,
      })
      .from(reportViews)
      .where(
        and(
          eq(reportViews.merchantId, merchantId),
          eq(reportViews.report, TRANSACTION_REPORT_KEY),
          or(
            eq(reportViews.ownerId, userId),
            // A teammate's shared view, while that teammate is still an active member of the merchant:
            // a view shared by someone who has left (or been removed) goes with them.
            and(
              eq(reportViews.shared, true),
              sql`exists (select 1 from memberships m where m.user_id = ${reportViews.ownerId} and m.merchant_id = ${reportViews.merchantId}
                and m.status = 'ACTIVE' and m.invitation_status = 'ACCEPT')`,
            ),
          ),
        ),
      )
      .orderBy(asc(sql`lower(${reportViews.name})`), asc(reportViews.id));
    return list.map(({ ownerId, updatedAt, filter, ...v }) => ({
      ...v,
      filter: filter as Record<string, unknown>,
      mine: ownerId === userId,
      updatedAt: updatedAt.toISOString(),
    }));
  }

  app.get(
    Paths.views,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['transaction-report'],
        summary: 'Saved views: the caller’s own and those shared with the merchant team',
        params: merchantParams,
        querystring: viewsQuery,
        response: { 200: envelopeSchema(z.array(viewSchema)) },
      },
    },
    async (request) => {
      const { merchantId } = reportScope(request);
      return ok(request, await listViews(merchantId, callerOf(request).userId));
    },
  );

  const isUniqueViolation = (err: unknown) => {
    let e: unknown = err;
    for (let i = 0; i < 3 && e && typeof e === 'object'; i += 1) {
      if ((e as { code?: string }).code === '23505') return true;
      e = (e as { cause?: unknown }).cause;
    }
    return false;
  };
  /**
   * Writes a view (insert or update) and answers it as the list shows it. A taken name is 409; no row
   * written (not the caller's view) is 404.
   */
  async function saveView(
    request: FastifyRequest,
    body: z.output<typeof savedViewSchema>,
    write: (values: { name: string; filter: unknown; columns: string[]; shared: boolean }, merchantId: number, userId: number) => Promise<number | undefined>,
  ) {
    const { merchantId } = reportScope(request);
    const userId = callerOf(request).userId;
    let id: number | undefined;
    try {
      id = await write({ name: body.name.trim(), filter: body.filter, columns: body.columns, shared: body.shared }, merchantId, userId);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, 9, 'transactionReport.errors.viewNameTaken');
      throw err;
    }
    if (id === undefined) throw ApiError.notFound();
    return ok(request, (await listViews(merchantId, userId)).find((v) => v.id === id)!);
  }

  app.post(
    Paths.views,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['transaction-report'],
        summary: 'Save a named view (filter and columns), optionally shared with the team',
        params: merchantParams,
        querystring: viewsQuery,
        body: savedViewSchema,
        response: { 200: envelopeSchema(viewSchema) },
      },
    },
    async (request) =>
      saveView(request, request.body, async (values, merchantId, userId) => {
        const [row] = await db
          .insert(reportViews)
          .values({ merchantId, ownerId: userId, report: TRANSACTION_REPORT_KEY, ...values })
          .returning({ id: reportViews.id });
        return row?.id;
      }),
  );

  const viewParams = z.strictObject({ merchantId: idParam, id: idParam });

  app.put(
    Paths.view,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['transaction-report'],
        summary: 'Replace one of the caller’s saved views',
        params: viewParams,
        querystring: viewsQuery,
        body: savedViewSchema,
        response: { 200: envelopeSchema(viewSchema) },
      },
    },
    async (request) =>
      saveView(request, request.body, async (values, merchantId, userId) => {
        const [row] = await db
          .update(reportViews)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(reportViews.id, request.params.id), eq(reportViews.merchantId, merchantId), eq(reportViews.ownerId, userId)))
          .returning({ id: reportViews.id });
        // Someone else's view (shared or not) and another merchant's look the same: not found.
        return row?.id;
      }),
  );

  app.delete(
    Paths.view,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['transaction-report'],
        summary: 'Delete one of the caller’s saved views',
        params: viewParams,
        querystring: viewsQuery,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const { merchantId } = reportScope(request);
      const deleted = await db
        .delete(reportViews)
        .where(and(eq(reportViews.id, request.params.id), eq(reportViews.merchantId, merchantId), eq(reportViews.ownerId, callerOf(request).userId)))
        .returning({ id: reportViews.id });
      if (deleted.length === 0) throw ApiError.notFound();
      return okEmpty(request);
    },
  );
};


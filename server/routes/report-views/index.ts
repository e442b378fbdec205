/**
 * Saved views of the transaction report (spec §7 /profile/v2/report-view-settings): a named filter and
 * column set, the caller's own or shared with the merchant team while its owner stays an active member.
 * Only users who can open the report (MERCHANT_TRANS_REPORT) reach them; writes touch the caller's own.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { savedViewSchema, TransactionReportPaths as Paths } from '@/domain/transactionReport';
import { reportViews } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { emptyEnvelopeSchema, envelopeSchema, ok, okEmpty } from '../../envelope';
import { ApiError } from '../../errors';
import { reportScopeOf } from '../../lib/report-family/access';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam } from '../../validation';

/** Views belong to a report; the transaction report is the one that has them. */
const REPORT = 'transaction-report';
const tags = ['report-views'];

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

const viewsQuery = apiQuery({ report: z.literal(REPORT).default(REPORT) });
const merchantParams = z.strictObject({ merchantId: idParam });
const viewParams = z.strictObject({ merchantId: idParam, id: idParam });

const scopeOf = (request: FastifyRequest) => reportScopeOf(membershipOf(request), 'MERCHANT_TRANS_REPORT');

export const reportViewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

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
          eq(reportViews.report, REPORT),
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

  /**
   * Writes a view (insert or update) and answers it as the list shows it. A taken name is 409; no row
   * written (not the caller's view) is 404.
   */
  async function saveView(
    request: FastifyRequest,
    body: z.output<typeof savedViewSchema>,
    write: (values: { name: string; filter: unknown; columns: string[]; shared: boolean }, merchantId: number, userId: number) => Promise<number | undefined>,
  ) {
    const { merchantId } = scopeOf(request);
    const userId = callerOf(request).userId;
    let id: number | undefined;
    try {
      id = await write({ name: body.name.trim(), filter: body.filter, columns: body.columns, shared: body.shared }, merchantId, userId);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiError(409, ApiStatus.CONFLICT, 'transactionReport.errors.viewNameTaken');
      throw err;
    }
    if (id === undefined) throw ApiError.notFound();
    return ok(request, (await listViews(merchantId, userId)).find((v) => v.id === id)!);
  }

  app.get(
    Paths.views,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Saved views: the caller’s own and those shared with the merchant team',
        params: merchantParams,
        querystring: viewsQuery,
        response: { 200: envelopeSchema(z.array(viewSchema)) },
      },
    },
    async (request) => {
      const { merchantId } = scopeOf(request);
      return ok(request, await listViews(merchantId, callerOf(request).userId));
    },
  );

  app.post(
    Paths.views,
    {
      preHandler: merchantScope,
      schema: {
        tags,
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
          .values({ merchantId, ownerId: userId, report: REPORT, ...values })
          .returning({ id: reportViews.id });
        return row?.id;
      }),
  );

  app.put(
    Paths.view,
    {
      preHandler: merchantScope,
      schema: {
        tags,
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
        tags,
        summary: 'Delete one of the caller’s saved views',
        params: viewParams,
        querystring: viewsQuery,
        response: { 200: emptyEnvelopeSchema },
      },
    },
    async (request) => {
      const { merchantId } = scopeOf(request);
      const deleted = await db
        .delete(reportViews)
        .where(and(eq(reportViews.id, request.params.id), eq(reportViews.merchantId, merchantId), eq(reportViews.ownerId, callerOf(request).userId)))
        .returning({ id: reportViews.id });
      if (deleted.length === 0) throw ApiError.notFound();
      return okEmpty(request);
    },
  );
};

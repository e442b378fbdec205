/**
 * Period control (spec §2 period-control, MERCHANT_PERIOD_CONTROL): the merchant's settlement periods
 * (one Vietnam day each, paid by its payout period: SRP.0000 the same day, SRP.0001 the next working
 * day) with gross, refunds, fees, net, paid out, payout status and bank reference; the period's
 * transactions (paged in SQL); confirm (locks the period) or dispute (opens a PERIOD ticket), once,
 * by merchant-wide owners, administrators and accountants, audited with who and when.
 * Store-scoped callers see only their stores' figures and no fees.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus, SettlementApiPaths } from '@/domain/api';
import { checkDateRange, dateRangeShape } from '@/domain/reportCenter';
import { canConfirmPeriod, disputeSchema, PERIOD_STATUSES } from '@/domain/settlement';
import { formatDay } from '@/domain/time';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { translate } from '../../i18n';
import { repeated, reportScopeOf } from '../../lib/report-family/access';
import { createTicket } from '../../lib/tickets';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam, langOnlyQuery } from '../../validation';
import { transactionsRepository, type Scope } from '../transaction-report/repository';
import { rowSchema as transactionRowSchema, visibleRow } from '../transaction-report/schemas';
import { closeDays, periodsRepository } from './repository';
import { periodDetailSchema, periodRowSchema } from './schemas';

const tags = ['period-control'];
const merchantParams = z.strictObject({ merchantId: idParam });
const periodParams = z.strictObject({ merchantId: idParam, id: idParam });
const listQuery = apiQuery({ ...pageQueryShape, ...dateRangeShape, status: repeated(z.enum(PERIOD_STATUSES), PERIOD_STATUSES.length) }).check(
  checkDateRange,
);
const transactionsQuery = apiQuery({ ...pageQueryShape });

export const periodScope = (request: FastifyRequest): Scope => reportScopeOf(membershipOf(request), 'MERCHANT_PERIOD_CONTROL');

export const periodControlRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const repo = periodsRepository(db);

  const mayConfirm = (request: FastifyRequest) => {
    const { roles, storeIds } = membershipOf(request);
    return canConfirmPeriod(roles, storeIds);
  };

  /** A READY period of the caller's merchant, checked before the change (the change re-checks under lock). */
  async function decide(request: FastifyRequest, id: number, action: 'CONFIRM' | 'DISPUTE', change: Parameters<typeof repo.decide>[2], detail?: string) {
    periodScope(request);
    if (!mayConfirm(request)) throw ApiError.forbidden();
    const caller = callerOf(request);
    const { merchant } = membershipOf(request);
    const result = await repo.decide(merchant.id, id, change, { actorUserId: caller.userId, action, detail, ip: request.ip });
    if (result === 'NOT_FOUND') throw ApiError.notFound();
    if (result === 'LOCKED') throw new ApiError(409, ApiStatus.CONFLICT, 'settlement.periodLocked');
    const scope = periodScope(request);
    return ok(request, (await repo.detail(scope, id, true))!);
  }

  app.get(
    SettlementApiPaths.periods,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Settlement periods of the date range, newest first, with their figures and payout (whole days before today are closed into periods first)',
        params: merchantParams,
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(periodRowSchema)) },
      },
    },
    async (request) => {
      const scope = periodScope(request);
      await closeDays(db, scope.merchantId);
      const q = request.query;
      const { rows, total } = await repo.page(scope, { fromDate: q.fromDate, toDate: q.toDate, status: q.status }, q);
      return ok(request, toPage(rows, total, q));
    },
  );

  app.get(
    SettlementApiPaths.period,
    {
      preHandler: merchantScope,
      schema: { tags, summary: 'One period: figures, payout, who confirmed or disputed it and when', params: periodParams, querystring: langOnlyQuery, response: { 200: envelopeSchema(periodDetailSchema) } },
    },
    async (request) => {
      const detail = await repo.detail(periodScope(request), request.params.id, mayConfirm(request));
      if (!detail) throw ApiError.notFound();
      return ok(request, detail);
    },
  );

  app.get(
    SettlementApiPaths.periodTransactions,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: "The period's transactions (the transaction report's rows of its day), newest first, paged in SQL",
        params: periodParams,
        querystring: transactionsQuery,
        response: { 200: envelopeSchema(pageSchema(transactionRowSchema)) },
      },
    },
    async (request) => {
      const scope = periodScope(request);
      const found = await repo.find(scope.merchantId, request.params.id);
      if (!found) throw ApiError.notFound();
      const { day } = found.period;
      const page = await transactionsRepository(db).pageWithCount(scope, { from: day, to: day }, request.query, null);
      return ok(request, toPage(page.rows.map((r) => visibleRow(r, scope)), page.total, request.query));
    },
  );

  app.post(
    SettlementApiPaths.periodConfirm,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Confirms a READY period (owners, administrators, merchant accountants); it is then locked. Once: a second confirm or dispute is 409',
        params: periodParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(periodDetailSchema) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { merchant } = membershipOf(request);
      // Read before the transaction: on PGlite a query outside an open transaction waits for it.
      const figures = await repo.detail({ merchantId: merchant.id, storeIds: null }, request.params.id, false);
      return decide(request, request.params.id, 'CONFIRM', async () => ({
        status: 'CONFIRMED',
        confirmedBy: caller.userId,
        confirmedByName: caller.username,
        confirmedAt: new Date(),
        confirmedNetAmount: figures?.netAmount ?? null,
      }));
    },
  );

  app.post(
    SettlementApiPaths.periodDispute,
    {
      preHandler: merchantScope,
      schema: {
        tags,
        summary: 'Disputes a READY period with a reason: opens a PERIOD ticket linked to it (same roles as confirm; once)',
        params: periodParams,
        querystring: langOnlyQuery,
        body: disputeSchema,
        response: { 200: envelopeSchema(periodDetailSchema) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { merchant } = membershipOf(request);
      const { reason } = request.body;
      return decide(
        request,
        request.params.id,
        'DISPUTE',
        async (tx, period) => {
          const ticket = await createTicket(tx, {
            merchantId: merchant.id,
            createdByUserId: caller.userId,
            category: 'PERIOD',
            subject: translate(request.lang, 'settlement.disputeSubject', { day: formatDay(period.day) }),
            description: reason,
            periodId: period.id,
            source: 'period-control',
            ip: request.ip,
          });
          return { status: 'DISPUTED', disputedBy: caller.userId, disputedByName: caller.username, disputedAt: new Date(), disputeReason: reason, ticketId: ticket.id };
        },
        reason,
      );
    },
  );
};

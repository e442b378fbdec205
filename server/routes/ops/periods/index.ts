/**
 * Operator section `periods`: the payouts due across merchants (whole days are closed into periods
 * first) and settling one: PAID with the bank's reference, or FAILED with a reason. One transaction
 * (payout row locked), audited, the merchant told (PAYOUT_DONE / PAYOUT_FAILED). Idempotent: the same settle again answers the settled payout and changes nothing; a different outcome for a paid payout
 * is 409. A failed payout may be settled again as PAID (the transfer was retried).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus, SettlementApiPaths } from '@/domain/api';
import { PAYOUT_STATUSES, settleSchema, type OpsPeriodRow, type PayoutStatus } from '@/domain/settlement';
import { vietnamToday } from '@/domain/time';
import { merchants, payouts, settlementAuditEntries, settlementPeriods } from '../../../db/schema';
import { envelopeSchema, ok } from '../../../envelope';
import { ApiError } from '../../../errors';
import { notify } from '../../../lib/notifications';
import { repeated } from '../../../lib/report-family/access';
import { pageQueryShape, pageSchema, toPage } from '../../../pagination';
import { apiQuery, idParam, langOnlyQuery } from '../../../validation';
import { closeDays, figuresOfWindow, payoutInfoOf } from '../../period-control/repository';
import { payoutInfoSchema } from '../../period-control/schemas';
import { operatorOf } from '../guard';

const tags = ['ops'];
const opsRowSchema = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  merchantName: z.string(),
  partnerCode: z.string(),
  day: z.string(),
  payoutDate: z.string(),
  periodCode: z.string(),
  amount: z.number().int(),
  destination: z.string(),
  accountMasked: z.string().nullable(),
  payoutId: z.string(),
  payoutStatus: z.enum(PAYOUT_STATUSES),
  failureReason: z.string().nullable(),
});
const listQuery = apiQuery({ ...pageQueryShape, status: repeated(z.enum(PAYOUT_STATUSES), PAYOUT_STATUSES.length) });

export const opsPeriodsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    SettlementApiPaths.opsPeriods,
    {
      schema: {
        tags,
        summary: 'Periods whose payout is due (payout day today or before), across merchants, oldest first; status defaults to PENDING and FAILED',
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(opsRowSchema)) },
      },
    },
    async (request) => {
      operatorOf(request);
      await closeDays(db, null);
      const statuses = request.query.status?.length ? request.query.status : (['PENDING', 'FAILED'] as PayoutStatus[]);
      const where = and(inArray(payouts.status, statuses), lte(settlementPeriods.payoutDate, vietnamToday()));
      const { pageNumber, pageSize } = request.query;
      const [found, [{ total }]] = await Promise.all([
        db
          .select({ period: settlementPeriods, payout: payouts, merchantName: merchants.name, partnerCode: merchants.partnerCode })
          .from(payouts)
          .innerJoin(settlementPeriods, eq(settlementPeriods.id, payouts.periodId))
          .innerJoin(merchants, eq(merchants.id, payouts.merchantId))
          .where(where)
          .orderBy(asc(settlementPeriods.day), asc(payouts.id))
          .limit(pageSize)
          .offset(pageNumber * pageSize),
        db.select({ total: count() }).from(payouts).innerJoin(settlementPeriods, eq(settlementPeriods.id, payouts.periodId)).where(where),
      ]);
      const rows: OpsPeriodRow[] = found.map(({ period, payout, merchantName, partnerCode }) => ({
        id: period.id,
        merchantId: period.merchantId,
        merchantName,
        partnerCode,
        day: period.day,
        payoutDate: period.payoutDate,
        periodCode: period.periodCode,
        amount: payout.amount,
        destination: payout.destination,
        accountMasked: payout.accountMasked,
        payoutId: payout.payoutId,
        payoutStatus: payout.status as PayoutStatus,
        failureReason: payout.failureReason,
      }));
      return ok(request, toPage(rows, total, request.query));
    },
  );

  app.post(
    SettlementApiPaths.opsSettle,
    {
      schema: {
        tags,
        summary: "Settles a period's payout: PAID with the bank reference (amount: the period's net now) or FAILED with a reason; idempotent, audited, the merchant told",
        params: z.strictObject({ id: idParam }),
        querystring: langOnlyQuery,
        body: settleSchema,
        response: { 200: envelopeSchema(payoutInfoSchema) },
      },
    },
    async (request) => {
      const operator = operatorOf(request);
      const { id } = request.params;
      const body = request.body;
      const [period] = await db.select().from(settlementPeriods).where(eq(settlementPeriods.id, id));
      if (!period) throw ApiError.notFound();
      if (period.payoutDate > vietnamToday()) throw new ApiError(409, ApiStatus.CONFLICT, 'settlement.notDue');
      // The figures are read before the transaction (on PGlite a query outside an open one waits for it).
      const net = (await figuresOfWindow(db, { merchantId: period.merchantId, storeIds: null }, period.day, period.day)).netAmount ?? 0;
      const settled = await db.transaction(async (tx) => {
        const [payout] = await tx.select().from(payouts).where(eq(payouts.periodId, id)).for('update');
        if (!payout) throw ApiError.notFound();
        const same =
          payout.status === body.status &&
          (body.status === 'PAID' ? payout.bankReference === body.bankReference : payout.failureReason === body.reason);
        if (same) return payout;
        if (payout.status === 'PAID') throw new ApiError(409, ApiStatus.CONFLICT, 'settlement.alreadySettled');
        const now = new Date();
        const paid = body.status === 'PAID';
        const [updated] = await tx
          .update(payouts)
          .set({
            status: body.status,
            amount: paid ? Math.max(0, net) : payout.amount,
            bankReference: paid ? body.bankReference! : null,
            failureReason: paid ? null : body.reason!,
            settledAt: now,
            settledBy: operator.userId,
            ...(paid ? { payoutAt: now } : {}),
          })
          .where(eq(payouts.id, payout.id))
          .returning();
        await tx.insert(settlementAuditEntries).values({
          merchantId: period.merchantId,
          periodId: id,
          actorUserId: operator.userId,
          action: paid ? 'SETTLE_PAID' : 'SETTLE_FAILED',
          detail: paid ? body.bankReference : body.reason,
          ip: request.ip,
        });
        await notify(tx, {
          merchantId: period.merchantId,
          kind: paid ? 'PAYOUT_DONE' : 'PAYOUT_FAILED',
          // payoutId: the bell opens the payout's detail for those who may see the payout report, else the period.
          params: paid
            ? { amount: updated.amount, reference: body.bankReference!, payoutId: updated.id }
            : { amount: updated.amount, reason: body.reason!, payoutId: updated.id },
          link: `/portal/app/period-control/${id}`,
        });
        return updated;
      });
      return ok(request, payoutInfoOf(settled));
    },
  );
};

/**
 * Refunds (POST …/transaction-report/:id/refunds): idempotent (the caller's Idempotency-Key; a repeat returns the first result) and never over
 * the amount, even under concurrency: the amount check and the increment are one conditional UPDATE
 * (row-locked on PostgreSQL), in the same transaction as the refund row whose key is unique and as the
 * payment's new fee (the fee of the part kept, `chargedFee`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { chargedFee } from '@/domain/figures';
import { canRefund } from '@/domain/permissions';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY,
  refundSchema,
  TransactionReportPaths as Paths,
  type TransactionStatus,
} from '@/domain/transactionReport';
import type { Db } from '../../db/client';
import { refunds, transactions } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { enqueueWebhookEvent } from '../../lib/webhooks';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery } from '../../validation';
import { transactionsRepository, type Scope } from './repository';
import { detailSchema, idParams, tags, transactionScope, visibleRow } from './schemas';

export interface RefundResult {
  id: number;
  transactionId: string;
  amount: number;
  reason: string | null;
  createdAt: string;
  /** True when this call repeated an earlier one with the same key. */
  replayed: boolean;
}

export const refundErrors = {
  keyReused: () => new ApiError(409, ApiStatus.CONFLICT, 'transactionReport.errors.keyReused'),
  notRefundable: () => new ApiError(409, ApiStatus.CONFLICT, 'transactionReport.errors.notRefundable'),
  exceeds: (max: number) => new ApiError(422, ApiStatus.VALIDATION, 'transactionReport.errors.exceeds', { max }),
  keyRequired: () => new ApiError(400, ApiStatus.VALIDATION, 'transactionReport.errors.keyRequired'),
};

async function findByKey(db: Db, merchantId: number, key: string) {
  const [row] = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.merchantId, merchantId), eq(refunds.idempotencyKey, key)));
  return row;
}

function replay(row: typeof refunds.$inferSelect, transactionId: string, amount: number): RefundResult {
  // The same key with another transaction or amount is a client bug, not a retry.
  if (row.transactionId !== transactionId || row.amount !== amount) throw refundErrors.keyReused();
  return {
    id: row.id,
    transactionId: row.transactionId,
    amount: row.amount,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    replayed: true,
  };
}

export async function refund(
  db: Db,
  scope: Scope,
  input: { transactionId: string; amount: number; reason: string | null; key: string; userId: number },
): Promise<RefundResult> {
  const earlier = await findByKey(db, scope.merchantId, input.key);
  if (earlier) return replay(earlier, input.transactionId, input.amount);
  try {
    return await db.transaction(async (tx) => {
      const storeCondition =
        scope.storeIds === null ? sql`true` : sql`${transactions.storeId} = any(${`{${scope.storeIds.join(',')}}`}::int[])`;
      const updated = await tx
        .update(transactions)
        .set({
          refundedAmount: sql`${transactions.refundedAmount} + ${input.amount}`,
          status: sql`case when ${transactions.refundedAmount} + ${input.amount} = ${transactions.amount} then 'REFUNDED' else 'PARTIALLY_REFUNDED' end`,
        })
        .where(
          and(
            eq(transactions.id, input.transactionId),
            eq(transactions.merchantId, scope.merchantId),
            storeCondition,
            sql`${transactions.status} in ('SUCCESS', 'PARTIALLY_REFUNDED')`,
            sql`${transactions.refundedAmount} + ${input.amount} <= ${transactions.amount}`,
          ),
        )
        .returning({ status: transactions.status, amount: transactions.amount, refundedAmount: transactions.refundedAmount });
      if (updated.length === 0) {
        const [current] = await tx
          .select({ status: transactions.status, amount: transactions.amount, refunded: transactions.refundedAmount })
          .from(transactions)
          .where(and(eq(transactions.id, input.transactionId), eq(transactions.merchantId, scope.merchantId), storeCondition));
        if (!current) throw ApiError.notFound();
        if (current.status !== 'SUCCESS' && current.status !== 'PARTIALLY_REFUNDED') throw refundErrors.notRefundable();
        throw refundErrors.exceeds(current.amount - current.refunded);
      }
      // A refund is free and gives back the fee of the refunded part: the payment now carries the fee
      // of what the merchant keeps (none when refunded in full). Same transaction, so never half done.
      const [paid] = updated;
      await tx
        .update(transactions)
        .set({ fee: chargedFee({ ...paid!, status: paid!.status as TransactionStatus }) })
        .where(and(eq(transactions.id, input.transactionId), eq(transactions.merchantId, scope.merchantId)));
      const [row] = await tx
        .insert(refunds)
        .values({
          merchantId: scope.merchantId,
          transactionId: input.transactionId,
          amount: input.amount,
          reason: input.reason,
          idempotencyKey: input.key,
          requestedBy: input.userId,
        })
        .returning();
      const createdAt = row!.createdAt.toISOString();
      // The merchant's webhook hears of every refund, from the portal or the signed API, in the
      // refund's own transaction: queued if and only if the refund happened.
      await enqueueWebhookEvent(tx, {
        merchantId: scope.merchantId,
        type: 'refund.succeeded',
        data: { refundId: row!.id, transactionId: input.transactionId, amount: input.amount, reason: input.reason, createdAt },
      });
      return { id: row!.id, transactionId: row!.transactionId, amount: row!.amount, reason: row!.reason, createdAt, replayed: false };
    });
  } catch (err) {
    // A concurrent request with the same key won the race: its result is the answer.
    if (isUniqueViolation(err)) {
      const first = await findByKey(db, scope.merchantId, input.key);
      if (first) return replay(first, input.transactionId, input.amount);
    }
    throw err;
  }
}

export const transactionRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const repo = transactionsRepository(db);

  app.post(
    Paths.refunds,
    {
      preHandler: merchantScope,
      schema: {
        tags,
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
      const scope = transactionScope(request);
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
      return ok(request, { refund: result, transaction: visibleRow(detail!, scope) });
    },
  );
};

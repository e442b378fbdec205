/**
 * What the transaction report's routes share: the row, detail and totals shapes they answer, the
 * query and path schemas, and the caller's scope (the report opens only for roles whose sidebar holds
 * MERCHANT_TRANS_REPORT; store-scoped roles see only their stores' rows, with customers' phones and
 * names masked and no fees: `visibleRow`).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  checkRange,
  columnsParam,
  EXPORT_FORMATS,
  PAYMENT_METHODS,
  TRANSACTION_STATUSES,
  transactionFilterShape,
  type TransactionFilter,
  type TransactionRow,
} from '@/domain/transactionReport';
import { reportScopeOf, rowForViewer } from '../../lib/report-family/access';
import { pageQueryShape } from '../../pagination';
import { membershipOf } from '../../plugins/auth';
import { apiQuery, idParam } from '../../validation';
import type { Scope } from './repository';

/** The report's name: OpenAPI tag, export jobs' `report`, saved views' `report`. */
export const TRANSACTION_REPORT_KEY = 'transaction-report';
export const tags = [TRANSACTION_REPORT_KEY];

export const rowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  customerPhone: z.string().nullable().meta({ description: 'Masked (0963•••411) for store-scoped roles' }),
  customerName: z.string().nullable().meta({ description: 'Masked (N••• V••• An) for store-scoped roles' }),
  paymentMethod: z.enum(PAYMENT_METHODS),
  status: z.enum(TRANSACTION_STATUSES),
  amount: z.number().int(),
  fee: z.number().int().nullable().meta({ description: 'null for store-scoped roles (they see no fees)' }),
  refundedAmount: z.number().int(),
  orderId: z.string().nullable(),
  description: z.string().nullable(),
});

export const detailSchema = rowSchema.extend({
  authorizedAt: z.string().nullable(),
  cardMasked: z.string().nullable(),
  failureReason: z.string().nullable(),
  refundable: z.number().int(),
  refunds: z.array(
    z.object({ id: z.number().int(), amount: z.number().int(), reason: z.string().nullable(), createdAt: z.string(), requestedBy: z.string().nullable() }),
  ),
});

/** `totalsOf` (./repository): the figures of src/domain/figures.ts; fee and net null for store-scoped roles. */
export const totalsSchema = z.object({
  count: z.number().int(),
  successfulCount: z.number().int(),
  refundedCount: z.number().int(),
  grossAmount: z.number().int(),
  refundedAmount: z.number().int(),
  fee: z.number().int().nullable(),
  netAmount: z.number().int().nullable(),
  byStatus: z.array(
    z.object({
      status: z.enum(TRANSACTION_STATUSES),
      count: z.number().int(),
      amount: z.number().int(),
      fee: z.number().int().nullable(),
      refundedAmount: z.number().int(),
    }),
  ),
});

export const listQuery = apiQuery({
  ...pageQueryShape,
  ...transactionFilterShape,
  cursor: z.string().max(200).optional().meta({ description: 'Keyset cursor from the previous page (nextCursor); overrides pageNumber' }),
}).superRefine(checkRange);
export const filterQuery = apiQuery(transactionFilterShape).superRefine(checkRange);
export const exportQuery = apiQuery({
  ...transactionFilterShape,
  format: z.enum(EXPORT_FORMATS),
  columns: columnsParam.optional().meta({ description: 'Repeated key, in display order (default: the default columns)' }),
}).superRefine(checkRange);

const transactionIdParam = z.string().regex(/^\d{1,30}$/);
export const idParams = z.strictObject({ merchantId: idParam, id: transactionIdParam });
export const merchantParams = z.strictObject({ merchantId: idParam });

/** The caller's scope in the report (403 unless their sidebar holds it: spec §6, page access follows the sidebar). */
export function transactionScope(request: FastifyRequest): Scope {
  return reportScopeOf(membershipOf(request), 'MERCHANT_TRANS_REPORT');
}

/** A row or detail as the caller may see it (store roles: phones and names masked, fee null). */
export const visibleRow = <T extends TransactionRow>(row: T, scope: Scope): T => rowForViewer(row, scope.storeIds) as T;

export const filterOf = (q: TransactionFilter): TransactionFilter => ({
  from: q.from,
  to: q.to,
  storeId: q.storeId,
  status: q.status,
  paymentMethod: q.paymentMethod,
  q: q.q || undefined,
});

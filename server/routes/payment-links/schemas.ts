/**
 * What the payment-link routes share: the shapes they answer, the query schemas and the caller's scope
 * (the area opens only for roles whose sidebar holds MERCHANT_PAYMENT_LINKS; store-scoped roles see and
 * make only links of their stores).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EXPORT_FORMATS } from '@/domain/transactionReport';
import {
  AMOUNT_TYPES,
  checkLinkFilter,
  PAYMENT_LINK_COLUMNS,
  PAYMENT_LINK_STATUSES,
  paymentLinkFilterShape,
  type PaymentLinkFilter,
} from '@/domain/paymentLinks';
import { reportScopeOf } from '../../lib/report-family/access';
import { pageQueryShape } from '../../pagination';
import { membershipOf } from '../../plugins/auth';
import { apiQuery, idParam } from '../../validation';
import type { LinkScope } from './repository';

/** The list's name: OpenAPI tag, export jobs' `report`. */
export const PAYMENT_LINKS_KEY = 'payment-links';
export const tags = [PAYMENT_LINKS_KEY];

export const linkSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  amountType: z.enum(AMOUNT_TYPES),
  amount: z.number().int().nullable(),
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  singleUse: z.boolean(),
  expiresAt: z.string().nullable(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  reference: z.string().nullable(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  paymentCount: z.number().int(),
  collectedAmount: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  paidAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  payPath: z.string(),
});
export const linkDetailSchema = linkSchema.extend({ qrPayload: z.string() });

export const totalsSchema = z.object({
  count: z.number().int(),
  collectedAmount: z.number().int(),
  byStatus: z.array(z.object({ status: z.enum(PAYMENT_LINK_STATUSES), count: z.number().int() })),
});

export const paymentSchema = z.object({
  transactionId: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
});

export const columnsParam = z
  .union([z.enum(PAYMENT_LINK_COLUMNS), z.array(z.enum(PAYMENT_LINK_COLUMNS)).min(1).max(PAYMENT_LINK_COLUMNS.length)])
  .transform((v) => [...new Set(Array.isArray(v) ? v : [v])]);

export const listQuery = apiQuery({ ...pageQueryShape, ...paymentLinkFilterShape }).superRefine(checkLinkFilter);
export const filterQuery = apiQuery(paymentLinkFilterShape).superRefine(checkLinkFilter);
export const exportQuery = apiQuery({
  ...paymentLinkFilterShape,
  format: z.enum(EXPORT_FORMATS),
  columns: columnsParam.optional().meta({ description: 'Repeated key, in display order (default: the default columns)' }),
}).superRefine(checkLinkFilter);

export const merchantParams = z.strictObject({ merchantId: idParam });
export const linkParams = z.strictObject({ merchantId: idParam, id: idParam });

/** The filter part of a validated query (drops paging, format, columns, lang). */
export function filterOf(query: PaymentLinkFilter): PaymentLinkFilter {
  const { from, to, status, storeId, minAmount, maxAmount, keyword } = query;
  return { from, to, status, storeId, minAmount, maxAmount, keyword };
}

/** The caller's scope; 403 without MERCHANT_PAYMENT_LINKS. */
export function linkScope(request: FastifyRequest): LinkScope {
  return reportScopeOf(membershipOf(request), 'MERCHANT_PAYMENT_LINKS');
}

/** Answer shapes of the period and monthly control routes (OpenAPI and response checking). */
import { z } from 'zod';
import { PAYOUT_STATUSES, PERIOD_STATUSES } from '@/domain/settlement';

export const figuresShape = {
  successfulCount: z.number().int(),
  grossAmount: z.number().int(),
  refundedAmount: z.number().int(),
  feeAmount: z.number().int().nullable().meta({ description: 'null for store-scoped callers (they see no fees)' }),
  netAmount: z.number().int().nullable().meta({ description: 'null for store-scoped callers' }),
};

export const periodRowSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  periodCode: z.string(),
  payoutDate: z.string(),
  status: z.enum(PERIOD_STATUSES),
  ...figuresShape,
  paidOutAmount: z.number().int(),
  payoutStatus: z.enum(PAYOUT_STATUSES).nullable(),
  bankReference: z.string().nullable(),
});

export const payoutInfoSchema = z.object({
  payoutId: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  amount: z.number().int(),
  payoutAt: z.string(),
  destination: z.string(),
  accountMasked: z.string().nullable(),
  bankNameId: z.string().nullable(),
  bankReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  settledAt: z.string().nullable(),
});

export const periodDetailSchema = periodRowSchema.extend({
  payout: payoutInfoSchema.nullable(),
  confirmedByName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  disputedByName: z.string().nullable(),
  disputedAt: z.string().nullable(),
  disputeReason: z.string().nullable(),
  ticketId: z.number().int().nullable(),
  canConfirm: z.boolean(),
});

export const monthRowSchema = z.object({
  id: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  periodCount: z.number().int(),
  ...figuresShape,
  paidOutAmount: z.number().int(),
  signedByName: z.string().nullable(),
  signedRole: z.string().nullable(),
  signedAt: z.string().nullable(),
  canSignOff: z.boolean(),
});

/**
 * Disbursement fees come from the selling plans (`/selling-plan/v1`): the merchant's DISBURSEMENT plan,
 * or, for a merchant not assigned one, the provider's first DISBURSEMENT plan (its standard plan).
 */
import { and, asc, eq } from 'drizzle-orm';
import { DISBURSEMENT_SERVICE_CODE, disbursementFee, type DisbursementFee } from '@/domain/disbursements';
import type { SellingPlanRate } from '@/domain/paymentIntegration';
import type { Db } from '../../db/client';
import { merchantSellingPlans, sellingPlans } from '../../db/schema';

export async function disbursementFeesOf(db: Pick<Db, 'select'>, merchantId: number): Promise<DisbursementFee> {
  const [own] = await db
    .select({ rates: sellingPlans.rates })
    .from(merchantSellingPlans)
    .innerJoin(sellingPlans, eq(sellingPlans.id, merchantSellingPlans.planId))
    .where(and(eq(merchantSellingPlans.merchantId, merchantId), eq(merchantSellingPlans.serviceCode, DISBURSEMENT_SERVICE_CODE)));
  const [plan] = own
    ? [own]
    : await db.select({ rates: sellingPlans.rates }).from(sellingPlans).where(eq(sellingPlans.serviceCode, DISBURSEMENT_SERVICE_CODE)).orderBy(asc(sellingPlans.id)).limit(1);
  return disbursementFee((plan?.rates ?? []) as SellingPlanRate[]);
}

/**
 * Selling (fee) plans of the provider's payment services and the plan each merchant is on. Rates are
 * basis points of the amount plus a fixed fee in đồng; wallet payments use the figures' default rate
 * (src/domain/figures.ts), so the plan shown matches the fees in the reports.
 */
import { DISBURSEMENT_SERVICE_CODE, disbursementFee, type DisbursementFee } from '@/domain/disbursements';
import { DEFAULT_FEE_RATE_BPS } from '@/domain/figures';
import type { SellingPlanRate } from '@/domain/paymentIntegration';
import { merchantSellingPlans, sellingPlans } from './schema';
import type { DomainSeed } from './seed-types';

interface PlanSeed {
  code: string;
  serviceCode: string;
  nameVi: string;
  nameEn: string;
  rates: SellingPlanRate[];
}

export const SELLING_PLAN_SEEDS: PlanSeed[] = [
  {
    code: 'WALLET_STANDARD',
    serviceCode: 'WALLET_PAYMENT',
    nameVi: 'Thanh toán ví - Gói tiêu chuẩn',
    nameEn: 'Wallet payments - Standard plan',
    rates: [
      { method: 'WALLET', rateBps: DEFAULT_FEE_RATE_BPS, fixedFee: 0 },
      { method: 'ATM_CARD', rateBps: 80, fixedFee: 1_100 },
      { method: 'CREDIT_CARD', rateBps: 240, fixedFee: 2_200 },
      { method: 'PAY_LATER', rateBps: 300, fixedFee: 0 },
    ],
  },
  {
    code: 'QR_STANDARD',
    serviceCode: 'QR_PAYMENT',
    nameVi: 'Thanh toán QR tại cửa hàng - Gói tiêu chuẩn',
    nameEn: 'In-store QR payments - Standard plan',
    rates: [{ method: 'QR_CODE', rateBps: DEFAULT_FEE_RATE_BPS, fixedFee: 0 }],
  },
  {
    code: 'LINK_STANDARD',
    serviceCode: 'PAYMENT_LINK',
    nameVi: 'Link thanh toán - Gói tiêu chuẩn',
    nameEn: 'Payment links - Standard plan',
    rates: [{ method: 'WALLET', rateBps: DEFAULT_FEE_RATE_BPS, fixedFee: 0 }],
  },
  {
    code: 'DISBURSEMENT_STANDARD',
    serviceCode: DISBURSEMENT_SERVICE_CODE,
    nameVi: 'Chi hộ - Gói tiêu chuẩn',
    nameEn: 'Disbursements - Standard plan',
    rates: [
      { method: 'WALLET', rateBps: 0, fixedFee: 2_000 },
      { method: 'BANK_ACCOUNT', rateBps: 0, fixedFee: 3_300 },
    ],
  },
];

/** The fee of the standard DISBURSEMENT plan (demo data made without a database: seeds, bench). */
export const standardDisbursementFee: DisbursementFee = disbursementFee(SELLING_PLAN_SEEDS.find((p) => p.serviceCode === DISBURSEMENT_SERVICE_CODE)!.rates);

export const seedPaymentIntegration: DomainSeed = async (tx, ctx) => {
  const plans = await tx.insert(sellingPlans).values(SELLING_PLAN_SEEDS).returning({ id: sellingPlans.id, serviceCode: sellingPlans.serviceCode });
  const rows = ctx.merchantIds.flatMap((merchantId) =>
    plans.map((p) => ({ merchantId, serviceCode: p.serviceCode, planId: p.id, effectiveFrom: ctx.referenceDate })),
  );
  for (let i = 0; i < rows.length; i += 1_000) await tx.insert(merchantSellingPlans).values(rows.slice(i, i + 1_000));
};

/**
 * Payment links of the demo SME (every status, fixed and open amounts, with and without a store, one
 * on the cashier's store) and a few of the isolation merchant. Paid links carry their payments as real
 * `transactions` rows (the daily totals' triggers count them). Times are relative to the moment of
 * seeding, like the transactions, so the list's date presets find them; codes come from the seeded faker.
 */
import { chargedFee } from '@/domain/figures';
import { PAYMENT_LINK_CODE_ALPHABET, PAYMENT_LINK_CODE_LENGTH, PAYMENT_LINK_LIMITS } from '@/domain/paymentLinks';
import { paymentLinkPayments, paymentLinks, transactions } from './schema';
import { CASHIER_STORE_CODE, DemoMerchants, DemoUsers, storeCode } from './seed-fixtures';
import type { DomainSeed } from './seed-types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface SeedLink {
  title: string;
  /** null: the payer enters the amount. */
  amount: number | null;
  singleUse: boolean;
  /** Hours from now (negative: already expired). */
  expiresInHours?: number;
  /** Store code of the merchant, or none. */
  store?: string;
  reference?: string;
  deactivated?: boolean;
  /** Amounts of the payments received. */
  payments?: number[];
  ageDays: number;
}

const SME_LINKS: SeedLink[] = [
  { title: 'Đặt cọc tiệc sinh nhật', amount: 500_000, singleUse: true, reference: 'DC-2025-001', ageDays: 1 },
  { title: 'Học phí khoá tiếng Anh tháng này', amount: 1_200_000, singleUse: true, payments: [1_200_000], reference: 'HP-0425', ageDays: 2 },
  { title: 'Ủng hộ quỹ khuyến học', amount: null, singleUse: false, payments: [50_000, 200_000, 100_000], ageDays: 3 },
  { title: 'Phí giao hàng nhanh', amount: 35_000, singleUse: false, store: CASHIER_STORE_CODE, payments: [35_000, 35_000], ageDays: 4 },
  { title: 'Bánh kem đặt trước', amount: 280_000, singleUse: true, store: CASHIER_STORE_CODE, ageDays: 5 },
  { title: 'Vé hội thảo khởi nghiệp', amount: 150_000, singleUse: false, expiresInHours: -24, ageDays: 8 },
  { title: 'Combo quà Tết doanh nghiệp', amount: 2_500_000, singleUse: true, deactivated: true, reference: 'QT-88', ageDays: 10 },
  { title: 'Thanh toán hoá đơn tháng 5', amount: 890_000, singleUse: true, expiresInHours: 72, reference: 'HD-0005', ageDays: 12 },
  { title: 'Tiền phòng khách sạn', amount: null, singleUse: true, store: storeCode(DemoMerchants.sme.id, 2), payments: [1_750_000], ageDays: 15 },
  { title: 'Phí thành viên câu lạc bộ', amount: 300_000, singleUse: false, payments: [300_000], ageDays: 20 },
];
const OTHER_LINKS: SeedLink[] = [
  { title: 'Đặt bàn cuối tuần', amount: 200_000, singleUse: true, ageDays: 1 },
  { title: 'Thanh toán dịch vụ sửa chữa', amount: null, singleUse: false, payments: [450_000], ageDays: 6 },
];

/** 13-digit ids of the seeded link payments: 4, the merchant id on two digits, ten digits of sequence. */
const paymentIdBase = (merchantId: number) => 4_000_000_000_000 + merchantId * 10_000_000_000;

export const seedPaymentLinks: DomainSeed = async (tx, ctx) => {
  const now = Date.now();
  const code = () => ctx.faker.string.fromCharacters(PAYMENT_LINK_CODE_ALPHABET, PAYMENT_LINK_CODE_LENGTH);
  const plan: Array<[number, SeedLink[], string]> = [
    [DemoMerchants.sme.id, SME_LINKS, DemoUsers.owner.username],
    [DemoMerchants.other.id, OTHER_LINKS, DemoUsers.otherOwner.username],
  ];
  for (const [merchantId, links, creator] of plan) {
    let seq = 0;
    for (const seed of links) {
      const createdAt = new Date(now - seed.ageDays * DAY);
      const payments = seed.payments ?? [];
      const paidAt = seed.singleUse && payments.length ? new Date(createdAt.getTime() + HOUR) : null;
      const [link] = await tx
        .insert(paymentLinks)
        .values({
          merchantId,
          code: code(),
          title: seed.title,
          description: null,
          amountType: seed.amount === null ? 'OPEN' : 'FIXED',
          amount: seed.amount,
          minAmount: seed.amount ?? PAYMENT_LINK_LIMITS.minAmount,
          maxAmount: seed.amount ?? PAYMENT_LINK_LIMITS.maxAmount,
          singleUse: seed.singleUse,
          expiresAt: seed.expiresInHours === undefined ? null : new Date(now + seed.expiresInHours * HOUR),
          storeId: seed.store ? (ctx.storeIdByCode.get(seed.store) ?? null) : null,
          reference: seed.reference ?? null,
          createdBy: ctx.userIdByUsername.get(creator) ?? null,
          createdAt,
          paidAt,
          deactivatedAt: seed.deactivated ? new Date(createdAt.getTime() + 2 * HOUR) : null,
          paymentCount: payments.length,
          collectedAmount: payments.reduce((s, a) => s + a, 0),
        })
        .returning();
      for (const [i, amount] of payments.entries()) {
        seq += 1;
        const at = new Date(createdAt.getTime() + (i + 1) * HOUR);
        const id = String(paymentIdBase(merchantId) + seq);
        await tx.insert(transactions).values({
          id,
          merchantId,
          storeId: link.storeId,
          createdAt: at,
          authorizedAt: at,
          completedAt: at,
          status: 'SUCCESS',
          paymentMethod: 'WALLET',
          amount,
          fee: chargedFee({ status: 'SUCCESS', amount, refundedAmount: 0 }),
          orderId: link.reference ?? link.code,
          description: link.title,
        });
        await tx.insert(paymentLinkPayments).values({ merchantId, linkId: link.id, transactionId: id, amount, createdAt: at });
      }
    }
  }
};

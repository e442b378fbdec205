/**
 * Report center demo data: card payments, disbursements, financing contracts, settlements, non-paid
 * orders for the demo merchants (several pages each), donations for the donation merchant, and one
 * report setting with a produced file. Values come from a fixed generator; times count back from the
 * day the database is seeded, so the default ranges (last 7 days, this month) always show rows.
 */
import { standardDisbursementFee } from './seed-payment-integration';
import type { SeedTx, DomainSeed, SeedContext } from './seed-types';
import { CASHIER_STORE_SEQ, DemoMerchants, storeCode } from './seed-fixtures';
import {
  cardPayments,
  disbursements,
  donations,
  financingContracts,
  nonpaidOrders,
  reportSettings,
  settlements,
} from './schema';
import { DISBURSEMENT_CHANNELS } from '@/domain/disbursements';
import { feeFor } from '@/domain/figures';
import { dayStart, nextRunAt, vietnamToday } from '@/domain/time';

/** Small deterministic generator (mulberry32): independent of the shared faker's sequence. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
}

const MULTIPLIER = { small: 1, medium: 4, large: 10 } as const;
const DAY = 86_400_000;
const SPAN_DAYS = 120;

/** Card payments cost the merchant 2.2 % (international card rate of the demo contract). */
const CARD_FEE_RATE_BPS = 220;
const CARD_BRANDS = ['VISA', 'MASTERCARD', 'JCB', 'NAPAS'];
const BANKS = ['Vietcombank', 'Techcombank', 'BIDV', 'VietinBank', 'ACB', 'MB Bank', 'VPBank', 'Sacombank'];
const RECEIVERS = ['Nguyễn Văn An', 'Trần Thị Bích', 'Lê Hoàng Nam', 'Phạm Thu Trang', 'Võ Minh Khoa', 'Đỗ Thị Hạnh', 'Bùi Quang Huy'];
const DONORS = ['Nguyễn Thị Mai', 'Trần Văn Phúc', 'Lê Thị Thu', 'Phạm Đức Long', 'Hoàng Thị Lan', 'Phật tử ẩn danh'];
const CAMPAIGNS = ['Cúng dường Tam Bảo', 'Xây dựng chánh điện', 'Từ thiện mùa lũ', 'Học bổng cho em'];
const PRODUCTS = ['Vay theo doanh thu', 'Ứng vốn kinh doanh', 'Hạn mức tín dụng'];
const MOBILE = ['090', '091', '093', '097', '098', '032', '038', '070', '086'];

const chunk = async <T>(rows: T[], insert: (part: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
};

/** Times newest first across the span, each at a plausible hour of a Vietnam business day. */
function timeAt(g: ReturnType<typeof generator>, anchor: number, index: number, total: number): Date {
  const daysBack = Math.floor((index / total) * SPAN_DAYS);
  return new Date(anchor - daysBack * DAY + g.int(7 * 3600, 21 * 3600) * 1000 - 7 * 3600 * 1000);
}

function storesOf(ctx: SeedContext, merchantId: number): number[] {
  const ids: number[] = [];
  for (let seq = 1; ; seq++) {
    const id = ctx.storeIdByCode.get(storeCode(merchantId, seq));
    if (id === undefined) break;
    ids.push(id);
  }
  return ids;
}

async function seedMerchant(tx: SeedTx, ctx: SeedContext, merchantId: number, anchor: number, counts: Record<string, number>) {
  const g = generator(merchantId * 7919);
  const storeIds = storesOf(ctx, merchantId);
  const cashierStore = ctx.storeIdByCode.get(storeCode(merchantId, CASHIER_STORE_SEQ)) ?? null;
  // Every fourth row sits at the first store, so a store-scoped user always has rows of their own.
  const storeFor = (i: number) => (i % 4 === 0 ? cashierStore : storeIds.length ? g.pick(storeIds) : null);
  const code = String(merchantId).padStart(3, '0');

  const cards = Array.from({ length: counts.card }, (_, i) => {
    const amount = g.int(5, 500) * 10_000;
    const brand = g.pick(CARD_BRANDS);
    const bin = brand === 'VISA' ? '411111' : brand === 'MASTERCARD' ? '512345' : brand === 'JCB' ? '356600' : '970436';
    // Drawn in the generator's order of earlier seeds, so the demo rows stay the same.
    const storeId = storeFor(i);
    const orderId = `ORD-${code}-${g.digits(8)}`;
    const cardNumber = `${bin}******${g.digits(4)}`;
    const issuerBank = g.pick(BANKS);
    const status = g.pick(['SUCCESS', 'SUCCESS', 'SUCCESS', 'SUCCESS', 'PENDING', 'FAILED', 'REFUNDED']);
    return {
      merchantId,
      storeId,
      transId: `CP${code}${String(counts.card - i).padStart(7, '0')}`,
      orderId,
      cardBrand: brand,
      cardNumber,
      issuerBank,
      amount,
      // Fees on successful payments only; a card refund here is whole, so it carries none either.
      fee: status === 'SUCCESS' ? feeFor(amount, CARD_FEE_RATE_BPS) : 0,
      status,
      createdAt: timeAt(g, anchor, i, counts.card),
    };
  });
  await chunk(cards, (part) => tx.insert(cardPayments).values(part));

  const payouts = Array.from({ length: counts.disbursement }, (_, i) => {
    const channel = g.pick(DISBURSEMENT_CHANNELS);
    const amount = g.int(10, 2000) * 10_000;
    const receiverName = g.pick(RECEIVERS);
    const receiverAccount = channel === 'WALLET' ? `${g.pick(MOBILE)}${g.digits(7)}` : g.digits(12);
    const receiverBank = channel === 'BANK' ? g.pick(BANKS) : null;
    const description = g.pick(['Chi lương tháng', 'Hoàn tiền khách hàng', 'Thưởng doanh số', 'Thanh toán nhà cung cấp']);
    const status = g.pick(['SUCCESS', 'SUCCESS', 'SUCCESS', 'PROCESSING', 'FAILED']);
    return {
      merchantId,
      tranId: `DB${code}${String(counts.disbursement - i).padStart(7, '0')}`,
      batchCode: `BATCH-${code}-${String(Math.floor((counts.disbursement - i) / 10) + 1).padStart(4, '0')}`,
      receiverName,
      receiverAccount,
      channel,
      receiverBank,
      amount,
      // A transfer's fee (the DISBURSEMENT plan's) is charged when it succeeds: none while processing or after a failure.
      fee: status === 'SUCCESS' ? standardDisbursementFee(channel, amount) : 0,
      description,
      status,
      createdAt: timeAt(g, anchor, i, counts.disbursement),
    };
  });
  await chunk(payouts, (part) => tx.insert(disbursements).values(part));

  const loans = Array.from({ length: counts.financing }, (_, i) => {
    const principal = g.int(5, 200) * 1_000_000;
    const status = g.pick(['ACTIVE', 'ACTIVE', 'OVERDUE', 'SETTLED']);
    const repaid = status === 'SETTLED' ? principal : Math.round((principal * g.int(0, 90)) / 100 / 1000) * 1000;
    const disbursedAt = timeAt(g, anchor, i, counts.financing);
    return {
      merchantId,
      contractCode: `NW${code}${String(counts.financing - i).padStart(6, '0')}`,
      productName: g.pick(PRODUCTS),
      principalAmount: principal,
      repaidAmount: repaid,
      outstandingAmount: principal - repaid,
      status,
      disbursedAt,
      dueDate: new Date(disbursedAt.getTime() + g.pick([90, 180, 365]) * DAY),
    };
  });
  await chunk(loans, (part) => tx.insert(financingContracts).values(part));

  const settled = Array.from({ length: counts.settlement }, (_, i) => {
    const gross = g.int(50, 5000) * 10_000;
    const fee = Math.round(gross * 0.011);
    return {
      merchantId,
      storeId: storeFor(i),
      settlementCode: `ST${code}${String(counts.settlement - i).padStart(7, '0')}`,
      transactionCount: g.int(3, 400),
      grossAmount: gross,
      feeAmount: fee,
      netAmount: gross - fee,
      bankAccount: `******${g.digits(4)}`,
      status: i < 2 ? 'PENDING' : g.pick(['SETTLED', 'SETTLED', 'SETTLED', 'SETTLED', 'FAILED']),
      settledAt: timeAt(g, anchor, i, counts.settlement),
    };
  });
  await chunk(settled, (part) => tx.insert(settlements).values(part));

  const unpaid = Array.from({ length: counts.nonpaid }, (_, i) => {
    const createdAt = timeAt(g, anchor, i, counts.nonpaid);
    return {
      merchantId,
      storeId: storeFor(i),
      orderId: `NP${code}${String(counts.nonpaid - i).padStart(7, '0')}`,
      customerPhone: g.next() < 0.85 ? `${g.pick(MOBILE)}${g.digits(7)}` : null,
      description: g.pick(['Đơn hàng online', 'Thanh toán hoá đơn', 'Đặt bàn trước', 'Mua mang về']),
      amount: g.int(2, 300) * 5_000,
      status: g.pick(['UNPAID', 'EXPIRED', 'EXPIRED', 'CANCELLED']),
      createdAt,
      expiredAt: new Date(createdAt.getTime() + 15 * 60_000),
    };
  });
  await chunk(unpaid, (part) => tx.insert(nonpaidOrders).values(part));
}

export const seedReportCenter: DomainSeed = async (tx, ctx) => {
  const m = MULTIPLIER[ctx.size.preset];
  // 00:00 today in Vietnam: rows are dated back from the day of seeding.
  const anchor = dayStart(vietnamToday()).getTime();
  const standard = { card: 150 * m, disbursement: 80 * m, financing: 45 * m, settlement: 60 * m, nonpaid: 90 * m };
  const small = { card: 30, disbursement: 25, financing: 25, settlement: 25, nonpaid: 25 };
  await seedMerchant(tx, ctx, DemoMerchants.sme.id, anchor, standard);
  await seedMerchant(tx, ctx, DemoMerchants.topBrand.id, anchor, standard);
  await seedMerchant(tx, ctx, DemoMerchants.other.id, anchor, small);

  const g = generator(4242);
  const pagoda = DemoMerchants.pagoda.id;
  const total = 120 * m;
  const gifts = Array.from({ length: total }, (_, i) => ({
    merchantId: pagoda,
    transId: `DN${String(total - i).padStart(9, '0')}`,
    donorName: g.pick(DONORS),
    donorPhone: `${g.pick(MOBILE)}****${g.digits(3)}`,
    campaign: g.pick(CAMPAIGNS),
    message: g.pick(['Nam mô A Di Đà Phật', 'Cầu an cho gia đình', 'Hồi hướng công đức', '']),
    amount: g.pick([20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000]),
    status: i % 25 === 7 ? 'REFUNDED' : 'SUCCESS',
    createdAt: timeAt(g, anchor, i, total),
  }));
  await chunk(gifts, (part) => tx.insert(donations).values(part));

  // A daily 07:00 schedule whose last run is already due: the first scheduler pass after start produces
  // yesterday's file, so a fresh demo shows a produced report to download.
  const owner = ctx.userIdByUsername.get('owner_demo') ?? null;
  const schedule = { frequency: 'DAILY' as const, runTime: '07:00' };
  await tx.insert(reportSettings).values({
    merchantId: DemoMerchants.sme.id,
    name: 'Báo cáo thanh toán thẻ hằng ngày',
    reportType: 'CARD_PAYMENT_REPORT',
    columns: ['transId', 'createdAt', 'storeName', 'cardBrand', 'amount', 'fee', 'status'],
    storeIds: [],
    frequency: schedule.frequency,
    runTime: schedule.runTime,
    recipients: ['owner.demo@example.vn'],
    format: 'xlsx',
    nextRunAt: new Date(nextRunAt(schedule, new Date()).getTime() - DAY),
    createdBy: owner,
  });
};

/**
 * Transactions of the demo merchants, generated inside the database with INSERT … SELECT
 * generate_series: a million rows take seconds to a minute, not the hours a row-by-row insert from JS
 * would. Values come from integer hashes of the row number, so every run makes the same rows; times
 * are relative to the moment of seeding (newest a minute ago, oldest a year back), so the date presets
 * (today, last 7 days, …) always find data.
 *
 * SEED_SIZE's transactionsPerMerchant goes to the SME demo merchant; the other demo merchants get a
 * tenth of it (at least 300, at most 5,000): enough pages for isolation and role tests.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_FEE_RATE_BPS } from '@/domain/figures';
import { rows } from './client';
import type { DomainSeed } from './seed-types';
import { DemoMerchants } from './seed-fixtures';

/** Above this many rows, secondary indexes are dropped during the insert and built once afterwards. */
const BULK_INDEX_THRESHOLD = 100_000;
const YEAR_SECONDS = 365 * 86_400;

/** 13-digit core transaction ids: 2, the merchant id on two digits, then ten digits of sequence. */
const idBase = (merchantId: number) => 2_000_000_000_000 + merchantId * 10_000_000_000;

const NAMES = [
  'Nguyễn Văn An', 'Trần Thị Bình', 'Lê Minh Châu', 'Phạm Quốc Dũng', 'Hoàng Thị Hà', 'Vũ Đức Huy', 'Đặng Thu Lan',
  'Bùi Thanh Long', 'Đỗ Ngọc Mai', 'Hồ Văn Nam', 'Ngô Thị Oanh', 'Dương Minh Phúc', 'Lý Thị Quỳnh', 'Phan Anh Tuấn',
];
const FAILURES = ['Số dư ví không đủ', 'Khách hàng huỷ thanh toán', 'Hết thời gian xác thực', 'Thẻ bị từ chối bởi ngân hàng'];
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replaceAll('"', '\\"')}"`).join(',')}}`;

export const seedReports: DomainSeed = async (tx, ctx) => {
  const main = ctx.size.transactionsPerMerchant;
  const plan: Array<{ merchantId: number; count: number }> = [
    { merchantId: DemoMerchants.sme.id, count: main },
    ...[DemoMerchants.topBrand, DemoMerchants.pagoda, DemoMerchants.other, DemoMerchants.bpu, DemoMerchants.nfc].map((m) => ({
      merchantId: m.id,
      count: Math.min(5_000, Math.max(300, Math.round(main / 10))),
    })),
  ];
  const bulk = plan.reduce((s, p) => s + p.count, 0) > BULK_INDEX_THRESHOLD;
  // The newest row is a minute before seeding, whole seconds (so keyset cursors are plain to read).
  const anchor = Math.floor(Date.now() / 1000) - 60;

  let indexDefs: string[] = [];
  if (bulk) {
    const defs = await rows<{ name: string; def: string }>(
      tx,
      sql`select indexname as name, indexdef as def from pg_indexes where tablename = 'transactions' and indexname <> 'transactions_pkey'`,
    );
    indexDefs = defs.map((d) => d.def);
    for (const d of defs) await tx.execute(sql.raw(`drop index "${d.name}"`));
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  }

  for (const { merchantId, count } of plan) {
    const storeIds = (
      await rows<{ id: number }>(tx, sql`select id from stores where merchant_id = ${merchantId} and is_active order by id`)
    ).map((r) => r.id);
    const stores = storeIds.length ? `{${storeIds.join(',')}}` : '{}';
    // r1..r5: independent pseudo-random integers of the row number (multiplicative hashing).
    await tx.execute(sql`
      insert into transactions (id, merchant_id, store_id, created_at, authorized_at, completed_at, status, payment_method,
        amount, fee, refunded_amount, customer_phone, customer_name, order_id, description, card_masked, failure_reason)
      select
        (${idBase(merchantId)}::bigint + g)::text,
        ${merchantId},
        case when cardinality(${stores}::int[]) = 0 then null else (${stores}::int[])[1 + r1 % cardinality(${stores}::int[])] end,
        ts,
        case when st = 'FAILED' and r2 % 2 = 0 then null when st = 'PENDING' then null else ts + interval '2 seconds' end,
        case when st = 'PENDING' then null else ts + interval '5 seconds' end,
        st,
        pm,
        amt,
        -- The fee the payment carries (chargedFee): successful ones only, on the part the merchant kept.
        case when st in ('SUCCESS', 'PARTIALLY_REFUNDED') then ((amt - ref) * ${DEFAULT_FEE_RATE_BPS} + 5000) / 10000 else 0 end,
        ref,
        '09' || lpad((r4 % 100000000)::text, 8, '0'),
        (${textArray(NAMES)}::text[])[1 + r5 % ${NAMES.length}],
        'DH' || lpad(g::text, 8, '0'),
        'Thanh toán đơn hàng DH' || lpad(g::text, 8, '0'),
        case when pm in ('ATM_CARD', 'CREDIT_CARD') then '970436******' || lpad((r5 % 10000)::text, 4, '0') end,
        case when st = 'FAILED' then (${textArray(FAILURES)}::text[])[1 + r3 % ${FAILURES.length}] end
      from (
      select *, case st when 'REFUNDED' then amt when 'PARTIALLY_REFUNDED' then (amt / 2000) * 1000 else 0 end as ref
      from (
        select g, r1, r2, r3, r4, r5,
          to_timestamp(${anchor} - ((g - 1)::bigint * ${YEAR_SECONDS} / ${count}) - r3 % 30) as ts,
          case when r2 % 100 < 82 then 'SUCCESS' when r2 % 100 < 88 then 'FAILED' when r2 % 100 < 92 then 'PENDING'
            when r2 % 100 < 96 then 'REFUNDED' else 'PARTIALLY_REFUNDED' end as st,
          case when r3 % 10 < 4 then 'WALLET' when r3 % 10 < 7 then 'QR_CODE' when r3 % 10 < 8 then 'ATM_CARD'
            when r3 % 10 < 9 then 'CREDIT_CARD' else 'PAY_LATER' end as pm,
          (10 + r4 % 2000)::bigint * 1000 as amt
        from (
          select g,
            (g::bigint * 2654435761) % 4294967291 as r1,
            (g::bigint * 40503 + 12345) % 65521 as r2,
            (g::bigint * 2246822519) % 4294967279 / 7 as r3,
            (g::bigint * 3266489917) % 4294967231 as r4,
            (g::bigint * 668265263) % 4294967197 / 3 as r5
          from generate_series(1, ${count}) g
        ) h
      ) x
      ) y`);
  }

  // The refunds behind the seeded refunded amounts, a day after the payment.
  await tx.execute(sql`
    insert into refunds (merchant_id, transaction_id, amount, reason, idempotency_key, created_at)
    select merchant_id, id, refunded_amount, 'Khách hàng trả hàng', 'seed-' || id,
      least(created_at + interval '1 day', now())
    from transactions where refunded_amount > 0`);

  for (const def of indexDefs) await tx.execute(sql.raw(def));
  await tx.execute(sql`analyze transactions`);
  await tx.execute(sql`analyze transaction_daily_totals`);
  await tx.execute(sql`analyze transaction_daily_totals_all`);
};

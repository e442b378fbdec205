/** Refunds: §6 roles, idempotency key (a repeat returns the first result), never over the amount. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feeFor } from '@/domain/figures';
import { dayKeyOf, presetRange, vietnamToday } from '@/domain/time';
import { rows } from '../../server/db/client';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const base = (m: number) => `/api/transaction/v3/merchants/${m}/transaction-report`;

describe('refunds', () => {
  let t: TestApp;
  let owner: string;
  let accountant: string;
  let cashier: string;
  let otherOwner: string;
  const range = presetRange('last90Days', vietnamToday());
  let successIds: string[] = [];

  const refund = (token: string, id: string, body: unknown, key: string | null, merchant: number = SME, lang = 'vi') =>
    t.call(token, {
      method: 'POST',
      url: `${base(merchant)}/${id}/refunds?lang=${lang}`,
      payload: body as object,
      headers: key ? { 'idempotency-key': key } : {},
    });

  const stateOf = async (id: string) =>
    (
      await rows<{ amount: number; fee: number; refunded: number; status: string; n: number }>(
        t.database.db,
        sql`select amount::float8 as amount, fee::float8 as fee, refunded_amount::float8 as refunded, status,
          (select count(*)::int from refunds where transaction_id = ${id}) as n
          from transactions where id = ${id}`,
      )
    )[0]!;

  beforeAll(async () => {
    t = await makeApp();
    [owner, accountant, cashier, otherOwner] = await Promise.all([
      t.login('owner_demo'),
      t.login('accountant_demo'),
      t.login('cashier_demo'),
      t.login('other_owner_demo'),
    ]);
    const res = await t.call(owner, {
      method: 'GET',
      url: `${base(SME)}?from=${range.from}&to=${range.to}&status=SUCCESS&pageSize=20`,
    });
    successIds = (res.json().data.content as Array<{ id: string }>).map((r) => r.id);
  });
  afterAll(() => t.close());

  it('refunds part of a payment; the same key again returns the first result and refunds nothing more', async () => {
    const id = successIds[0]!;
    const before = await stateOf(id);
    const first = await refund(owner, id, { amount: 1000, reason: 'Khách đổi ý' }, 'key-owner-0001');
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json().data;
    expect(body.refund).toMatchObject({ amount: 1000, transactionId: id, replayed: false, reason: 'Khách đổi ý' });
    expect(body.transaction.status).toBe('PARTIALLY_REFUNDED');
    expect(body.transaction.refundedAmount).toBe(before.refunded + 1000);
    const again = await refund(owner, id, { amount: 1000, reason: 'Khách đổi ý' }, 'key-owner-0001');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.refund).toMatchObject({ id: body.refund.id, replayed: true });
    const after = await stateOf(id);
    expect(after.refunded).toBe(before.refunded + 1000);
    expect(after.n).toBe(before.n + 1);
    // The fee is now the fee of the part kept, once (the repeat changed nothing).
    expect(after.fee).toBe(feeFor(after.amount - after.refunded));
    expect(after.fee).toBeLessThan(before.fee);
    expect(body.transaction.fee).toBe(after.fee);
    // The same key for another amount is a client error, not a second refund.
    const reused = await refund(owner, id, { amount: 2000 }, 'key-owner-0001', SME, 'en');
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('This refund request key was already used for a different request');
  });

  it('a portal refund queues one refund.succeeded webhook in its own transaction; a repeat or a refusal queues none', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into webhook_settings (merchant_id, environment, url, event_types)
      values (${SME}, 'PRODUCTION', 'https://hooks.example.vn/ipn', '{refund.succeeded}')
      on conflict (merchant_id, environment) do update set url = excluded.url, event_types = excluded.event_types`);
    const queued = async () =>
      (await rows<{ n: number }>(db, sql`select count(*)::int as n from webhook_deliveries where merchant_id = ${SME} and event_type = 'refund.succeeded'`))[0]!.n;
    const id = successIds[5]!;
    const before = await queued();
    const first = await refund(owner, id, { amount: 1000 }, 'key-webhook-0001');
    expect(first.statusCode, first.body).toBe(200);
    expect(await queued()).toBe(before + 1);
    const [delivery] = await rows<{ data: { refundId: number; transactionId: string; amount: number } }>(
      db,
      sql`select data from webhook_deliveries where merchant_id = ${SME} and event_type = 'refund.succeeded' order by id desc limit 1`,
    );
    expect(delivery!.data).toMatchObject({ refundId: first.json().data.refund.id, transactionId: id, amount: 1000 });
    expect((await refund(owner, id, { amount: 1000 }, 'key-webhook-0001')).json().data.refund.replayed).toBe(true);
    expect((await refund(owner, id, { amount: 10_000_000_000 }, 'key-webhook-0002')).statusCode).toBe(422);
    expect(await queued()).toBe(before + 1);
    await db.execute(sql`delete from webhook_settings where merchant_id = ${SME} and environment = 'PRODUCTION'`);
  });

  it('concurrent refunds never exceed the amount', async () => {
    const id = successIds[1]!;
    const detail = (await t.call(owner, { method: 'GET', url: `${base(SME)}/${id}` })).json().data;
    const part = Math.floor(detail.amount / 3000) * 1000 + 1000; // a bit over a third: at most 2 fit
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => refund(accountant, id, { amount: part }, `key-concurrent-${i}-abcd`)),
    );
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBe(Math.floor(detail.amount / part));
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 422)).toBe(true);
    const after = await stateOf(id);
    expect(after.refunded).toBe(okCount * part);
    expect(after.refunded).toBeLessThanOrEqual(detail.amount);
    expect(after.n).toBe(okCount);
  });

  it('refunds the rest in full, then refuses more with the amount left', async () => {
    const id = successIds[2]!;
    const detail = (await t.call(owner, { method: 'GET', url: `${base(SME)}/${id}` })).json().data;
    const over = await refund(owner, id, { amount: detail.amount + 1000 }, 'key-over-000001');
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(`Số tiền hoàn vượt quá số tiền còn có thể hoàn (${detail.amount} đ)`);
    expect(detail.fee).toBe(feeFor(detail.amount));
    const day = dayKeyOf(new Date(detail.createdAt));
    const feesOfDay = async () =>
      Number(
        (
          await rows<{ fee: string }>(
            t.database.db,
            sql`select coalesce(sum(fee), 0)::text as fee from transaction_daily_totals where merchant_id = ${SME} and day = ${day}::date`,
          )
        )[0]!.fee,
      );
    const dayBefore = await feesOfDay();
    const full = await refund(owner, id, { amount: detail.amount }, 'key-full-000001');
    expect(full.json().data.transaction).toMatchObject({ status: 'REFUNDED', refundable: 0, fee: 0 });
    // Refunded in full: no fee left, and the day's totals gave the fee back with it.
    expect((await stateOf(id)).fee).toBe(0);
    expect(await feesOfDay()).toBe(dayBefore - detail.fee);
    const more = await refund(owner, id, { amount: 1000 }, 'key-more-000001', SME, 'en');
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe('This transaction cannot be refunded');
  });

  it('only §6 refund roles may refund', async () => {
    const cashierRow = (
      await t.call(cashier, { method: 'GET', url: `${base(SME)}?from=${range.from}&to=${range.to}&status=SUCCESS` })
    ).json().data.content[0];
    const before = await stateOf(cashierRow.id);
    const res = await refund(cashier, cashierRow.id, { amount: 1000 }, 'key-cashier-0001');
    expect(res.statusCode).toBe(403);
    expect(await stateOf(cashierRow.id)).toEqual(before);
  });

  it('another merchant’s transaction cannot be refunded through either merchant', async () => {
    const theirs = (
      await t.call(otherOwner, { method: 'GET', url: `${base(OTHER)}?from=${range.from}&to=${range.to}&status=SUCCESS` })
    ).json().data.content[0];
    const before = await stateOf(theirs.id);
    expect((await refund(owner, theirs.id, { amount: 1000 }, 'key-foreign-0001')).statusCode).toBe(404);
    expect((await refund(owner, theirs.id, { amount: 1000 }, 'key-foreign-0002', OTHER)).statusCode).toBe(403);
    expect(await stateOf(theirs.id)).toEqual(before);
  });

  it('rejects a missing key and bad amounts, writing nothing', async () => {
    const id = successIds[3]!;
    const before = await stateOf(id);
    const noKey = await refund(owner, id, { amount: 1000 }, null, SME, 'en');
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe('The refund request key (Idempotency-Key) is missing');
    for (const body of [{ amount: 0 }, { amount: 10.5 }, { amount: '1000' }, {}, { amount: 1000, extra: 1 }, { amount: 1000, reason: 'x'.repeat(201) }]) {
      const res = await refund(owner, id, body, `key-bad-${Math.random().toString(36).slice(2, 10)}`);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const whole = await refund(owner, id, { amount: 10.5 }, 'key-bad-whole01', SME, 'vi');
    expect(whole.json().data.errors[0].message).toBe('Số tiền: Số tiền phải là số nguyên đồng');
    expect(await stateOf(id)).toEqual(before);
  });
});

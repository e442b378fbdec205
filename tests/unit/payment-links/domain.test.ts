import { describe, expect, it } from 'vitest';
import {
  makePaymentLinkCreateSchema,
  payableAmount,
  PAYMENT_LINK_CODE,
  paymentLinkStatus,
  vietnamLocalInstant,
} from '@/domain/paymentLinks';

const now = new Date('2026-11-23T12:00:00Z');
const link = { singleUse: true, paidAt: null, expiresAt: null, deactivatedAt: null };

describe('paymentLinkStatus', () => {
  it('deactivation wins, then a paid single-use link, then expiry', () => {
    expect(paymentLinkStatus(link, now)).toBe('ACTIVE');
    expect(paymentLinkStatus({ ...link, expiresAt: '2026-11-23T12:00:00Z' }, now)).toBe('EXPIRED');
    expect(paymentLinkStatus({ ...link, expiresAt: '2026-11-23T12:00:01Z' }, now)).toBe('ACTIVE');
    expect(paymentLinkStatus({ ...link, paidAt: now, expiresAt: '2026-01-01T00:00:00Z' }, now)).toBe('PAID');
    expect(paymentLinkStatus({ ...link, paidAt: now, deactivatedAt: now }, now)).toBe('DEACTIVATED');
    // A reusable link is never PAID.
    expect(paymentLinkStatus({ ...link, singleUse: false, paidAt: now }, now)).toBe('ACTIVE');
  });
});

describe('create schema', () => {
  const schema = makePaymentLinkCreateSchema(() => now);
  const issues = (body: unknown) => (schema.safeParse(body).error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);
  it('reads the expiry as Vietnam wall-clock time and refuses one not after now', () => {
    expect(vietnamLocalInstant('2026-11-23T19:00')?.toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(vietnamLocalInstant('2026-02-30T10:00')).toBeNull();
    expect(vietnamLocalInstant('2026-11-23T19:00Z')).toBeNull();
    const base = { title: 'a', amountType: 'FIXED', amount: 10_000, singleUse: true };
    expect(issues({ ...base, expiresAt: '2026-11-23T19:00' })).toEqual(['expiresAt:validation.paymentLink.expiryInPast']);
    expect(issues({ ...base, expiresAt: '2026-11-23T19:01' })).toEqual([]);
  });
  it('a fixed link needs its amount and no range; an open one may not carry an amount', () => {
    expect(issues({ title: 'a', amountType: 'FIXED', singleUse: true })).toEqual(['amount:validation.required']);
    expect(issues({ title: 'a', amountType: 'FIXED', amount: 5_000, minAmount: 1_000, singleUse: true })).toEqual(['minAmount:validation.paymentLink.rangeOnlyOpen']);
    expect(issues({ title: 'a', amountType: 'OPEN', amount: 5_000, singleUse: false })).toEqual(['amount:validation.paymentLink.amountOnlyFixed']);
    expect(issues({ title: 'a', amountType: 'OPEN', minAmount: 9_000, maxAmount: 8_000, singleUse: false })).toEqual(['maxAmount:validation.paymentLink.maxBelowMin']);
  });
});

describe('payableAmount', () => {
  const open = { amountType: 'OPEN' as const, amount: null, minAmount: 10_000, maxAmount: 50_000 };
  const fixed = { amountType: 'FIXED' as const, amount: 20_000, minAmount: 20_000, maxAmount: 20_000 };
  it('a fixed link pays its amount; an open one what the payer enters within its range', () => {
    expect(payableAmount(fixed, undefined)).toEqual({ ok: true, amount: 20_000 });
    expect(payableAmount(fixed, 20_000)).toEqual({ ok: true, amount: 20_000 });
    expect(payableAmount(fixed, 1_000).ok).toBe(false);
    expect(payableAmount(open, undefined).ok).toBe(false);
    expect(payableAmount(open, 9_999).ok).toBe(false);
    expect(payableAmount(open, 50_001).ok).toBe(false);
    expect(payableAmount(open, 50_000)).toEqual({ ok: true, amount: 50_000 });
  });
});

it('link codes are 10 characters without look-alikes', () => {
  expect(PAYMENT_LINK_CODE.test('abcdefghij')).toBe(true);
  for (const bad of ['abcdefghi', 'abcdefghil', 'ABCDEFGHIO', 'abcdefgh01', 'abcdefghijk']) expect(PAYMENT_LINK_CODE.test(bad), bad).toBe(false);
});

import { describe, expect, it } from 'vitest';
import { chargedFee, changePercent, feeFor, figuresOf, figuresOfPayments } from '@/domain/figures';
import { maskAccountNumber, maskEmail, maskPersonName, maskPhone } from '@/domain/masking';

describe('figures', () => {
  const payments = [
    { status: 'SUCCESS' as const, amount: 100_000, refundedAmount: 0 },
    { status: 'PARTIALLY_REFUNDED' as const, amount: 200_000, refundedAmount: 50_000 },
    { status: 'REFUNDED' as const, amount: 300_000, refundedAmount: 300_000 },
    { status: 'FAILED' as const, amount: 400_000, refundedAmount: 0 },
    { status: 'PENDING' as const, amount: 500_000, refundedAmount: 0 },
  ].map((p) => ({ ...p, fee: chargedFee(p) }));

  it('charges fees on the kept part of successful payments only', () => {
    expect(payments.map((p) => p.fee)).toEqual([1_100, 1_650, 0, 0, 0]);
    expect(feeFor(0)).toBe(0);
    expect(feeFor(-5)).toBe(0);
    expect(feeFor(45)).toBe(0); // 0.495 đ rounds down
    expect(feeFor(46)).toBe(1); // 0.506 đ rounds up
    expect(feeFor(9_000_000_000_000_000)).toBe(99_000_000_000_000);
  });

  it('gross counts successful payments, refunds and fees come off for net', () => {
    expect(figuresOfPayments(payments)).toEqual({
      successfulCount: 3,
      refundedCount: 2,
      failedCount: 1,
      pendingCount: 1,
      grossAmount: 600_000,
      refundedAmount: 350_000,
      feeAmount: 2_750,
      netAmount: 247_250,
    });
  });

  it('adds several rows of one status (per-day totals)', () => {
    const f = figuresOf([
      { status: 'SUCCESS', count: 2, amount: 10, fee: 1, refundedAmount: 0 },
      { status: 'SUCCESS', count: 3, amount: 20, fee: 2, refundedAmount: 0 },
    ]);
    expect([f.successfulCount, f.grossAmount, f.feeAmount, f.netAmount]).toEqual([5, 30, 3, 27]);
  });

  it('compares with the previous period in whole per cent', () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(5, 0)).toBeNull();
  });
});

describe('masking', () => {
  it('masks a phone as 4 digits, three bullets, 3 digits, whatever its writing', () => {
    expect(maskPhone('0963123411')).toBe('0963•••411');
    expect(maskPhone('+84 963 123 411')).toBe('0963•••411');
    expect(maskPhone('84963123411')).toBe('0963•••411');
    expect(maskPhone('12345')).toBe('•••');
    expect(maskPhone(null)).toBeNull();
  });
  it('masks accounts, e-mails and names', () => {
    expect(maskAccountNumber('0123456789')).toBe('••••6789');
    expect(maskAccountNumber('123')).toBe('••••');
    expect(maskEmail('owner.demo@example.vn')).toBe('o•••@example.vn');
    expect(maskPersonName('Nguyễn Văn An')).toBe('N••• V••• An');
    expect(maskPersonName('  Ánh ')).toBe('Á•••');
    expect(maskPersonName('')).toBeNull();
  });
});

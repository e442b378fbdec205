import { describe, expect, it } from 'vitest';
import {
  canManageMarketing,
  canReadMarketingBudget,
  fillDays,
  marketingTransactionFilterSchema,
  monthStartOf,
  paymentFilterSchema,
  thresholdSchema,
  topUpReference,
  topUpSchema,
} from '@/domain/marketingBudget';
import { routeCodesFor } from '@/domain/sidebar';

describe('marketing budget domain', () => {
  it('accepts top-ups of whole đồng between the minimum and maximum, typed with grouping', () => {
    expect(topUpSchema.parse({ amount: '1.500.000', source: 'WALLET' })).toEqual({ amount: 1_500_000, source: 'WALLET' });
    expect(topUpSchema.parse({ amount: 100_000, source: 'SETTLEMENT' })).toEqual({ amount: 100_000, source: 'SETTLEMENT' });
    expect(topUpSchema.parse({ amount: '1,000,000,000', source: 'WALLET' }).amount).toBe(1_000_000_000);
    for (const amount of [99_999, 1_000_000_001, 0, -100_000, 150_000.5, '12abc', '1e6']) {
      const result = topUpSchema.safeParse({ amount, source: 'WALLET' });
      expect(result.success, String(amount)).toBe(false);
      expect(result.error?.issues[0].message).toBe('validation.marketingBudget.amount');
    }
    expect(topUpSchema.safeParse({ amount: '', source: 'WALLET' }).error?.issues[0].message).toBe('validation.required');
    expect(topUpSchema.safeParse({ amount: 500_000, source: 'BANK' }).success).toBe(false);
    expect(topUpSchema.safeParse({ amount: 500_000, source: 'WALLET', extra: true }).success).toBe(false);
  });

  it('takes a threshold from 0 (off) to the maximum', () => {
    expect(thresholdSchema.parse({ lowBalanceThreshold: 0 })).toEqual({ lowBalanceThreshold: 0 });
    expect(thresholdSchema.parse({ lowBalanceThreshold: '2.000.000' })).toEqual({ lowBalanceThreshold: 2_000_000 });
    expect(thresholdSchema.safeParse({ lowBalanceThreshold: -1 }).error?.issues[0].message).toBe('validation.marketingBudget.threshold');
  });

  it('checks history date ranges: start not after end, at most 366 days', () => {
    expect(paymentFilterSchema.safeParse({ from: '2026-11-01', to: '2026-11-30', kind: 'RELEASE' }).success).toBe(true);
    expect(paymentFilterSchema.safeParse({ from: '2026-11-30', to: '2026-11-01' }).error?.issues[0].message).toBe('validation.marketingBudget.dateRange');
    expect(paymentFilterSchema.safeParse({ from: '2025-01-01', to: '2026-11-01' }).success).toBe(false);
    expect(paymentFilterSchema.safeParse({ kind: 'DEBIT' }).success).toBe(false);
    expect(marketingTransactionFilterSchema.parse({ campaignId: '42' })).toEqual({ campaignId: 42 });
    expect(marketingTransactionFilterSchema.safeParse({ campaignId: '0' }).success).toBe(false);
  });

  it('fills every day of a range, zero where nothing was spent', () => {
    expect(fillDays('2026-02-27', '2026-03-02', [{ day: '2026-02-28', amount: 5 }, { day: '2026-03-02', amount: 7 }])).toEqual([
      { day: '2026-02-27', amount: 0 },
      { day: '2026-02-28', amount: 5 },
      { day: '2026-03-01', amount: 0 },
      { day: '2026-03-02', amount: 7 },
    ]);
    expect(fillDays('2026-03-02', '2026-03-01', [])).toEqual([]);
  });

  it('names the month start and a top-up reference', () => {
    expect(monthStartOf('2026-11-27')).toBe('2026-11-01');
    expect(topUpReference('2026-11-27', 42)).toBe('MKT26112700000042');
  });

  it('lets owners, administrators and MARKETING manage; accountants only read (spec §6)', () => {
    expect(canManageMarketing(['MERCHANT_OWNER'])).toBe(true);
    expect(canManageMarketing(['ADMINISTRATOR'])).toBe(true);
    expect(canManageMarketing(['MARKETING'])).toBe(true);
    expect(canManageMarketing(['MERCHANT_ACCOUNTANT'])).toBe(false);
    expect(canReadMarketingBudget(['MERCHANT_ACCOUNTANT'])).toBe(true);
    expect(canReadMarketingBudget(['STORE_CASHIER', 'DEVELOPER'])).toBe(false);
    expect(routeCodesFor(['MERCHANT_ACCOUNTANT'], 'SME')).toContain('BUSINESS_PAGE_MARKETING_MANAGEMENT');
    expect(routeCodesFor(['SUB_ACCOUNTANT'], 'SME')).not.toContain('BUSINESS_PAGE_MARKETING_MANAGEMENT');
  });
});

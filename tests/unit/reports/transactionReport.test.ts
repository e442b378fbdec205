import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayRangeInstants,
  isValidDay,
  presetOf,
  presetRange,
  refundSchema,
  transactionFilterSchema,
  vnToday,
} from '@/domain/transactionReport';

describe('transaction report dates', () => {
  it('today is the Vietnamese date (UTC+7)', () => {
    expect(vnToday(new Date('2026-03-31T16:59:59Z'))).toBe('2026-03-31');
    expect(vnToday(new Date('2026-03-31T17:00:00Z'))).toBe('2026-04-01');
  });

  it('presets: last 90 days is 89 days back (§9), months and years roll over', () => {
    expect(presetRange('today', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetRange('last7Days', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(presetRange('thisMonth', '2026-03-17')).toEqual({ from: '2026-03-01', to: '2026-03-17' });
    expect(presetRange('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('last90Days', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetOf({ from: addDays('2026-03-31', -89), to: '2026-03-31' }, '2026-03-31')).toBe('last90Days');
    expect(presetOf({ from: '2026-03-02', to: '2026-03-31' }, '2026-03-31')).toBe('custom');
  });

  it('a day range covers whole Vietnamese days', () => {
    expect(dayRangeInstants({ from: '2026-03-01', to: '2026-03-02' })).toEqual({
      start: new Date('2026-02-28T17:00:00Z'),
      end: new Date('2026-03-02T17:00:00Z'),
    });
  });

  it('accepts only real calendar days', () => {
    expect(isValidDay('2024-02-29')).toBe(true);
    for (const bad of ['2025-02-29', '2025-13-01', '2025-1-01', '', 'abc', '2025-00-10']) expect(isValidDay(bad)).toBe(false);
  });
});

describe('transaction report schemas', () => {
  it('filter: range of 1 to 366 days, digits-only search, repeated keys', () => {
    const ok = transactionFilterSchema.safeParse({ from: '2026-01-01', to: '2026-01-31', status: 'FAILED', storeId: ['3', '4'], q: '0912' });
    expect(ok.success && ok.data).toMatchObject({ status: ['FAILED'], storeId: [3, 4] });
    const reversed = transactionFilterSchema.safeParse({ from: '2026-02-01', to: '2026-01-31' });
    expect(reversed.error?.issues[0]).toMatchObject({ path: ['to'], message: 'validation.dateRange' });
    expect(transactionFilterSchema.safeParse({ from: '2025-01-01', to: '2026-01-02' }).success).toBe(false);
    expect(transactionFilterSchema.safeParse({ from: '2026-01-01', to: '2026-01-31', q: "1' or 1=1" }).success).toBe(false);
  });

  it('refund: whole positive đồng only', () => {
    expect(refundSchema.safeParse({ amount: 1000 }).success).toBe(true);
    expect(refundSchema.safeParse({ amount: 10.5 }).error?.issues[0]?.message).toBe('validation.wholeDong');
    expect(refundSchema.safeParse({ amount: 0 }).success).toBe(false);
    expect(refundSchema.safeParse({ amount: '1000' }).success).toBe(false);
  });
});

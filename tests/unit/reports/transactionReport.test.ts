import { describe, expect, it } from 'vitest';
import { refundSchema, transactionFilterSchema } from '@/domain/transactionReport';

// Days and presets moved with their code: tests/unit/domain/time.test.ts.
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

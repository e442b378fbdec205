/**
 * Report settings: the date-range check and the setting schema. Next run, period and day bounds are
 * Vietnam time, tested with their code in tests/unit/domain/time.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { checkDateRange, reportSettingSchema } from '@/domain/reportCenter';

describe('date ranges', () => {
  it('checks order and length', () => {
    const issues: unknown[] = [];
    checkDateRange({ value: { fromDate: '2026-11-22', toDate: '2026-11-21' }, issues: issues as never });
    checkDateRange({ value: { fromDate: '2025-01-01', toDate: '2026-01-02' }, issues: issues as never });
    checkDateRange({ value: { fromDate: '2025-01-01', toDate: '2026-01-01' }, issues: issues as never });
    expect(issues.map((i) => (i as { message: string }).message)).toEqual(['rules.dateOrder', 'rules.dateRangeTooLong']);
  });
});

describe('reportSettingSchema', () => {
  const valid = {
    name: 'Báo cáo thẻ',
    reportType: 'CARD_PAYMENT_REPORT',
    columns: ['transId', 'amount'],
    frequency: 'MONTHLY',
    runTime: '07:00',
    dayOfMonth: 1,
    recipients: ['a@example.vn'],
  };
  const messages = (body: object) => {
    const r = reportSettingSchema.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts a complete setting and defaults format, stores and active', () => {
    const r = reportSettingSchema.parse(valid);
    expect(r).toMatchObject({ format: 'xlsx', storeIds: [], isActive: true });
  });

  it('refuses columns of another report type, duplicates, a missing schedule day, bad times and e-mails', () => {
    expect(messages({ ...valid, columns: ['transId', 'receiverName'] })).toEqual(['columns.1:validation.invalid']);
    expect(messages({ ...valid, columns: ['amount', 'amount'] })).toEqual(['columns:validation.invalid']);
    expect(messages({ ...valid, dayOfMonth: null })).toEqual(['dayOfMonth:validation.required']);
    expect(messages({ ...valid, frequency: 'WEEKLY', dayOfMonth: undefined })).toEqual(['dayOfWeek:validation.required']);
    expect(messages({ ...valid, runTime: '7:00' })).toEqual(['runTime:validation.invalid']);
    expect(messages({ ...valid, recipients: ['a@b'] })).toEqual(['recipients.0:validation.email']);
    expect(messages({ ...valid, recipients: [] })).toEqual(['recipients:validation.required']);
    expect(messages({ ...valid, name: '  ' })).toEqual(['name:validation.required']);
    expect(messages({ ...valid, dayOfMonth: 29 })).toEqual(['dayOfMonth:validation.invalid']);
  });
});

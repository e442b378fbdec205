/** Report schedules in Asia/Ho_Chi_Minh: next run and the period a run covers; the setting schema. */
import { describe, expect, it } from 'vitest';
import { checkDateRange, dayCount, isIsoDay, nextRunAt, periodOf, reportSettingSchema, vietnamDayBounds } from '@/domain/reportCenter';

const at = (iso: string) => new Date(iso);

describe('nextRunAt', () => {
  it('daily: later today when the time is still ahead, else tomorrow (Vietnam wall clock)', () => {
    // 2026-11-22 06:00 in Vietnam = 2026-11-21 23:00 UTC.
    expect(nextRunAt({ frequency: 'DAILY', runTime: '07:00' }, at('2026-11-21T23:00:00Z')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(nextRunAt({ frequency: 'DAILY', runTime: '07:00' }, at('2026-11-22T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // 23:30 Vietnam is 16:30 UTC the same day.
    expect(nextRunAt({ frequency: 'DAILY', runTime: '23:30' }, at('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-11-22T16:30:00.000Z');
  });

  it('weekly: the next chosen weekday (1 = Monday … 7 = Sunday)', () => {
    // Sunday 2026-11-22 in Vietnam → Monday 2026-11-23 08:30.
    expect(nextRunAt({ frequency: 'WEEKLY', runTime: '08:30', dayOfWeek: 1 }, at('2026-11-22T03:00:00Z')).toISOString()).toBe('2026-11-23T01:30:00.000Z');
    // Sunday itself, before the time: today; after it: next Sunday.
    expect(nextRunAt({ frequency: 'WEEKLY', runTime: '20:00', dayOfWeek: 7 }, at('2026-11-22T03:00:00Z')).toISOString()).toBe('2026-11-22T13:00:00.000Z');
    expect(nextRunAt({ frequency: 'WEEKLY', runTime: '08:00', dayOfWeek: 7 }, at('2026-11-22T03:00:00Z')).toISOString()).toBe('2026-11-29T01:00:00.000Z');
  });

  it('monthly: the chosen day this month if still ahead, else next month, across the year end', () => {
    expect(nextRunAt({ frequency: 'MONTHLY', runTime: '07:00', dayOfMonth: 28 }, at('2026-11-22T03:00:00Z')).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(nextRunAt({ frequency: 'MONTHLY', runTime: '07:00', dayOfMonth: 1 }, at('2026-12-05T03:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('is strictly after the given instant, so a run never schedules itself again', () => {
    const run = at('2026-11-23T00:00:00Z');
    expect(nextRunAt({ frequency: 'DAILY', runTime: '07:00' }, run).getTime()).toBe(run.getTime() + 86_400_000);
  });
});

describe('periodOf', () => {
  it('daily covers the day before the run, weekly the 7 days before, monthly the previous month', () => {
    const run = at('2026-11-23T00:00:00Z'); // Monday 07:00 in Vietnam
    expect(periodOf({ frequency: 'DAILY', runTime: '07:00' }, run)).toEqual({ fromDate: '2026-11-22', toDate: '2026-11-22' });
    expect(periodOf({ frequency: 'WEEKLY', runTime: '07:00', dayOfWeek: 1 }, run)).toEqual({ fromDate: '2026-11-16', toDate: '2026-11-22' });
    expect(periodOf({ frequency: 'MONTHLY', runTime: '07:00', dayOfMonth: 1 }, at('2027-01-01T00:00:00Z'))).toEqual({
      fromDate: '2026-12-01',
      toDate: '2026-12-31',
    });
    expect(periodOf({ frequency: 'MONTHLY', runTime: '07:00', dayOfMonth: 5 }, at('2028-03-05T00:00:00Z'))).toEqual({
      fromDate: '2028-02-01',
      toDate: '2028-02-29',
    });
  });

  it('uses the Vietnam day of the run, not the UTC day', () => {
    // 00:30 on 2026-11-23 in Vietnam is still 2026-11-22 in UTC.
    expect(periodOf({ frequency: 'DAILY', runTime: '00:30' }, at('2026-11-22T17:30:00Z'))).toEqual({ fromDate: '2026-11-22', toDate: '2026-11-22' });
  });
});

describe('date ranges', () => {
  it('bounds whole Vietnam days and checks order and length', () => {
    expect(vietnamDayBounds('2026-11-22', '2026-11-22')).toEqual({ start: at('2026-11-21T17:00:00Z'), end: at('2026-11-22T17:00:00Z') });
    expect(dayCount('2026-01-01', '2026-12-31')).toBe(365);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2028-02-29')).toBe(true);
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

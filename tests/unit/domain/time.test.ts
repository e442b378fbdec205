/**
 * Vietnam time (src/domain/time.ts): day keys, day bounds, the §9 presets, schedules, DD/MM/YYYY.
 * Runs in another zone (Los Angeles, with daylight saving) so nothing may lean on the runtime's zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tzOffset } from '@date-fns/tz';
import {
  addDays,
  dayBounds,
  dayCount,
  dayKeyOf,
  dayKeyOfPicker,
  dayStart,
  DATE_PRESETS,
  formatDay,
  formatVietnamDateTime,
  isDayKey,
  isoWeekday,
  MAX_RANGE_DAYS,
  nextRunAt,
  parseDay,
  periodOf,
  pickerDateOf,
  presetOf,
  presetRange,
  RANGE_PRESETS,
  toDate,
  vietnamTime,
  vietnamToday,
  VN_TIME_ZONE,
  VN_UTC_OFFSET_MINUTES,
} from '@/domain/time';
import { formatDate, formatDateTimeSeconds } from '@/domain/format';

const at = (iso: string) => new Date(iso);

const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  process.env.TZ = originalTz;
});

it('really runs in another zone', () => {
  // 2024-03-01 18:30:05 UTC is 10:30 on the 1st in Los Angeles, 01:30 on the 2nd in Vietnam.
  expect(at('2024-03-01T18:30:05Z').getDate()).toBe(1);
});

describe('the zone', () => {
  it('is UTC+7 all year, which the fixed-offset export formatter relies on', () => {
    for (const iso of ['1976-01-01T00:00:00Z', '2024-03-10T12:00:00Z', '2024-07-01T00:00:00Z', '2026-11-01T09:00:00Z', '2040-12-31T23:59:59Z']) {
      expect(tzOffset(VN_TIME_ZONE, at(iso))).toBe(VN_UTC_OFFSET_MINUTES);
    }
  });

  it('formats an export cell like the zone-aware formatter, across midnight and the year end', () => {
    for (const iso of ['2024-03-01T18:30:05Z', '2025-12-31T16:59:59Z', '2025-12-31T17:00:00Z', '2024-02-28T17:00:00Z']) {
      expect(formatVietnamDateTime(at(iso))).toBe(formatDateTimeSeconds(at(iso)));
    }
    expect(formatVietnamDateTime(at('2025-12-31T17:00:00Z'))).toBe('01/01/2026 00:00:00');
  });
});

describe('day keys', () => {
  it('today is the Vietnamese date (UTC+7), switching at 17:00 UTC', () => {
    expect(vietnamToday(at('2026-03-31T16:59:59Z'))).toBe('2026-03-31');
    expect(vietnamToday(at('2026-03-31T17:00:00Z'))).toBe('2026-04-01');
    // 2026-03-10 23:30 in Vietnam = 16:30 UTC.
    expect(vietnamToday(at('2026-03-10T16:30:00Z'))).toBe('2026-03-10');
    expect(vietnamToday(at('2026-03-10T17:00:00Z'))).toBe('2026-03-11');
    // New Year's Eve: 17:00 UTC on the 31st is already the new year in Vietnam.
    expect(vietnamToday(at('2025-12-31T16:59:59.999Z'))).toBe('2025-12-31');
    expect(vietnamToday(at('2025-12-31T17:00:00Z'))).toBe('2026-01-01');
  });

  it('gives the Vietnamese calendar day of an instant, null for nothing', () => {
    expect(dayKeyOf(at('2024-03-01T18:30:05Z'))).toBe('2024-03-02');
    expect(dayKeyOf(at('2025-05-31T17:00:00Z'))).toBe('2025-06-01');
    expect(dayKeyOf(null)).toBeNull();
    expect(dayKeyOf('not a date')).toBeNull();
  });

  it('starts a day at 00:00 UTC+7 and bounds whole days [start, end)', () => {
    expect(dayStart('2026-03-10').toISOString()).toBe('2026-03-09T17:00:00.000Z');
    expect(dayKeyOf(dayStart('2026-03-10'))).toBe('2026-03-10');
    expect(dayKeyOf(new Date(dayStart('2026-03-10').getTime() - 1))).toBe('2026-03-09');
    expect(dayBounds({ from: '2026-03-01', to: '2026-03-02' })).toEqual({ start: at('2026-02-28T17:00:00Z'), end: at('2026-03-02T17:00:00Z') });
    expect(dayBounds({ from: '2026-11-22', to: '2026-11-22' })).toEqual({ start: at('2026-11-21T17:00:00Z'), end: at('2026-11-22T17:00:00Z') });
    expect(dayBounds({ from: '2025-12-31', to: '2025-12-31' }).end.toISOString()).toBe('2025-12-31T17:00:00.000Z');
    expect(vietnamTime('2026-11-22', 23, 30).toISOString()).toBe('2026-11-22T16:30:00.000Z');
  });

  it('adds days across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-31', -89)).toBe('2026-01-01');
  });

  it('counts days inclusively', () => {
    expect(dayCount('2026-03-10', '2026-03-10')).toBe(1);
    expect(dayCount('2024-01-01', '2024-12-31')).toBe(366);
    expect(dayCount('2026-01-01', '2026-12-31')).toBe(365);
    expect(dayCount('2026-03-02', '2026-03-01')).toBe(0);
    expect(dayCount('2025-01-01', '2026-01-01')).toBe(MAX_RANGE_DAYS);
  });

  it('accepts only real calendar days in yyyy-MM-dd', () => {
    expect(isDayKey('2024-02-29')).toBe(true);
    expect(isDayKey('2028-02-29')).toBe(true);
    for (const bad of ['2025-02-29', '2026-02-29', '2025-13-01', '2025-1-01', '', 'abc', '2025-00-10', '10/03/2026', '2025-04-31']) {
      expect(isDayKey(bad)).toBe(false);
    }
    expect(isDayKey(20250101)).toBe(false);
  });

  it('knows the ISO weekday (1 = Monday … 7 = Sunday)', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
  });
});

describe('presets (§9)', () => {
  it('last 90 days is today and the 89 days back; months and years roll over', () => {
    expect(presetRange('today', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetRange('yesterday', '2026-01-01')).toEqual({ from: '2025-12-31', to: '2025-12-31' });
    expect(presetRange('last7Days', '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(presetRange('last30Days', '2026-03-03')).toEqual({ from: '2026-02-02', to: '2026-03-03' });
    expect(presetRange('thisWeek', '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(presetRange('thisWeek', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('thisWeek', '2026-01-01')).toEqual({ from: '2025-12-29', to: '2026-01-01' });
    expect(presetRange('thisMonth', '2026-03-17')).toEqual({ from: '2026-03-01', to: '2026-03-17' });
    expect(presetRange('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetRange('last90Days', '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetOf({ from: addDays('2026-03-31', -89), to: '2026-03-31' }, '2026-03-31')).toBe('last90Days');
    expect(presetOf({ from: '2026-03-02', to: '2026-03-31' }, '2026-03-31')).toBe('custom');
  });

  it('last 90 days covers exactly 90 whole days in Vietnam', () => {
    const { start, end } = dayBounds(presetRange('last90Days', '2024-03-02'));
    expect([start.toISOString(), end.toISOString()]).toEqual(['2023-12-03T17:00:00.000Z', '2024-03-02T17:00:00.000Z']);
    expect(formatDateTimeSeconds(start)).toBe('04/12/2023 00:00:00');
    expect(formatDateTimeSeconds(end.getTime() - 1)).toBe('02/03/2024 23:59:59');
    expect((end.getTime() - start.getTime()) / 86_400_000).toBe(90);
  });

  // From an instant: 2024-03-01 18:30:05 UTC is 2024-03-02 01:30:05 in Vietnam.
  it.each([
    ['today', '02/03/2024 00:00:00', '02/03/2024 23:59:59'],
    ['yesterday', '01/03/2024 00:00:00', '01/03/2024 23:59:59'],
    ['last7Days', '25/02/2024 00:00:00', '02/03/2024 23:59:59'],
    ['thisMonth', '01/03/2024 00:00:00', '02/03/2024 23:59:59'],
    ['lastMonth', '01/02/2024 00:00:00', '29/02/2024 23:59:59'],
    ['last90Days', '04/12/2023 00:00:00', '02/03/2024 23:59:59'],
  ] as const)('%s from an instant just after Vietnam midnight', (preset, from, to) => {
    const { start, end } = dayBounds(presetRange(preset, vietnamToday(at('2024-03-01T18:30:05Z'))));
    expect(formatDateTimeSeconds(start)).toBe(from);
    expect(formatDateTimeSeconds(end.getTime() - 1)).toBe(to);
  });

  it('crosses a year boundary for last month in January', () => {
    const { start, end } = dayBounds(presetRange('lastMonth', vietnamToday(at('2025-01-15T03:00:00Z'))));
    expect(formatDate(start)).toBe('01/12/2024');
    expect(formatDate(end.getTime() - 1)).toBe('31/12/2024');
  });

  it('lists the offered presets, and computes every one of them', () => {
    expect([...DATE_PRESETS]).toEqual(['today', 'yesterday', 'last7Days', 'thisMonth', 'lastMonth', 'last90Days', 'custom']);
    for (const preset of DATE_PRESETS) if (preset !== 'custom') expect(RANGE_PRESETS).toContain(preset);
  });
});

describe('nextRunAt', () => {
  it('daily: later today when the time is still ahead, else tomorrow (Vietnam wall clock)', () => {
    // 2026-11-22 06:00 in Vietnam = 2026-11-21 23:00 UTC.
    expect(nextRunAt({ frequency: 'DAILY', runTime: '07:00' }, at('2026-11-21T23:00:00Z')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(nextRunAt({ frequency: 'DAILY', runTime: '07:00' }, at('2026-11-22T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    // 23:30 Vietnam is 16:30 UTC the same day.
    expect(nextRunAt({ frequency: 'DAILY', runTime: '23:30' }, at('2026-11-22T10:00:00Z')).toISOString()).toBe('2026-11-22T16:30:00.000Z');
    // 00:00 runs at Vietnam midnight, i.e. 17:00 UTC the day before.
    expect(nextRunAt({ frequency: 'DAILY', runTime: '00:00' }, at('2026-11-22T16:59:59Z')).toISOString()).toBe('2026-11-22T17:00:00.000Z');
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
    expect(nextRunAt({ frequency: 'MONTHLY', runTime: '07:00', dayOfMonth: 28 }, at('2027-02-28T00:00:00Z')).toISOString()).toBe('2027-03-28T00:00:00.000Z');
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
    // A daily run just after midnight on New Year's Day reports on the 31st.
    expect(periodOf({ frequency: 'DAILY', runTime: '00:00' }, at('2025-12-31T17:00:00Z'))).toEqual({ fromDate: '2025-12-31', toDate: '2025-12-31' });
  });
});

describe('DD/MM/YYYY and date pickers', () => {
  it('shows and reads a day key as DD/MM/YYYY', () => {
    expect(formatDay('2024-03-02')).toBe('02/03/2024');
    expect(formatDay('2024-02-30')).toBe('-');
    expect(formatDay(null)).toBe('-');
    expect(parseDay('02/03/2024')).toBe('2024-03-02');
    expect(parseDay(' 29/02/2024 ')).toBe('2024-02-29');
    for (const bad of ['29/02/2025', '2/3/2024', '2024-03-02', '32/01/2024', '']) expect(parseDay(bad)).toBeNull();
  });

  it('hands a picker the day by its calendar fields, whatever the browser zone', () => {
    const picked = pickerDateOf('2024-03-10'); // a daylight-saving change day in Los Angeles
    expect([picked.getFullYear(), picked.getMonth(), picked.getDate()]).toEqual([2024, 2, 10]);
    expect(dayKeyOfPicker(picked)).toBe('2024-03-10');
    expect(dayKeyOfPicker(pickerDateOf('2025-12-31'))).toBe('2025-12-31');
    expect(dayKeyOfPicker(null)).toBeNull();
    expect(dayKeyOfPicker(new Date('x'))).toBeNull();
  });
});

describe('toDate', () => {
  it('reads a date without a time as that day in Vietnam, and refuses overflowing parts', () => {
    expect(toDate('2024-12-31')?.toISOString()).toBe('2024-12-30T17:00:00.000Z');
    expect(toDate('2024-03-02T01:30:05')?.toISOString()).toBe('2024-03-01T18:30:05.000Z');
    expect(toDate('2024-02-30')).toBeNull();
    expect(toDate('2024-03-02T25:00')).toBeNull();
    expect(toDate('02/03/2024')).toBeNull();
  });
});

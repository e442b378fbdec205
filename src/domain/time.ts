/**
 * Vietnam time (Asia/Ho_Chi_Minh): the one module for it, shared by the portal and the server.
 *
 * - Day keys: a calendar day in Vietnam written 'yyyy-MM-dd' (what filters, periods and campaign dates
 *   carry), the instants that bound them, and day arithmetic.
 * - The report date presets (§9: 'last 90 days' = today and the 89 days before it).
 * - Report schedules: the next run and the period a run covers.
 * - DD/MM/YYYY (§9) for day keys, and the bridge to date pickers, which work in the browser's zone.
 *
 * Instants are converted with @date-fns/tz, so nothing depends on the runtime's own zone.
 */
import { TZDate, tz } from '@date-fns/tz';
import { addMonths, endOfMonth, format, getISODay, startOfISOWeek, startOfMonth, subMonths } from 'date-fns';

export const VN_TIME_ZONE = 'Asia/Ho_Chi_Minh';
/** date-fns context for Vietnam: `format(date, pattern, { in: inVietnam })`. */
export const inVietnam = tz(VN_TIME_ZONE);

/**
 * UTC+7. Việt Nam has had neither daylight saving nor an offset change since 1975 (a unit test checks
 * this against the zone database), so per-row hot paths of exports may shift by it instead of asking
 * the zone database for every cell.
 */
export const VN_UTC_OFFSET_MINUTES = 7 * 60;

/** A calendar day in Vietnam, 'yyyy-MM-dd'. */
export type DayKey = string;

export interface DayRange {
  /** First day. */
  from: DayKey;
  /** Last day, inclusive. */
  to: DayKey;
}

/** Longest range one report query may cover: a year and a day (a leap year's whole year). */
export const MAX_RANGE_DAYS = 366;

// ---------------------------------------------------------------------------------------------
// Instants
// ---------------------------------------------------------------------------------------------

export type DateInput = Date | string | number | null | undefined;

const LOCAL_ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/**
 * Accepts a Date, epoch milliseconds, or an ISO 8601 string. An ISO string without an offset is a
 * wall-clock time in Vietnam (a date alone is that day's midnight there): reading it in the runtime's
 * zone would move the day for a user abroad.
 */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const local = LOCAL_ISO.exec(text);
  if (local) {
    const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = local;
    const month = Number(mo) - 1;
    const date = new TZDate(Number(y), month, Number(d), Number(h), Number(mi), Number(s), Number(ms.padEnd(3, '0')), VN_TIME_ZONE);
    // Reject overflowing parts ('2024-02-30', '25:00') instead of silently rolling them over.
    if (date.getFullYear() !== Number(y) || date.getMonth() !== month || date.getDate() !== Number(d) || date.getHours() !== Number(h) || date.getMinutes() !== Number(mi)) {
      return null;
    }
    return new Date(date.getTime());
  }
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The instant of a Vietnam wall-clock time on a day. */
export function vietnamTime(day: DayKey, hours: number, minutes = 0): Date {
  const [y, m, d] = splitDay(day);
  return new Date(new TZDate(y, m - 1, d, hours, minutes, VN_TIME_ZONE).getTime());
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * DD/MM/YYYY HH:mm:ss in Vietnam by the fixed UTC+7 shift: the same text as formatting in the zone
 * (a unit test compares them), cheap enough to call once per exported row.
 */
export function formatVietnamDateTime(date: Date): string {
  const d = new Date(date.getTime() + VN_UTC_OFFSET_MINUTES * 60_000);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

// ---------------------------------------------------------------------------------------------
// Day keys
// ---------------------------------------------------------------------------------------------

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

function splitDay(day: DayKey): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y, m, d];
}

/** 00:00 in Vietnam of a day, in the zone (so date-fns arithmetic on it stays in Vietnam). */
function midnight(day: DayKey): TZDate {
  const [y, m, d] = splitDay(day);
  return new TZDate(y, m - 1, d, VN_TIME_ZONE);
}

const keyOf = (date: Date): DayKey => format(date, 'yyyy-MM-dd', { in: inVietnam });

const DAY_MS = 86_400_000;

/**
 * The day's number on a plain calendar (days since 1970-01-01). Calendar days and their arithmetic do
 * not depend on any zone: UTC dates do it without asking the zone database (these run in every report
 * request's validation).
 */
const dayNumber = (day: DayKey): number => {
  const [y, m, d] = splitDay(day);
  return Date.UTC(y, m - 1, d) / DAY_MS;
};

const calendarDay = (n: number): DayKey => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** True for a real calendar day written yyyy-MM-dd ('2025-02-29' and '2025-1-01' are not). */
export function isDayKey(value: unknown): value is DayKey {
  if (typeof value !== 'string') return false;
  const match = DAY_KEY.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The Vietnam day an instant falls on; null for an empty or invalid input. */
export function dayKeyOf(value: Date | number): DayKey;
export function dayKeyOf(value: DateInput): DayKey | null;
export function dayKeyOf(value: DateInput): DayKey | null {
  const date = toDate(value);
  return date ? keyOf(date) : null;
}

/** Today in Vietnam. */
export function vietnamToday(now: Date = new Date()): DayKey {
  return keyOf(now);
}

export function addDays(day: DayKey, days: number): DayKey {
  return calendarDay(dayNumber(day) + days);
}

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function dayCount(from: DayKey, to: DayKey): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: DayKey): number {
  return getISODay(midnight(day));
}

/** The instant 00:00 in Vietnam of a day. */
export function dayStart(day: DayKey): Date {
  return new Date(midnight(day).getTime());
}

/** [start, end): 00:00 of the first day and 00:00 of the day after the last, in Vietnam. */
export function dayBounds({ from, to }: DayRange): { start: Date; end: Date } {
  return { start: dayStart(from), end: dayStart(addDays(to, 1)) };
}

// ---------------------------------------------------------------------------------------------
// Presets
// ---------------------------------------------------------------------------------------------

/** Every preset this module can compute. */
export const RANGE_PRESETS = ['today', 'yesterday', 'thisWeek', 'last7Days', 'last30Days', 'thisMonth', 'lastMonth', 'last90Days'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** The presets the report date filters offer, in their order, and 'custom' for any other range. */
export const DATE_PRESETS = ['today', 'yesterday', 'last7Days', 'thisMonth', 'lastMonth', 'last90Days', 'custom'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/**
 * The days of a preset relative to `today` (a Vietnam day). A range ending today ends with today, so a
 * report asked twice in a day covers the same days; 'this week' starts on Monday; 'this month' runs
 * from the 1st to today (no future days).
 */
export function presetRange(preset: RangePreset, today: DayKey): DayRange {
  const back = (days: number): DayRange => ({ from: addDays(today, -days), to: today });
  switch (preset) {
    case 'today':
      return back(0);
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'thisWeek':
      return { from: keyOf(startOfISOWeek(midnight(today))), to: today };
    case 'last7Days':
      return back(6);
    case 'last30Days':
      return back(29);
    case 'thisMonth':
      return { from: keyOf(startOfMonth(midnight(today))), to: today };
    case 'lastMonth': {
      const previous = subMonths(midnight(today), 1);
      return { from: keyOf(startOfMonth(previous)), to: keyOf(endOfMonth(previous)) };
    }
    case 'last90Days':
      // §9: 'last 90 days' is today and the 89 days before it.
      return back(89);
  }
}

/** The offered preset a range equals (to show the chosen one), else 'custom'. */
export function presetOf(range: DayRange, today: DayKey): DatePreset {
  for (const preset of DATE_PRESETS) {
    if (preset === 'custom') continue;
    const r = presetRange(preset, today);
    if (r.from === range.from && r.to === range.to) return preset;
  }
  return 'custom';
}

// ---------------------------------------------------------------------------------------------
// Report schedules: Vietnam wall clock
// ---------------------------------------------------------------------------------------------

export interface RunSchedule {
  frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  /** 'HH:mm' in Vietnam. */
  runTime: string;
  /** 1 = Monday … 7 = Sunday (weekly). */
  dayOfWeek?: number | null;
  /** 1 … 28 (monthly). */
  dayOfMonth?: number | null;
}

/** The first run strictly after `after`. */
export function nextRunAt(schedule: RunSchedule, after: Date): Date {
  const [hours, minutes] = schedule.runTime.split(':').map(Number);
  const today = keyOf(after);
  if (schedule.frequency === 'MONTHLY') {
    for (let i = 0; i < 3; i++) {
      const month = addMonths(midnight(today), i);
      const candidate = vietnamTime(keyOf(month).slice(0, 8) + pad(schedule.dayOfMonth ?? 1), hours, minutes);
      if (candidate > after) return candidate;
    }
  }
  for (let i = 0; i < 8; i++) {
    const day = addDays(today, i);
    if (schedule.frequency === 'WEEKLY' && isoWeekday(day) !== (schedule.dayOfWeek ?? 1)) continue;
    const candidate = vietnamTime(day, hours, minutes);
    if (candidate > after) return candidate;
  }
  /* c8 ignore next */
  throw new Error('unreachable: a schedule always runs within a week or a month');
}

/**
 * The whole Vietnam days a run at `runAt` reports on: daily, the day before; weekly, the 7 days
 * before the run day; monthly, the previous calendar month.
 */
export function periodOf(schedule: RunSchedule, runAt: Date): { fromDate: DayKey; toDate: DayKey } {
  const runDay = keyOf(runAt);
  const range =
    schedule.frequency === 'DAILY'
      ? presetRange('yesterday', runDay)
      : schedule.frequency === 'WEEKLY'
        ? { from: addDays(runDay, -7), to: addDays(runDay, -1) }
        : presetRange('lastMonth', runDay);
  return { fromDate: range.from, toDate: range.to };
}

// ---------------------------------------------------------------------------------------------
// DD/MM/YYYY (§9) and date pickers
// ---------------------------------------------------------------------------------------------

/** '2024-03-02' → '02/03/2024'; '-' (the empty date of §9) for anything that is not a day key. */
export function formatDay(day: DayKey | null | undefined): string {
  if (!isDayKey(day)) return '-';
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

const DISPLAY_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** '02/03/2024' → '2024-03-02'; null unless it is DD/MM/YYYY of a real day. */
export function parseDay(text: string): DayKey | null {
  const match = DISPLAY_DAY.exec(text.trim());
  if (!match) return null;
  const day = `${match[3]}-${match[2]}-${match[1]}`;
  return isDayKey(day) ? day : null;
}

/**
 * A day key as the local-midnight Date a date picker works with (pickers use the browser's zone,
 * whatever it is, so the day travels by its calendar fields, not as an instant).
 */
export function pickerDateOf(day: DayKey): Date {
  const [y, m, d] = splitDay(day);
  const date = new Date(y, m - 1, d);
  date.setFullYear(y);
  return date;
}

/** The day a date picker's value shows; null when it is empty or invalid. */
export function dayKeyOfPicker(date: Date | null | undefined): DayKey | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  const day = `${String(date.getFullYear()).padStart(4, '0')}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return isDayKey(day) ? day : null;
}

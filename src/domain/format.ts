/**
 * Display formatting of spec §5 and §9: numbers, money, short amounts, amounts in words, identifiers,
 * dates in Asia/Ho_Chi_Minh, and the report date-range presets. Pure functions, shared with the server.
 *
 * Numbers are handled as decimal digit strings (and bigint for money), never through floating-point
 * arithmetic, so 1.005 rounds to 1.01, and amounts beyond 2^53 đồng keep every digit.
 */
import { format as formatWithPattern, startOfDay, endOfDay, subDays, startOfMonth, endOfMonth, subMonths } from 'date-fns';
import { TZDate, tz } from '@date-fns/tz';
import { vi as viLocale } from 'date-fns/locale/vi';
import { enUS as enLocale } from 'date-fns/locale/en-US';
import type { Locale } from 'date-fns';

export type FormatLanguage = 'vi' | 'en';

/** Separators: vi groups with '.' and writes decimals with ','; en the other way round. */
export const NUMBER_SEPARATORS: Record<FormatLanguage, { group: string; decimal: string }> = {
  vi: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

export const CURRENCY_SYMBOL = 'đ';

export type NumericInput = number | bigint | string | null | undefined;

/** A decimal as digit strings: `int` without leading zeros ('0' at least), `frac` possibly ''. */
interface Decimal {
  negative: boolean;
  int: string;
  frac: string;
}

const DECIMAL_STRING = /^([+-])?(\d+\.?\d*|\.\d+)(?:e([+-]?\d+))?$/i;

/** Parses what the API and forms give us; anything else (NaN, '1,234', 'abc', objects) is null. */
function toDecimal(value: unknown): Decimal | null {
  if (typeof value === 'bigint') {
    const negative = value < 0n;
    return normalise({ negative, int: (negative ? -value : value).toString(), frac: '' });
  }
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() gives the shortest text that round-trips, i.e. the number the author meant.
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = DECIMAL_STRING.exec(text);
  if (!match) return null;
  const [, sign, body, exponent] = match;
  const [intPart, fracPart = ''] = body.split('.');
  let digits = intPart + fracPart;
  let point = intPart.length + Number(exponent ?? 0);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  } else if (point > digits.length) {
    digits = digits + '0'.repeat(point - digits.length);
  }
  return normalise({ negative: sign === '-', int: digits.slice(0, point), frac: digits.slice(point) });
}

function normalise(d: Decimal): Decimal {
  const int = d.int.replace(/^0+/, '') || '0';
  const frac = d.frac.replace(/0+$/, '');
  const isZero = int === '0' && frac === '';
  return { negative: d.negative && !isZero, int, frac };
}

/** Adds one to a digit string ('999' → '1000'). */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== '9') {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
    chars[i] = '0';
  }
  return '1' + chars.join('');
}

/** Rounds half away from zero to `places` decimals; `frac` of the result has exactly `places` digits. */
function roundDecimal(d: Decimal, places: number): Decimal {
  const padded = d.frac.padEnd(places + 1, '0');
  let kept = d.int + padded.slice(0, places);
  if (padded[places] >= '5') kept = incrementDigits(kept);
  const int = kept.slice(0, kept.length - places) || '0';
  const frac = kept.slice(kept.length - places);
  const isZero = /^0*$/.test(int) && /^0*$/.test(frac);
  return { negative: d.negative && !isZero, int: int.replace(/^0+(?=\d)/, ''), frac };
}

function groupDigits(int: string, separator: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

function sign(d: Decimal): string {
  return d.negative ? '-' : '';
}

/**
 * Number display (§5): non-numeric → '0'; a whole number is grouped by thousands; a number with a
 * fraction shows exactly two decimals (rounded half away from zero). 1234567.891 → '1.234.567,89' (vi).
 */
export function formatNumber(value: NumericInput, lng: FormatLanguage = 'vi'): string {
  const d = toDecimal(value);
  if (!d) return '0';
  const { group, decimal } = NUMBER_SEPARATORS[lng];
  if (d.frac === '') return sign(d) + groupDigits(d.int, group);
  const r = roundDecimal(d, 2);
  return sign(r) + groupDigits(r.int, group) + decimal + r.frac;
}

/** Whole đồng (VND has no minor unit); a fraction from a bad source is rounded half away from zero. */
function toWholeDong(value: NumericInput): Decimal {
  const d = toDecimal(value);
  if (!d) return { negative: false, int: '0', frac: '' };
  return d.frac === '' ? d : roundDecimal(d, 0);
}

/** Money (§5): integer đồng with the currency sign, e.g. 1234567 → '1.234.567 đ' (vi), '1,234,567 đ' (en). */
export function formatMoney(amount: NumericInput, lng: FormatLanguage = 'vi'): string {
  const d = toWholeDong(amount);
  return `${sign(d)}${groupDigits(d.int, NUMBER_SEPARATORS[lng].group)} ${CURRENCY_SYMBOL}`;
}

/**
 * Short amounts (§5) for charts and tiles: below 1,000 as formatNumber; thousands with 'K'; millions
 * (and above) with 'M'. Up to two decimals, truncated rather than rounded, so a short amount never
 * shows more money than there is: 999999 → '999,99K', 1250000 → '1,25M', 2500000000 → '2.500M'.
 */
export function shortAmount(value: NumericInput, lng: FormatLanguage = 'vi'): string {
  const d = toDecimal(value);
  if (!d) return '0';
  const whole = BigInt(d.int);
  if (whole < 1000n) return formatNumber(value, lng);
  const [unit, suffix] = whole < 1_000_000n ? [1000n, 'K'] : [1_000_000n, 'M'];
  const { group, decimal } = NUMBER_SEPARATORS[lng];
  const hundredths = ((whole % unit) * 100n) / unit;
  const decimals = hundredths.toString().padStart(2, '0').replace(/0+$/, '');
  return `${sign(d)}${groupDigits((whole / unit).toString(), group)}${decimals ? decimal + decimals : ''}${suffix}`;
}

const WORD_UNITS: Record<FormatLanguage, { billion: string; million: string; thousand: string }> = {
  vi: { billion: 'Tỷ', million: 'Triệu', thousand: 'Nghìn' },
  en: { billion: 'Billion', million: 'Million', thousand: 'Thousand' },
};

/**
 * Amount in words (§5) in the short style of Vietnamese invoices: each non-zero group of three digits
 * followed by its unit, zero groups left out: 1500000 → '1 Triệu 500 Nghìn', 1234567890 →
 * '1 Tỷ 234 Triệu 567 Nghìn 890', 2000000005 → '2 Tỷ 5'. Above 999 Tỷ the count of Tỷ is grouped:
 * 1500000000000 → '1.500 Tỷ'. The caller adds the currency word if it wants one.
 */
export function amountInWords(amount: NumericInput, lng: FormatLanguage = 'vi'): string {
  const d = toWholeDong(amount);
  const n = BigInt(d.int);
  if (n === 0n) return '0';
  const units = WORD_UNITS[lng];
  const billions = n / 1_000_000_000n;
  const millions = (n / 1_000_000n) % 1000n;
  const thousands = (n / 1000n) % 1000n;
  const rest = n % 1000n;
  const parts: string[] = [];
  if (billions > 0n) parts.push(`${groupDigits(billions.toString(), NUMBER_SEPARATORS[lng].group)} ${units.billion}`);
  if (millions > 0n) parts.push(`${millions} ${units.million}`);
  if (thousands > 0n) parts.push(`${thousands} ${units.thousand}`);
  if (rest > 0n) parts.push(rest.toString());
  return sign(d) + parts.join(' ');
}

/**
 * Accent-free lowercase identifier (§5): diacritics removed (đ → d), every run of other characters
 * becomes one underscore, none at the ends. 'Cửa hàng Đồng Khởi #1' → 'cua_hang_dong_khoi_1'.
 */
export function toIdentifier(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

// ---------------------------------------------------------------------------------------------
// Dates (§9), always in Vietnam time whatever the runtime's zone
// ---------------------------------------------------------------------------------------------

export const VN_TIME_ZONE = 'Asia/Ho_Chi_Minh';
const inVietnam = tz(VN_TIME_ZONE);

export const DATE_FORMAT = 'dd/MM/yyyy';
export const MONTH_FORMAT = 'MM/yyyy';
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';
export const DATE_TIME_SECONDS_FORMAT = 'dd/MM/yyyy HH:mm:ss';
/** What an empty or invalid date shows (§9). */
export const EMPTY_DATE = '-';

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

/** The date-fns locale for month and day names. */
export function dateLocale(lng: FormatLanguage = 'vi'): Locale {
  return lng === 'en' ? enLocale : viLocale;
}

/** Formats in Vietnam time with any date-fns pattern; '-' for an empty or invalid date. */
export function formatInVietnam(value: DateInput, pattern: string, lng: FormatLanguage = 'vi'): string {
  const date = toDate(value);
  if (!date) return EMPTY_DATE;
  return formatWithPattern(date, pattern, { in: inVietnam, locale: dateLocale(lng) });
}

/** DD/MM/YYYY */
export const formatDate = (value: DateInput): string => formatInVietnam(value, DATE_FORMAT);
/** MM/YYYY */
export const formatMonth = (value: DateInput): string => formatInVietnam(value, MONTH_FORMAT);
/** DD/MM/YYYY HH:mm */
export const formatDateTime = (value: DateInput): string => formatInVietnam(value, DATE_TIME_FORMAT);
/** DD/MM/YYYY HH:mm:ss */
export const formatDateTimeSeconds = (value: DateInput): string => formatInVietnam(value, DATE_TIME_SECONDS_FORMAT);

/** Long form with the weekday, e.g. 'Thứ Bảy, 02/03/2024' (vi) / 'Saturday, 02/03/2024' (en). */
export const formatLongDate = (value: DateInput, lng: FormatLanguage = 'vi'): string =>
  formatInVietnam(value, `EEEE, ${DATE_FORMAT}`, lng);

/** 'yyyy-MM-dd' of the day in Vietnam: the calendar day a report filter means. */
export const toVietnamIsoDate = (value: DateInput): string | null => {
  const date = toDate(value);
  return date ? formatWithPattern(date, 'yyyy-MM-dd', { in: inVietnam }) : null;
};

// ---------------------------------------------------------------------------------------------
// Report date ranges: pure functions of `now`, whole days in Vietnam time
// ---------------------------------------------------------------------------------------------

export interface DateRange {
  /** 00:00:00.000 Vietnam time of the first day. */
  from: Date;
  /** 23:59:59.999 Vietnam time of the last day. */
  to: Date;
}

export const DATE_RANGE_PRESETS = ['today', 'yesterday', 'last7Days', 'thisMonth', 'lastMonth', 'last90Days'] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

function range(from: Date, to: Date): DateRange {
  return { from: new Date(startOfDay(from, { in: inVietnam }).getTime()), to: new Date(endOfDay(to, { in: inVietnam }).getTime()) };
}

const vn = (now: Date) => new TZDate(now.getTime(), VN_TIME_ZONE);

/**
 * The presets. A range ending "today" ends at the end of today, not at `now`, so a report asked twice
 * in a day covers the same days. 'This month' runs from the 1st to today (no future days).
 */
export const dateRanges: Record<DateRangePreset, (now: Date) => DateRange> = {
  today: (now) => range(vn(now), vn(now)),
  yesterday: (now) => range(subDays(vn(now), 1), subDays(vn(now), 1)),
  last7Days: (now) => range(subDays(vn(now), 6), vn(now)),
  thisMonth: (now) => range(startOfMonth(vn(now)), vn(now)),
  lastMonth: (now) => range(startOfMonth(subMonths(vn(now), 1)), endOfMonth(subMonths(vn(now), 1))),
  // §9: 'last 90 days' is today and the 89 days before it.
  last90Days: (now) => range(subDays(vn(now), 89), vn(now)),
};

export function dateRange(preset: DateRangePreset, now: Date): DateRange {
  return dateRanges[preset](now);
}

/** [start of the day 89 days before today, end of today], Vietnam time (§9). */
export const last90Days = (now: Date): DateRange => dateRanges.last90Days(now);

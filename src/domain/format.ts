/**
 * Display formatting of spec §5 and §9: numbers, money, short amounts, amounts in words, identifiers,
 * and instants shown in Asia/Ho_Chi_Minh (days, presets and the zone itself live in ./time). Pure
 * functions, shared with the server.
 *
 * Numbers are handled as decimal digit strings (and bigint for money), never through floating-point
 * arithmetic, so 1.005 rounds to 1.01, and amounts beyond 2^53 đồng keep every digit.
 */
import { format as formatWithPattern } from 'date-fns';
import { vi as viLocale } from 'date-fns/locale/vi';
import { enUS as enLocale } from 'date-fns/locale/en-US';
import type { Locale } from 'date-fns';
import { inVietnam, toDate, type DateInput } from './time';

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

/** Units of short amounts as each language writes them: "6,77 tr" and "2,5 tỷ" in Vietnamese, "6.77M" in English. */
const SHORT_UNITS: Record<FormatLanguage, ReadonlyArray<readonly [bigint, string]>> = {
  vi: [
    [1_000_000_000n, ' tỷ'],
    [1_000_000n, ' tr'],
    [1000n, ' nghìn'],
  ],
  en: [
    [1_000_000_000n, 'B'],
    [1_000_000n, 'M'],
    [1000n, 'K'],
  ],
};

/**
 * Short amounts (§5) for charts and tiles: below 1,000 as formatNumber; then thousands, millions and
 * billions in the language's words (vi 'nghìn', 'tr', 'tỷ'; en K, M, B). Up to two decimals, truncated
 * rather than rounded, so a short amount never shows more money than there is: 999999 → '999,99 nghìn',
 * 6770000 → '6,77 tr', 2500000000 → '2,5 tỷ' (en '999.99K', '6.77M', '2.5B').
 */
export function shortAmount(value: NumericInput, lng: FormatLanguage = 'vi'): string {
  const d = toDecimal(value);
  if (!d) return '0';
  const whole = BigInt(d.int);
  if (whole < 1000n) return formatNumber(value, lng);
  const [unit, suffix] = SHORT_UNITS[lng].find(([size]) => whole >= size)!;
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

export const DATE_FORMAT = 'dd/MM/yyyy';
export const MONTH_FORMAT = 'MM/yyyy';
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';
export const DATE_TIME_SECONDS_FORMAT = 'dd/MM/yyyy HH:mm:ss';
/** What an empty or invalid date shows (§9). */
export const EMPTY_DATE = '-';

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

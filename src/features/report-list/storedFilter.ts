import { dayCount, isDayKey, MAX_RANGE_DAYS, presetOf, presetRange, vietnamToday, type DatePreset, type DayRange } from '@/domain/time';
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from '@/domain/api';

/** What a report list keeps per path in the encrypted store (`reportFilter:<path>`, spec §3). */
export interface StoredReportFilter<F> {
  filter: F;
  /** The date preset the range was when stored: a relative one is re-anchored on today when read back. */
  preset: DatePreset;
  perPage: number;
}

/** The names of a list's date range in its filter (the transaction report says from/to, the others fromDate/toDate). */
export interface DateFields {
  from: string;
  to: string;
}

export const rangeOf = (filter: Record<string, unknown>, fields: DateFields): DayRange => ({
  from: String(filter[fields.from] ?? ''),
  to: String(filter[fields.to] ?? ''),
});

/** A relative preset means "relative to today": a filter saved yesterday as 'today' shows today. */
export function reanchor<F extends Record<string, unknown>>(filter: F, preset: DatePreset, fields: DateFields, today = vietnamToday()): F {
  if (preset === 'custom') return filter;
  const range = presetRange(preset, today);
  return { ...filter, [fields.from]: range.from, [fields.to]: range.to };
}

export function toStored<F extends Record<string, unknown>>(filter: F, perPage: number, fields: DateFields, today = vietnamToday()): StoredReportFilter<F> {
  return { filter, preset: presetOf(rangeOf(filter, fields), today), perPage };
}

/**
 * Reads a stored value back: `validate` checks the filter (an older shape or a tampered value is dropped
 * and the defaults are used instead), a relative preset is re-anchored, a page size must be one of §9's.
 */
export function fromStored<F extends Record<string, unknown>>(
  value: unknown,
  validate: (filter: unknown) => F | null,
  fields: DateFields,
  today = vietnamToday(),
): { filter: F; perPage: number } | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Partial<StoredReportFilter<unknown>>;
  const filter = validate(v.filter);
  if (!filter) return null;
  const perPage = PAGE_SIZES.includes(Number(v.perPage)) ? Number(v.perPage) : DEFAULT_PAGE_SIZE;
  return { filter: reanchor(filter, (v.preset ?? 'custom') as DatePreset, fields, today), perPage };
}

/** What is wrong with a range the user picked: the end before the start, or more days than one query may cover. */
export type RangeProblem = 'order' | 'tooLong';

export function rangeProblem(range: DayRange, maxDays = MAX_RANGE_DAYS): RangeProblem | null {
  if (!isDayKey(range.from) || !isDayKey(range.to)) return null;
  const days = dayCount(range.from, range.to);
  if (days < 1) return 'order';
  return days > maxDays ? 'tooLong' : null;
}

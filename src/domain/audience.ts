/**
 * Audiences: which customers a broadcast (customer care) or a marketing campaign reaches, chosen from
 * real customer attributes. One schema for the forms and the API; server/lib/audience turns it into SQL.
 *
 * An empty list means "any" (no filter on that attribute); the filters combine with AND, the values
 * inside one filter with OR (any of the chosen provinces). A customer without a birth year, gender or
 * province matches only when that attribute is not filtered.
 */
import { z } from 'zod';
import { ValidationKeys } from './validation';

/** Age bands by age reached this year (Asia/Ho_Chi_Minh). */
export const AGE_BANDS = ['UNDER_18', 'AGE_18_24', 'AGE_25_34', 'AGE_35_44', 'AGE_45_54', 'AGE_55_PLUS'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** Inclusive age limits of each band (null: open-ended). */
export const AGE_BAND_LIMITS: Record<AgeBand, { min: number | null; max: number | null }> = {
  UNDER_18: { min: null, max: 17 },
  AGE_18_24: { min: 18, max: 24 },
  AGE_25_34: { min: 25, max: 34 },
  AGE_35_44: { min: 35, max: 44 },
  AGE_45_54: { min: 45, max: 54 },
  AGE_55_PLUS: { min: 55, max: null },
};

/** The band of a customer born in `birthYear`, in `year`; null when the birth year is unknown. */
export function ageBandOf(birthYear: number | null | undefined, year: number): AgeBand | null {
  if (birthYear == null) return null;
  const age = year - birthYear;
  return AGE_BANDS.find((band) => {
    const { min, max } = AGE_BAND_LIMITS[band];
    return (min === null || age >= min) && (max === null || age <= max);
  })!;
}

/** Birth years (inclusive) of a band in `year`: the SQL filter on customers.birth_year. */
export function birthYearsOf(band: AgeBand, year: number): { from: number | null; to: number | null } {
  const { min, max } = AGE_BAND_LIMITS[band];
  return { from: max === null ? null : year - max, to: min === null ? null : year - min };
}

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export type Gender = (typeof GENDERS)[number];

/** ANY: everyone; ONLY: only those who do; NONE: only those who do not. */
export const PRESENCE = ['ANY', 'ONLY', 'NONE'] as const;
export type Presence = (typeof PRESENCE)[number];

export const AUDIENCE_LIMITS = { provinces: 34, tags: 50 } as const;

export const audienceSchema = z.strictObject({
  ageBands: z.array(z.enum(AGE_BANDS, ValidationKeys.invalid)).max(AGE_BANDS.length, ValidationKeys.invalid).default([]),
  genders: z.array(z.enum(GENDERS, ValidationKeys.invalid)).max(GENDERS.length, ValidationKeys.invalid).default([]),
  provinces: z.array(z.string(ValidationKeys.invalid).min(1, ValidationKeys.invalid).max(80, ValidationKeys.invalid)).max(AUDIENCE_LIMITS.provinces, ValidationKeys.invalid).default([]),
  /** Tags of the page (page_tags.id); a customer matches with any one of them. */
  tagIds: z.array(z.number(ValidationKeys.invalid).int(ValidationKeys.invalid).positive(ValidationKeys.invalid)).max(AUDIENCE_LIMITS.tags, ValidationKeys.invalid).default([]),
  /** Customers who paid the page's merchant (a successful transaction from their phone). */
  payers: z.enum(PRESENCE, ValidationKeys.invalid).default('ANY'),
  /** Customers who currently follow the page. */
  followers: z.enum(PRESENCE, ValidationKeys.invalid).default('ANY'),
});
export type Audience = z.infer<typeof audienceSchema>;
export type AudienceInput = z.input<typeof audienceSchema>;

export const EMPTY_AUDIENCE: Audience = { ageBands: [], genders: [], provinces: [], tagIds: [], payers: 'ANY', followers: 'ANY' };

/** The answer of an audience estimate. */
export interface AudienceEstimate {
  count: number;
}

/** Tag colours offered by the tag form (stored as given: #rrggbb, lower case). */
export const TAG_COLORS = ['#1565c0', '#2e7d32', '#c62828', '#ef6c00', '#6a1b9a', '#00838f', '#ad1457', '#4e342e', '#37474f', '#9e9d24'] as const;

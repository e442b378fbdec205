import { describe, expect, it } from 'vitest';
import {
  campaignStatus,
  giftsCost,
  makeCampaignCreateSchema,
  redemptionPerMille,
} from '@/domain/promotions';

// 2026-03-10 23:30 in Vietnam = 16:30 UTC.
const NOW = new Date('2026-03-10T16:30:00Z');
const schema = makeCampaignCreateSchema(() => NOW);

const valid = (overrides: Record<string, unknown> = {}) => ({
  name: 'Tri ân',
  startDate: '2026-03-10',
  endDate: '2026-03-31',
  budget: 1_000_000,
  gifts: [{ name: 'Giảm 10.000đ', discountAmount: 10_000, quantity: 100 }],
  ...overrides,
});

const issues = (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

// Vietnam days (today, day start, day count, real days) are tested in tests/unit/domain/time.test.ts.

describe('campaignStatus', () => {
  const campaign = { startAt: '2026-03-01T17:00:00Z', endAt: '2026-03-11T17:00:00Z' };
  it.each([
    ['2026-03-01T16:59:59Z', 'UPCOMING'],
    ['2026-03-01T17:00:00Z', 'RUNNING'],
    ['2026-03-11T16:59:59Z', 'RUNNING'],
    ['2026-03-11T17:00:00Z', 'ENDED'],
  ])('at %s is %s', (now, status) => {
    expect(campaignStatus(campaign, new Date(now))).toBe(status);
  });
  it('is CANCELLED whatever the dates once cancelled', () => {
    expect(campaignStatus({ ...campaign, cancelledAt: '2026-02-01T00:00:00Z' }, new Date('2026-03-05T00:00:00Z'))).toBe('CANCELLED');
  });
});

describe('campaign create schema', () => {
  it('accepts a campaign starting today (Vietnam) whose budget covers every voucher', () => {
    expect(issues(valid())).toEqual([]);
    expect(issues(valid({ budget: 1_000_000, gifts: [{ name: 'A', discountAmount: 10_000, quantity: 100 }] }))).toEqual([]);
  });

  it('refuses a start before today, an end before the start and a campaign over 366 days', () => {
    expect(issues(valid({ startDate: '2026-03-09' }))).toEqual([['startDate', 'validation.campaign.startInPast']]);
    expect(issues(valid({ startDate: '2026-03-20', endDate: '2026-03-19' }))).toEqual([['endDate', 'validation.campaign.endBeforeStart']]);
    expect(issues(valid({ endDate: '2027-03-11' }))).toEqual([['endDate', 'validation.campaign.tooLong']]);
    expect(issues(valid({ endDate: '2027-03-10' }))).toEqual([]);
    expect(issues(valid({ startDate: '2026-02-30' }))).toEqual([['startDate', 'validation.invalid']]);
  });

  it('refuses a budget short of the gifts’ full cost, fractions of a đồng and out-of-range amounts', () => {
    expect(issues(valid({ budget: 999_999 }))).toEqual([['budget', 'validation.campaign.overBudget']]);
    expect(issues(valid({ budget: 1_000_000.5 }))).toEqual([['budget', 'validation.campaign.wholeDong']]);
    expect(issues(valid({ budget: 99_999, gifts: [{ name: 'A', discountAmount: 1_000, quantity: 1 }] }))).toEqual([
      ['budget', 'validation.campaign.amountRange'],
    ]);
    expect(issues(valid({ budget: '1000000' }))).toEqual([['budget', 'validation.invalid']]);
    expect(issues(valid({ budget: undefined }))).toEqual([['budget', 'validation.required']]);
  });

  it('checks each gift: discount range, not above the minimum order, a positive quantity', () => {
    expect(issues(valid({ gifts: [] }))).toEqual([['gifts', 'validation.required']]);
    expect(issues(valid({ gifts: [{ name: 'A', discountAmount: 999, quantity: 1 }] }))).toEqual([
      ['gifts.0.discountAmount', 'validation.campaign.amountRange'],
    ]);
    expect(issues(valid({ gifts: [{ name: 'A', discountAmount: 20_000, minOrderAmount: 10_000, quantity: 1 }] }))).toEqual([
      ['gifts.0.discountAmount', 'validation.campaign.discountAboveOrder'],
    ]);
    expect(issues(valid({ gifts: [{ name: 'A', discountAmount: 2_000, quantity: 0 }] }))).toEqual([['gifts.0.quantity', 'validation.invalid']]);
  });

  it('adds costs and rates with integers only', () => {
    expect(giftsCost([{ discountAmount: 20_000, quantity: 200 }, { discountAmount: 50_000, quantity: 100 }])).toBe(9_000_000);
    expect(redemptionPerMille({ issuedCount: 3, redeemedCount: 1 })).toBe(333);
    expect(redemptionPerMille({ issuedCount: 0, redeemedCount: 0 })).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_AUDIENCE } from '@/domain/audience';
import {
  ACTORS,
  allowedActions,
  CAMPAIGN_ACTIONS,
  CAMPAIGN_STATUSES,
  campaignInputSchema,
  costPerResult,
  isoToVietnamLocal,
  nextStatus,
  parseCampaignSource,
  reserveAmountOf,
  scheduleDays,
  vietnamLocalToIso,
  type Actor,
  type CampaignAction,
  type CampaignStatus,
} from '@/domain/marketingCampaigns';

/** The flow of issue 17 written out move by move: everything else must be refused. */
const ALLOWED: Array<[CampaignStatus, CampaignAction, Actor, CampaignStatus]> = [
  ['DRAFT', 'SUBMIT', 'MERCHANT', 'IN_REVIEW'],
  ['REJECTED', 'SUBMIT', 'MERCHANT', 'IN_REVIEW'],
  ['IN_REVIEW', 'APPROVE', 'OPERATOR', 'SCHEDULED'],
  ['IN_REVIEW', 'REJECT', 'OPERATOR', 'REJECTED'],
  ['SCHEDULED', 'START', 'SYSTEM', 'RUNNING'],
  ['RUNNING', 'PAUSE', 'MERCHANT', 'PAUSED'],
  ['PAUSED', 'RESUME', 'MERCHANT', 'RUNNING'],
  ['SCHEDULED', 'END', 'MERCHANT', 'ENDED'],
  ['RUNNING', 'END', 'MERCHANT', 'ENDED'],
  ['PAUSED', 'END', 'MERCHANT', 'ENDED'],
  ['SCHEDULED', 'END', 'SYSTEM', 'ENDED'],
  ['RUNNING', 'END', 'SYSTEM', 'ENDED'],
  ['PAUSED', 'END', 'SYSTEM', 'ENDED'],
];

describe('campaign transition table', () => {
  it('allows exactly the moves of the flow, by the right actor', () => {
    for (const status of CAMPAIGN_STATUSES) {
      for (const action of CAMPAIGN_ACTIONS) {
        for (const actor of ACTORS) {
          const expected = ALLOWED.find(([s, a, who]) => s === status && a === action && who === actor)?.[3] ?? null;
          expect(nextStatus(status, action, actor), `${actor} ${action} from ${status}`).toBe(expected);
        }
      }
    }
  });

  it('lists the actions each actor has in each status', () => {
    expect(allowedActions('DRAFT', 'MERCHANT')).toEqual(['SUBMIT']);
    expect(allowedActions('IN_REVIEW', 'MERCHANT')).toEqual([]);
    expect(allowedActions('IN_REVIEW', 'OPERATOR')).toEqual(['APPROVE', 'REJECT']);
    expect(allowedActions('RUNNING', 'MERCHANT')).toEqual(['PAUSE', 'END']);
    expect(allowedActions('PAUSED', 'MERCHANT')).toEqual(['RESUME', 'END']);
    expect(allowedActions('ENDED', 'MERCHANT')).toEqual([]);
    expect(allowedActions('ENDED', 'SYSTEM')).toEqual([]);
  });
});

describe('campaign money and schedule', () => {
  const at = (iso: string) => new Date(iso);
  it('counts the Vietnam days a schedule touches', () => {
    expect(scheduleDays(at('2026-11-28T08:00:00+07:00'), at('2026-11-28T20:00:00+07:00'))).toBe(1);
    expect(scheduleDays(at('2026-11-28T08:00:00+07:00'), at('2026-11-30T00:00:00+07:00'))).toBe(2);
    expect(scheduleDays(at('2026-11-28T23:00:00+07:00'), at('2026-11-29T01:00:00+07:00'))).toBe(2);
  });

  it('reserves the total, or the daily budget times the days', () => {
    const start = at('2026-11-28T08:00:00+07:00');
    const end = at('2026-12-01T08:00:00+07:00');
    expect(reserveAmountOf('TOTAL', 500_000, start, end)).toBe(500_000);
    expect(reserveAmountOf('DAILY', 50_000, start, end)).toBe(200_000);
  });

  it('computes the cost per result of each objective', () => {
    const f = { spend: 100_000, impressions: 4000, follows: 20, payments: 4 };
    expect(costPerResult('FOLLOWERS', f)).toBe(5000);
    expect(costPerResult('SALES', f)).toBe(25_000);
    expect(costPerResult('REACH', f)).toBe(25_000);
    expect(costPerResult('SALES', { ...f, payments: 0 })).toBeNull();
  });

  it('reads the from query', () => {
    expect(parseCampaignSource('template:12')).toEqual({ kind: 'template', id: 12 });
    expect(parseCampaignSource('campaign:7')).toEqual({ kind: 'campaign', id: 7 });
    for (const bad of ['', 'template:', 'template:0', 'post:1', 'campaign:12abc', 'campaign:99999999999', null]) expect(parseCampaignSource(bad)).toBeNull();
  });

  it('converts Vietnam datetime-local values and instants both ways', () => {
    expect(vietnamLocalToIso('2026-11-28T08:30')).toBe('2026-11-28T01:30:00.000Z');
    expect(isoToVietnamLocal('2026-11-28T01:30:00.000Z')).toBe('2026-11-28T08:30');
    expect(vietnamLocalToIso('28/11/2026')).toBeNull();
  });

  it('validates budgets, schedules and the payment link of a CTA', () => {
    const base = {
      name: 'A',
      objective: 'REACH',
      audience: EMPTY_AUDIENCE,
      startsAt: '2026-11-28T01:00:00.000Z',
      endsAt: '2026-11-29T01:00:00.000Z',
      budgetKind: 'DAILY',
      budgetAmount: '50.000',
      text: 'Chào ${name}',
      cta: 'OPEN_PAGE',
    };
    expect(campaignInputSchema.parse(base).budgetAmount).toBe(50_000);
    const messages = (over: object) => campaignInputSchema.safeParse({ ...base, ...over }).error?.issues.map((i) => i.message);
    expect(messages({ budgetAmount: 49_000 })).toEqual(['validation.marketingCampaign.budgetMinDaily']);
    expect(messages({ budgetKind: 'TOTAL', budgetAmount: 150_000 })).toEqual(['validation.marketingCampaign.budgetMinTotal']);
    expect(messages({ endsAt: base.startsAt })).toEqual(['validation.marketingCampaign.schedule']);
    expect(messages({ endsAt: '2027-03-01T01:00:00.000Z' })).toEqual(['validation.marketingCampaign.scheduleTooLong']);
    expect(messages({ cta: 'OPEN_PAYMENT_LINK' })).toEqual(['validation.marketingCampaign.paymentLink']);
    expect(messages({ text: 'Chào ${ten}' })).toEqual(['validation.templateUnknownPlaceholder']);
  });
});

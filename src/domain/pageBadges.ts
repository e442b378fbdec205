/**
 * Customer badges of a business page (spec §2 business-page/{id}/badge-gamification): the rule kinds,
 * their limits, who may read and write them, and the zod schema shared by the badge form and the API.
 */
import { z } from 'zod';
import type { PageRole } from './businessPages';
import { requiredString, ValidationKeys } from './validation';

/** PAYMENTS: at least `minPayments` payments at the page's merchant within `windowDays`; FIRST_REVIEW: the customer reviewed the page. */
export const BADGE_KINDS = ['PAYMENTS', 'FIRST_REVIEW'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

export const BADGE_LIMITS = {
  nameMaxLength: 60,
  minPayments: { min: 1, max: 1000 },
  windowDays: { min: 1, max: 365 },
  /** Badge rules per page (a page with more has stopped being a reward). */
  maxRulesPerPage: 20,
} as const;

/** Page roles (docs/decisions.md): page admins manage badges; analysts read them (they feed the page reports). */
export const BADGE_READERS: readonly PageRole[] = ['PAGE_ADMIN', 'ANALYST'];
export const BADGE_WRITERS: readonly PageRole[] = ['PAGE_ADMIN'];

const count = (limits: { min: number; max: number }, message: string) =>
  z.number(message).int(message).min(limits.min, message).max(limits.max, message);

/** Create and edit a badge rule. The thresholds belong to PAYMENTS rules only (ignored for FIRST_REVIEW). */
export const badgeRuleSchema = z
  .strictObject({
    name: requiredString.max(BADGE_LIMITS.nameMaxLength, 'validation.badges.nameLength'),
    kind: z.enum(BADGE_KINDS, ValidationKeys.required),
    minPayments: count(BADGE_LIMITS.minPayments, 'validation.badges.minPayments').nullable().optional(),
    windowDays: count(BADGE_LIMITS.windowDays, 'validation.badges.windowDays').nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'PAYMENTS') return;
    if (v.minPayments == null) ctx.addIssue({ code: 'custom', path: ['minPayments'], message: ValidationKeys.required });
    if (v.windowDays == null) ctx.addIssue({ code: 'custom', path: ['windowDays'], message: ValidationKeys.required });
  });
export type BadgeRuleInput = z.infer<typeof badgeRuleSchema>;

export const badgeStatusSchema = z.strictObject({ active: z.boolean(ValidationKeys.required) });

/** A badge rule as the API answers it. */
export interface BadgeRule {
  id: number;
  pageId: number;
  name: string;
  kind: BadgeKind;
  minPayments: number | null;
  windowDays: number | null;
  active: boolean;
  /** Customers holding the badge. */
  awarded: number;
  createdAt: string;
  updatedAt: string;
}

/** A customer holding a badge (names masked as on the public page). */
export interface BadgeHolder {
  customerName: string;
  source: 'PAYMENT' | 'REVIEW';
  awardedAt: string;
}

/**
 * Marketing campaigns (issue 17; spec §2 marketing-management/{id}, {id}/campaign/create, {id}/campaign/{campaignId},
 * {id}/marketing-template). Money is bigint đồng; the money itself moves in the budget ledger
 * (server/db/schema/marketing-budget.ts, server/lib/marketing/ledger.ts) inside the same transactions.
 *
 * - `marketing_campaigns`: one campaign of one page. Status flow (src/domain/marketingCampaigns.ts
 *   CAMPAIGN_TRANSITIONS) DRAFT → IN_REVIEW → REJECTED | SCHEDULED → RUNNING ↔ PAUSED → ENDED; every
 *   move is one conditional UPDATE on (id, status) that also bumps `version`. `reserved` is what the
 *   approval took from the balance (TOTAL: the amount; DAILY: daily × days of the schedule), `spent` what
 *   delivery debited, `released` what ending returned: spent + released <= reserved at all times.
 * - `marketing_campaign_events`: the audit of every create, edit and transition (who, from, to, reason).
 * - `marketing_campaign_delivery`: the simulated delivery of one campaign on one Asia/Ho_Chi_Minh day;
 *   its spend is the sum of that day's DEBIT movements of the campaign.
 * - `marketing_templates`: reusable creatives of a page.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, users } from './core';
import { businessPages } from './business-pages';
import { paymentLinks } from './payment-links';

const tz = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' });

export const marketingTemplates = pgTable(
  'marketing_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Customer text with §5 placeholders (${name}, ${page}). */
    text: text('text').notNull(),
    /** A page_media storage name of the page (null: no image). */
    imageName: text('image_name'),
    /** OPEN_PAGE | OPEN_PAYMENT_LINK | FOLLOW */
    cta: text('cta').notNull(),
    paymentLinkId: integer('payment_link_id').references(() => paymentLinks.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('marketing_templates_page_idx').on(t.merchantId, t.pageId, t.id.desc()),
    check('marketing_templates_cta_ck', sql`${t.cta} in ('OPEN_PAGE', 'OPEN_PAYMENT_LINK', 'FOLLOW')`),
  ],
);

export const marketingCampaigns = pgTable(
  'marketing_campaigns',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    pageId: integer('page_id')
      .notNull()
      .references(() => businessPages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** FOLLOWERS | REACH | SALES */
    objective: text('objective').notNull(),
    /** src/domain/audience.ts Audience. */
    audience: jsonb('audience').notNull(),
    startsAt: tz('starts_at').notNull(),
    endsAt: tz('ends_at').notNull(),
    /** DAILY | TOTAL */
    budgetKind: text('budget_kind').notNull(),
    /** Per day (DAILY) or for the whole schedule (TOTAL), đồng. */
    budgetAmount: money('budget_amount').notNull(),
    reserved: money('reserved').notNull().default(0),
    spent: money('spent').notNull().default(0),
    released: money('released').notNull().default(0),
    /** DRAFT | IN_REVIEW | REJECTED | SCHEDULED | RUNNING | PAUSED | ENDED */
    status: text('status').notNull().default('DRAFT'),
    rejectReason: text('reject_reason'),
    creativeText: text('creative_text').notNull(),
    /** A page_media storage name of the page (null: no image). */
    imageName: text('image_name'),
    /** OPEN_PAGE | OPEN_PAYMENT_LINK | FOLLOW */
    cta: text('cta').notNull(),
    paymentLinkId: integer('payment_link_id').references(() => paymentLinks.id, { onDelete: 'set null' }),
    /** The template it was created from, if any (kept as a plain number: templates may be deleted). */
    templateId: integer('template_id'),
    submittedAt: tz('submitted_at'),
    reviewedAt: tz('reviewed_at'),
    // No foreign key: the operator trail outlives a removed user.
    reviewedBy: integer('reviewed_by'),
    startedAt: tz('started_at'),
    endedAt: tz('ended_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /** Bumped by every change: edits and moves are conditional on it. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('marketing_campaigns_page_status_idx').on(t.merchantId, t.pageId, t.status, t.id.desc()),
    index('marketing_campaigns_page_idx').on(t.merchantId, t.pageId, t.id.desc()),
    index('marketing_campaigns_review_idx').on(t.status, t.submittedAt, t.id),
    index('marketing_campaigns_due_idx').on(t.status, t.startsAt).where(sql`${t.status} in ('SCHEDULED', 'RUNNING', 'PAUSED')`),
    check('marketing_campaigns_status_ck', sql`${t.status} in ('DRAFT', 'IN_REVIEW', 'REJECTED', 'SCHEDULED', 'RUNNING', 'PAUSED', 'ENDED')`),
    check('marketing_campaigns_objective_ck', sql`${t.objective} in ('FOLLOWERS', 'REACH', 'SALES')`),
    check('marketing_campaigns_budget_kind_ck', sql`${t.budgetKind} in ('DAILY', 'TOTAL')`),
    check('marketing_campaigns_cta_ck', sql`${t.cta} in ('OPEN_PAGE', 'OPEN_PAYMENT_LINK', 'FOLLOW')`),
    check('marketing_campaigns_budget_ck', sql`${t.budgetAmount} > 0`),
    check('marketing_campaigns_money_ck', sql`${t.reserved} >= 0 AND ${t.spent} >= 0 AND ${t.released} >= 0 AND ${t.spent} + ${t.released} <= ${t.reserved}`),
    check('marketing_campaigns_schedule_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const marketingCampaignEvents = pgTable(
  'marketing_campaign_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => marketingCampaigns.id, { onDelete: 'cascade' }),
    /** CREATE | EDIT | SUBMIT | APPROVE | REJECT | START | PAUSE | RESUME | END */
    action: text('action').notNull(),
    /** MERCHANT | OPERATOR | SYSTEM */
    actorKind: text('actor_kind').notNull(),
    // No foreign key: the trail outlives a removed user.
    actorUserId: integer('actor_user_id'),
    /** The actor's name when the event happened. */
    actorName: text('actor_name'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    at: tz('at').notNull().defaultNow(),
  },
  (t) => [
    index('marketing_campaign_events_campaign_idx').on(t.campaignId, t.id),
    check('marketing_campaign_events_actor_ck', sql`${t.actorKind} in ('MERCHANT', 'OPERATOR', 'SYSTEM')`),
  ],
);

export const marketingCampaignDelivery = pgTable(
  'marketing_campaign_delivery',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => marketingCampaigns.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    /** Asia/Ho_Chi_Minh day. */
    day: date('day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    follows: integer('follows').notNull().default(0),
    payments: integer('payments').notNull().default(0),
    spend: money('spend').notNull().default(0),
    /** The last delivery tick of the day applied to this row. */
    lastTick: integer('last_tick').notNull().default(-1),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketing_campaign_delivery_day_uq').on(t.campaignId, t.day),
    index('marketing_campaign_delivery_merchant_day_idx').on(t.merchantId, t.day),
    check(
      'marketing_campaign_delivery_figures_ck',
      sql`${t.impressions} >= 0 AND ${t.clicks} >= 0 AND ${t.follows} >= 0 AND ${t.payments} >= 0 AND ${t.spend} >= 0`,
    ),
  ],
);

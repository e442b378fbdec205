/**
 * Awarding page badges. Every award is an INSERT … SELECT … ON CONFLICT (rule, customer) DO NOTHING: a
 * pass awards what is due and nothing twice, so passes may repeat, overlap or run in several processes on
 * one PostgreSQL (the unique index decides; the loser's row is skipped, not an error). Rows already awarded
 * are left out before the insert, so repeated passes do not burn identity values.
 *
 * - FIRST_REVIEW: awarded when the customer's review is written (awardReviewBadges), and by every pass for
 *   reviews written before the rule existed. A review the provider hid does not count.
 * - PAYMENTS: a customer's payments are the page's merchant's successful payments that were not fully
 *   refunded (SUCCESS, PARTIALLY_REFUNDED) whose customer_phone is the customer's phone, within the last
 *   windowDays. Payments are recorded outside this feature (payment links, imported history), so a pass
 *   runs periodically (startBadgeEvaluator) and right after a rule is created, edited or enabled.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { pageBadgeAwards, pageBadgeRules } from '../../db/schema';
import { runPeriodically } from '../scheduler/periodic';

type Ex = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** How often a process awards payment badges. */
export const BADGE_EVALUATOR_INTERVAL_MS = 5 * 60_000;

export interface AwardScope {
  ruleId?: number;
  pageId?: number;
  customerId?: number;
}

const ruleScope = (scope: AwardScope): SQL => {
  const parts: SQL[] = [sql`r.disabled_at is null`];
  if (scope.ruleId !== undefined) parts.push(sql`r.id = ${scope.ruleId}`);
  if (scope.pageId !== undefined) parts.push(sql`r.page_id = ${scope.pageId}`);
  return sql.join(parts, sql` and `);
};

/** Awards the FIRST_REVIEW badges due in `scope`; returns how many were given now. */
export async function awardReviewBadges(ex: Ex, scope: AwardScope = {}): Promise<number> {
  const result = await rows<{ id: number }>(ex as Db, sql`
    insert into page_badge_awards (rule_id, page_id, customer_id, source)
    select r.id, r.page_id, v.customer_id, 'REVIEW'
    from page_badge_rules r
    join page_reviews v on v.page_id = r.page_id
    where r.kind = 'FIRST_REVIEW' and ${ruleScope(scope)}
      ${scope.customerId !== undefined ? sql`and v.customer_id = ${scope.customerId}` : sql``}
      and not exists (select 1 from page_review_moderations m where m.review_id = v.id and m.outcome = 'HIDDEN')
      and not exists (select 1 from page_badge_awards a where a.rule_id = r.id and a.customer_id = v.customer_id)
    on conflict (rule_id, customer_id) do nothing
    returning id`);
  return result.length;
}

/** Awards the PAYMENTS badges due in `scope` at `now`; returns how many were given now. */
export async function awardPaymentBadges(ex: Ex, scope: AwardScope = {}, now: Date = new Date()): Promise<number> {
  const result = await rows<{ id: number }>(ex as Db, sql`
    insert into page_badge_awards (rule_id, page_id, customer_id, source)
    select r.id, r.page_id, c.id, 'PAYMENT'
    from page_badge_rules r
    join business_pages p on p.id = r.page_id
    join lateral (
      select t.customer_phone
      from transactions t
      where t.merchant_id = p.merchant_id
        and t.status in ('SUCCESS', 'PARTIALLY_REFUNDED')
        and t.customer_phone is not null
        and t.created_at > ${now.toISOString()}::timestamptz - make_interval(days => r.window_days)
        and t.created_at <= ${now.toISOString()}::timestamptz
      group by t.customer_phone
      having count(*) >= r.min_payments
    ) q on true
    join customers c on c.phone = q.customer_phone
    where r.kind = 'PAYMENTS' and ${ruleScope(scope)}
      ${scope.customerId !== undefined ? sql`and c.id = ${scope.customerId}` : sql``}
      and not exists (select 1 from page_badge_awards a where a.rule_id = r.id and a.customer_id = c.id)
    on conflict (rule_id, customer_id) do nothing
    returning id`);
  return result.length;
}

/** Every kind of award due in `scope`. */
export async function awardBadges(ex: Ex, scope: AwardScope = {}, now: Date = new Date()): Promise<number> {
  return (await awardReviewBadges(ex, scope)) + (await awardPaymentBadges(ex, scope, now));
}

/**
 * The names of the active badges each customer holds on the page (the public page shows them beside the
 * customer's reviews and on their own view), oldest award first.
 */
export async function badgesOfCustomers(ex: Ex, pageId: number, customerIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!customerIds.length) return out;
  const rows = await ex
    .select({ customerId: pageBadgeAwards.customerId, name: pageBadgeRules.name })
    .from(pageBadgeAwards)
    .innerJoin(pageBadgeRules, eq(pageBadgeRules.id, pageBadgeAwards.ruleId))
    .where(and(eq(pageBadgeAwards.pageId, pageId), inArray(pageBadgeAwards.customerId, [...new Set(customerIds)]), isNull(pageBadgeRules.disabledAt)))
    .orderBy(pageBadgeAwards.awardedAt, pageBadgeAwards.id);
  for (const r of rows) out.set(r.customerId, [...(out.get(r.customerId) ?? []), r.name]);
  return out;
}

/** Runs awardBadges now and then every interval; returns the stop function (waits for a running pass). */
export function startBadgeEvaluator(db: Db, log: FastifyBaseLogger, intervalMs = BADGE_EVALUATOR_INTERVAL_MS): () => Promise<void> {
  return runPeriodically(
    intervalMs,
    async () => {
      const n = await awardBadges(db);
      if (n) log.info({ awarded: n }, 'page badges awarded');
    },
    (err) => log.error({ err }, 'awarding page badges failed'),
  );
}

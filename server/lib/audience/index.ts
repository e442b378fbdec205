/**
 * Audiences in SQL (src/domain/audience.ts): one WHERE condition over `customers c`, shared by the live
 * estimate, the broadcast sender and marketing delivery, so what the form counts is who receives.
 *
 * Populations:
 * - WALLET: every wallet customer (marketing reaches people who do not know the page yet).
 * - PAGE: the page's own customers, those who follow it now or have a conversation with it (broadcasts
 *   go through the chat, so only to people the page may write to).
 *
 * A payer is a customer whose phone made a successful payment (SUCCESS, PARTIALLY_REFUNDED, REFUNDED
 * are all past payments) to the page's merchant, the rule the page badges and the chat panel use.
 */
import { sql, type SQL } from 'drizzle-orm';
import { birthYearsOf, type Audience } from '@/domain/audience';
import { vietnamToday } from '@/domain/time';
import { rows, type Db } from '../../db/client';

export type AudiencePopulation = 'WALLET' | 'PAGE';

export interface AudienceScope {
  merchantId: number;
  pageId: number;
  population: AudiencePopulation;
  /** The year ages are counted in (Asia/Ho_Chi_Minh); defaults to this year. */
  year?: number;
}

type Ex = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const PAID_STATUSES = sql`('SUCCESS', 'PARTIALLY_REFUNDED', 'REFUNDED')`;

const follows = (pageId: number) =>
  sql`exists (select 1 from business_page_follows f where f.page_id = ${pageId} and f.customer_id = c.id and f.unfollowed_at is null)`;
const chats = (pageId: number) => sql`exists (select 1 from chat_conversations v where v.page_id = ${pageId} and v.customer_id = c.id)`;
const pays = (merchantId: number) =>
  sql`c.phone in (select t.customer_phone from transactions t where t.merchant_id = ${merchantId} and t.status in ${PAID_STATUSES} and t.customer_phone is not null)`;

/** The condition on `customers c` of `audience` in `scope` (tags are the page's own: another page's ids match nobody). */
export function audienceCondition(audience: Audience, scope: AudienceScope): SQL {
  const year = scope.year ?? Number(vietnamToday().slice(0, 4));
  const parts: SQL[] = [];
  if (scope.population === 'PAGE') parts.push(sql`(${follows(scope.pageId)} or ${chats(scope.pageId)})`);
  if (audience.ageBands.length > 0) {
    const bands = audience.ageBands.map((band) => {
      const { from, to } = birthYearsOf(band, year);
      const limits: SQL[] = [sql`c.birth_year is not null`];
      if (from !== null) limits.push(sql`c.birth_year >= ${from}`);
      if (to !== null) limits.push(sql`c.birth_year <= ${to}`);
      return sql`(${sql.join(limits, sql` and `)})`;
    });
    parts.push(sql`(${sql.join(bands, sql` or `)})`);
  }
  if (audience.genders.length > 0) parts.push(sql`c.gender in (${sql.join(audience.genders.map((g) => sql`${g}`), sql`, `)})`);
  if (audience.provinces.length > 0) parts.push(sql`c.province in (${sql.join(audience.provinces.map((p) => sql`${p}`), sql`, `)})`);
  if (audience.tagIds.length > 0) {
    parts.push(sql`exists (select 1 from page_customer_tags ct where ct.page_id = ${scope.pageId} and ct.customer_id = c.id
      and ct.tag_id in (${sql.join(audience.tagIds.map((id) => sql`${id}`), sql`, `)}))`);
  }
  if (audience.followers !== 'ANY') parts.push(audience.followers === 'ONLY' ? follows(scope.pageId) : sql`not ${follows(scope.pageId)}`);
  if (audience.payers !== 'ANY') {
    parts.push(audience.payers === 'ONLY' ? pays(scope.merchantId) : sql`(c.phone is null or not ${pays(scope.merchantId)})`);
  }
  return parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`;
}

/** How many customers the audience reaches now. */
export async function countAudience(ex: Ex, audience: Audience, scope: AudienceScope): Promise<number> {
  const [row] = await rows<{ n: number | string }>(ex as Db, sql`select count(*) as n from customers c where ${audienceCondition(audience, scope)}`);
  return Number(row?.n ?? 0);
}

export interface AudienceMember {
  id: number;
  fullName: string;
}

/** The next `limit` members after customer id `afterId` (keyset by id): senders walk the audience in pages. */
export async function audienceMembersAfter(ex: Ex, audience: Audience, scope: AudienceScope, afterId: number, limit: number): Promise<AudienceMember[]> {
  return rows<AudienceMember>(ex as Db, sql`
    select c.id, c.full_name as "fullName" from customers c
    where c.id > ${afterId} and ${audienceCondition(audience, scope)}
    order by c.id limit ${limit}`);
}

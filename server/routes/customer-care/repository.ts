/**
 * Customer care reads: the pages, the demographics of a page's customers (followers, chatting customers
 * or both; every figure one GROUP BY over the page's indexed follows, conversations and tags), the
 * broadcasts and their recipients.
 */
import { sql, type SQL } from 'drizzle-orm';
import { AGE_BAND_LIMITS, AGE_BANDS, type Audience } from '@/domain/audience';
import type {
  ActivityBucket,
  BroadcastDetail,
  BroadcastRecipient,
  BroadcastStatus,
  BroadcastSummary,
  CarePage,
  DemographicPopulation,
  DemographicRow,
  Demographics,
  RecipientState,
} from '@/domain/customerCare';
import { LiveChatApiPaths } from '@/domain/api';
import { maskPhone } from '@/domain/masking';
import { vietnamToday } from '@/domain/time';
import { rows, type Db } from '../../db/client';
import { broadcastFigures } from '../../lib/broadcasts';

const DAY = 86_400_000;

const follows = (pageId: number) =>
  sql`exists (select 1 from business_page_follows f where f.page_id = ${pageId} and f.customer_id = c.id and f.unfollowed_at is null)`;
const chats = (pageId: number) => sql`exists (select 1 from chat_conversations v where v.page_id = ${pageId} and v.customer_id = c.id)`;

export function populationCondition(pageId: number, population: DemographicPopulation): SQL {
  if (population === 'FOLLOWERS') return follows(pageId);
  if (population === 'CHATTING') return chats(pageId);
  return sql`(${follows(pageId)} or ${chats(pageId)})`;
}

/** The age band of `c.birth_year` in `year`, as SQL (null when unknown), by the same limits as ageBandOf. */
function ageBandCase(year: number): SQL {
  const whens = AGE_BANDS.filter((band) => AGE_BAND_LIMITS[band].max !== null).map(
    (band) => sql`when ${year} - c.birth_year <= ${AGE_BAND_LIMITS[band].max} then ${band}`,
  );
  const last = AGE_BANDS.find((band) => AGE_BAND_LIMITS[band].max === null)!;
  return sql`case when c.birth_year is null then null ${sql.join(whens, sql` `)} else ${last} end`;
}

function activityCase(now: Date): SQL {
  const since = (days: number) => sql`${new Date(now.getTime() - days * DAY).toISOString()}::timestamptz`;
  return sql`case when c.last_active_at is null then 'NEVER'
    when c.last_active_at >= ${since(7)} then 'DAYS_7'
    when c.last_active_at >= ${since(30)} then 'DAYS_30'
    when c.last_active_at >= ${since(90)} then 'DAYS_90'
    else 'OLDER' end`;
}

const ACTIVITY_ORDER: ActivityBucket[] = ['DAYS_7', 'DAYS_30', 'DAYS_90', 'OLDER', 'NEVER'];

type BroadcastRow = {
  id: number;
  pageId: number;
  name: string;
  status: BroadcastStatus;
  scheduledAt: Date | string;
  createdAt: Date | string;
  completedAt: Date | string | null;
  audienceSize: number | null;
};

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function customerCareRepository(db: Db) {
  async function withFigures(list: BroadcastRow[]): Promise<BroadcastSummary[]> {
    const figures = await broadcastFigures(db, list.map((b) => b.id));
    return list.map((b) => ({
      id: b.id,
      pageId: b.pageId,
      name: b.name,
      status: b.status,
      scheduledAt: iso(b.scheduledAt)!,
      createdAt: iso(b.createdAt)!,
      completedAt: iso(b.completedAt),
      figures: { audienceSize: b.audienceSize, ...figures.get(b.id)! },
    }));
  }

  const summaryColumns = sql`b.id, b.page_id as "pageId", b.name, b.status, b.scheduled_at as "scheduledAt", b.created_at as "createdAt",
    b.completed_at as "completedAt", b.audience_size as "audienceSize"`;

  return {
    /** The pages of `pageIds` with their followers, chatting customers and broadcasts. */
    async pages(pageIds: number[], canSend: (pageId: number) => boolean): Promise<CarePage[]> {
      if (pageIds.length === 0) return [];
      const found = await rows<Omit<CarePage, 'canSend'>>(
        db,
        sql`select p.id, p.name, p.slug, p.status,
              (select count(*)::int from business_page_follows f where f.page_id = p.id and f.unfollowed_at is null) as followers,
              (select count(*)::int from chat_conversations v where v.page_id = p.id) as chatting,
              (select count(*)::int from broadcasts b where b.page_id = p.id) as broadcasts
            from business_pages p where p.id in (${sql.join(pageIds.map((id) => sql`${id}`), sql`, `)})
            order by p.name, p.id`,
      );
      return found.map((p) => ({ ...p, canSend: canSend(p.id) }));
    },

    async demographics(pageId: number, population: DemographicPopulation, now: Date = new Date()): Promise<Demographics> {
      const year = Number(vietnamToday(now).slice(0, 4));
      const pop = sql`select c.* from customers c where ${populationCondition(pageId, population)}`;
      const grouped = (expr: SQL) =>
        rows<{ key: string | null; count: number }>(db, sql`with pop as (${pop}) select ${expr} as key, count(*)::int as count from pop c group by 1`);
      const [total, ageBand, gender, province, activity, tagged, untagged] = await Promise.all([
        rows<{ n: number }>(db, sql`with pop as (${pop}) select count(*)::int as n from pop`),
        grouped(ageBandCase(year)),
        grouped(sql`c.gender`),
        grouped(sql`c.province`),
        grouped(activityCase(now)),
        rows<{ key: string; label: string; count: number }>(
          db,
          sql`with pop as (${pop})
              select t.id::text as key, t.name as label, count(ct.customer_id)::int as count
              from page_tags t left join page_customer_tags ct on ct.tag_id = t.id and ct.customer_id in (select id from pop)
              where t.page_id = ${pageId} group by t.id, t.name order by count desc, t.name`,
        ),
        rows<{ n: number }>(
          db,
          sql`with pop as (${pop}) select count(*)::int as n from pop c
              where not exists (select 1 from page_customer_tags ct where ct.page_id = ${pageId} and ct.customer_id = c.id)`,
        ),
      ]);
      const ordered = (list: { key: string | null; count: number }[], order: readonly string[]): DemographicRow[] =>
        [...list].sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : order.indexOf(a.key) - order.indexOf(b.key)));
      return {
        population,
        total: total[0]?.n ?? 0,
        ageBand: ordered(ageBand, AGE_BANDS),
        gender: ordered(gender, ['MALE', 'FEMALE', 'OTHER']),
        province: [...province].sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : b.count - a.count || a.key.localeCompare(b.key, 'vi'))),
        tag: [...tagged, { key: null, label: null, count: untagged[0]?.n ?? 0 }],
        activity: ordered(activity, ACTIVITY_ORDER),
      };
    },

    async broadcasts(pageId: number, q: { status?: BroadcastStatus; pageNumber: number; pageSize: number }): Promise<{ rows: BroadcastSummary[]; total: number }> {
      const where = sql`b.page_id = ${pageId} ${q.status ? sql`and b.status = ${q.status}` : sql``}`;
      const [list, counted] = await Promise.all([
        rows<BroadcastRow>(db, sql`select ${summaryColumns} from broadcasts b where ${where} order by b.created_at desc, b.id desc limit ${q.pageSize} offset ${q.pageNumber * q.pageSize}`),
        rows<{ n: number }>(db, sql`select count(*)::int as n from broadcasts b where ${where}`),
      ]);
      return { rows: await withFigures(list), total: counted[0]?.n ?? 0 };
    },

    async broadcast(merchantId: number, pageId: number, id: number): Promise<BroadcastDetail | null> {
      const [b] = await rows<
        BroadcastRow & {
          audience: Audience;
          message: string;
          imageStorageName: string | null;
          imageName: string | null;
          linkId: number | null;
          linkCode: string | null;
          linkTitle: string | null;
          createdByName: string | null;
          cancelledAt: Date | string | null;
        }
      >(
        db,
        sql`select ${summaryColumns}, b.audience, b.message, b.image_storage_name as "imageStorageName", i.name as "imageName",
              l.id as "linkId", l.code as "linkCode", l.title as "linkTitle", u.name as "createdByName", b.cancelled_at as "cancelledAt"
            from broadcasts b
            left join broadcast_images i on i.storage_name = b.image_storage_name
            left join payment_links l on l.id = b.payment_link_id and l.merchant_id = b.merchant_id
            left join users u on u.id = b.created_by
            where b.id = ${id} and b.page_id = ${pageId} and b.merchant_id = ${merchantId}`,
      );
      if (!b) return null;
      const [summary] = await withFigures([b]);
      return {
        ...summary!,
        audience: b.audience,
        message: b.message,
        image: b.imageStorageName && b.imageName ? { name: b.imageName, url: `/api${LiveChatApiPaths.file.replace(':name', b.imageStorageName)}` } : null,
        paymentLink: b.linkId && b.linkCode ? { id: b.linkId, code: b.linkCode, title: b.linkTitle ?? '' } : null,
        createdByName: b.createdByName,
        cancelledAt: iso(b.cancelledAt),
      };
    },

    /** A broadcast's recipients by customer id (the primary key order), with their message's receipts. */
    async recipients(broadcastId: number, q: { state?: RecipientState; pageNumber: number; pageSize: number }): Promise<{ rows: BroadcastRecipient[]; total: number }> {
      const where = sql`r.broadcast_id = ${broadcastId} ${q.state ? sql`and r.state = ${q.state}` : sql``}`;
      const [list, counted] = await Promise.all([
        rows<{
          customerId: number;
          customerName: string;
          phone: string | null;
          state: RecipientState;
          dueAt: Date | string;
          sentAt: Date | string | null;
          deliveredAt: Date | string | null;
          readAt: Date | string | null;
          replied: boolean;
        }>(
          db,
          sql`select r.customer_id as "customerId", c.full_name as "customerName", c.phone, r.state, r.due_at as "dueAt", r.sent_at as "sentAt",
                m.delivered_at as "deliveredAt", m.read_at as "readAt",
                (r.message_id is not null and exists (select 1 from chat_messages x where x.conversation_id = r.conversation_id
                  and x.sender = 'CUSTOMER' and x.id > r.message_id)) as replied
              from broadcast_recipients r join customers c on c.id = r.customer_id
              left join chat_messages m on m.id = r.message_id
              where ${where} order by r.customer_id limit ${q.pageSize} offset ${q.pageNumber * q.pageSize}`,
        ),
        rows<{ n: number }>(db, sql`select count(*)::int as n from broadcast_recipients r where ${where}`),
      ]);
      return {
        total: counted[0]?.n ?? 0,
        rows: list.map((r) => ({
          customerId: r.customerId,
          customerName: r.customerName,
          phone: maskPhone(r.phone),
          state: r.state,
          dueAt: iso(r.dueAt)!,
          sentAt: iso(r.sentAt),
          deliveredAt: iso(r.deliveredAt),
          readAt: iso(r.readAt),
          replied: !!r.replied,
        })),
      };
    },
  };
}

/**
 * Sending broadcasts (issue 18 customer care) through the live chat, exactly once across processes and
 * restarts. The rows are the state (server/db/schema/customer-care.ts):
 *
 * 1. start: one transaction locks one due SCHEDULED broadcast (FOR UPDATE SKIP LOCKED), inserts one
 *    recipient row per member of its audience (server/lib/audience, population PAGE: the count the
 *    form showed is who is materialised) and moves it to SENDING. A crash rolls all of it back.
 * 2. send: each due recipient in its own transaction, which locks the recipient row (SKIP LOCKED: another
 *    process on it is skipped), re-reads its state, and then either skips it (unsubscribed, frequency
 *    cap), defers it (quiet hours) or inserts the chat message(s) in the customer's conversation with
 *    the page (created if needed, through the chat repository so the NOTIFY reaches the customer's
 *    widget at commit) and marks it SENT, together. The conversation row is locked too, so two
 *    broadcasts of one page never both pass the cap for one customer.
 * 3. complete: a SENDING broadcast with no PENDING or DEFERRED recipient left becomes SENT.
 *
 * Figures come from the rows in SQL: delivered and read from the chat message's receipts, replied when
 * the customer wrote in the conversation after the broadcast's message.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { EMPTY_AUDIENCE, type Audience } from '@/domain/audience';
import { BROADCAST_RULES, isQuietHour, quietHoursEnd, type BroadcastFigures } from '@/domain/customerCare';
import { fillCustomerTemplate } from '@/domain/customerTemplates';
import { LiveChatApiPaths } from '@/domain/api';
import { vietnamToday } from '@/domain/time';
import { rows, type Db } from '../../db/client';
import { translate } from '../../i18n';
import { audienceCondition } from '../audience';
import { liveChatRepository } from '../live-chat/repository';
import { runPeriodically } from '../scheduler/periodic';

export const BROADCAST_SENDER_INTERVAL_MS = 5_000;
/** Recipients one pass looks at (each sent in its own transaction). */
const SEND_BATCH = 200;
const HOUR = 3_600_000;
/** An instant as a timestamptz parameter (typed: a bare parameter in a select list would be text). */
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Marks a broadcast's chat messages: the customer's widget offers "unsubscribe" under them. */
export const broadcastClientMessageId = (broadcastId: number, part: 'text' | 'image' | 'link' = 'text') =>
  part === 'text' ? `broadcast:${broadcastId}` : `broadcast:${broadcastId}:${part}`;

const yearOf = (now: Date) => Number(vietnamToday(now).slice(0, 4));

/** Starts one due broadcast (materialises its recipients); its id, or null when none is due. */
export async function startDueBroadcast(db: Db, now: Date = new Date()): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [due] = await rows<{ id: number; merchantId: number; pageId: number; audience: Audience }>(
      tx as unknown as Db,
      sql`select id, merchant_id as "merchantId", page_id as "pageId", audience from broadcasts
          where status = 'SCHEDULED' and scheduled_at <= ${at(now)}
          order by scheduled_at, id limit 1 for update skip locked`,
    );
    if (!due) return null;
    const audience = { ...EMPTY_AUDIENCE, ...due.audience };
    const condition = audienceCondition(audience, { merchantId: due.merchantId, pageId: due.pageId, population: 'PAGE', year: yearOf(now) });
    await tx.execute(sql`
      insert into broadcast_recipients (broadcast_id, customer_id, page_id, state, due_at)
      select ${due.id}, c.id, ${due.pageId}, 'PENDING', ${at(now)} from customers c where ${condition}
      on conflict do nothing`);
    await tx.execute(sql`
      update broadcasts set status = 'SENDING', started_at = ${at(now)}, updated_at = now(),
        audience_size = (select count(*)::int from broadcast_recipients r where r.broadcast_id = ${due.id})
      where id = ${due.id}`);
    return due.id;
  });
}

interface Claimed {
  broadcastId: number;
  customerId: number;
  pageId: number;
  merchantId: number;
  state: string;
  message: string;
  imageStorageName: string | null;
  imageName: string | null;
  imageMime: string | null;
  imageSize: number | null;
  paymentLinkId: number | null;
  createdBy: number | null;
  pageName: string;
  customerName: string;
}

export type SendOutcome = 'SENT' | 'DEFERRED' | 'SKIPPED_CAP' | 'SKIPPED_UNSUBSCRIBED' | 'BUSY';

/** Decides and (maybe) sends one recipient in one transaction. BUSY: another process holds it, or it is done. */
export async function sendRecipient(db: Db, broadcastId: number, customerId: number, now: Date = new Date()): Promise<SendOutcome> {
  return db.transaction(async (tx) => {
    const ex = tx as unknown as Db;
    const [r] = await rows<Claimed>(
      ex,
      sql`select r.broadcast_id as "broadcastId", r.customer_id as "customerId", r.page_id as "pageId", b.merchant_id as "merchantId",
            r.state, b.message, b.image_storage_name as "imageStorageName", i.name as "imageName", i.mime_type as "imageMime", i.size as "imageSize",
            b.payment_link_id as "paymentLinkId", b.created_by as "createdBy", p.name as "pageName", c.full_name as "customerName"
          from broadcast_recipients r
          join broadcasts b on b.id = r.broadcast_id and b.status = 'SENDING'
          join business_pages p on p.id = b.page_id
          join customers c on c.id = r.customer_id
          left join broadcast_images i on i.storage_name = b.image_storage_name
          where r.broadcast_id = ${broadcastId} and r.customer_id = ${customerId}
            and r.state in ('PENDING', 'DEFERRED') and r.due_at <= ${at(now)}
          for update of r skip locked`,
    );
    if (!r) return 'BUSY';
    const decide = async (state: 'DEFERRED' | 'SKIPPED_CAP' | 'SKIPPED_UNSUBSCRIBED', dueAt?: Date) => {
      await tx.execute(sql`update broadcast_recipients set state = ${state}, decided_at = ${at(now)}, due_at = ${dueAt ? at(dueAt) : sql`due_at`}
        where broadcast_id = ${broadcastId} and customer_id = ${customerId}`);
      return state;
    };

    const [unsubscribed] = await rows(ex, sql`select 1 from broadcast_unsubscribes where page_id = ${r.pageId} and customer_id = ${customerId}`);
    if (unsubscribed) return decide('SKIPPED_UNSUBSCRIBED');

    if (isQuietHour(now)) {
      const [wrote] = await rows(
        ex,
        sql`select 1 from chat_messages m join chat_conversations v on v.id = m.conversation_id
            where v.page_id = ${r.pageId} and v.customer_id = ${customerId} and m.sender = 'CUSTOMER'
              and m.created_at > ${at(new Date(now.getTime() - BROADCAST_RULES.recentChatHours * HOUR))} and m.created_at <= ${at(now)} limit 1`,
      );
      if (!wrote) return decide('DEFERRED', quietHoursEnd(now));
    }

    // The conversation, created if needed, then locked: the cap below is decided once per customer and page at a time.
    await tx.execute(sql`insert into chat_conversations (merchant_id, page_id, customer_id) values (${r.merchantId}, ${r.pageId}, ${customerId}) on conflict do nothing`);
    await tx.execute(sql`select id from chat_conversations where page_id = ${r.pageId} and customer_id = ${customerId} for update`);

    const [recent] = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from broadcast_recipients
          where customer_id = ${customerId} and page_id = ${r.pageId} and state = 'SENT'
            and sent_at > ${at(new Date(now.getTime() - BROADCAST_RULES.capWindowDays * 24 * HOUR))}`,
    );
    if ((recent?.n ?? 0) >= BROADCAST_RULES.capPerWeek) return decide('SKIPPED_CAP');

    const chat = liveChatRepository(ex);
    const conversation = (await chat.conversationOfCustomer({ id: r.pageId, merchantId: r.merchantId }, customerId, false))!;
    const text = fillCustomerTemplate(r.message, { name: r.customerName, page: r.pageName });
    const footer = translate('vi', 'customerCare.unsubscribeFooter', { page: r.pageName });
    const { message } = await chat.send(conversation, {
      sender: 'STAFF',
      senderUserId: r.createdBy,
      kind: 'TEXT',
      body: `${text}\n\n${footer}`,
      clientMessageId: broadcastClientMessageId(broadcastId),
    });
    if (r.imageStorageName && r.imageName && r.imageMime && r.imageSize != null) {
      await chat.send(conversation, {
        sender: 'STAFF',
        senderUserId: r.createdBy,
        kind: 'IMAGE',
        body: r.imageName,
        attachment: { name: r.imageName, url: `/api${LiveChatApiPaths.file.replace(':name', r.imageStorageName)}`, mimeType: r.imageMime, size: r.imageSize },
        clientMessageId: broadcastClientMessageId(broadcastId, 'image'),
      });
    }
    if (r.paymentLinkId) {
      // Only while the link can still be paid (deactivated, expired or a paid single-use link: the text alone).
      const [link] = await rows<{ title: string }>(
        ex,
        sql`select title from payment_links where id = ${r.paymentLinkId} and merchant_id = ${r.merchantId} and deactivated_at is null
            and (expires_at is null or expires_at > ${at(now)}) and (single_use = false or paid_at is null)`,
      );
      if (link) {
        await chat.send(conversation, {
          sender: 'STAFF',
          senderUserId: r.createdBy,
          kind: 'PAYMENT_LINK',
          body: link.title,
          paymentLinkId: r.paymentLinkId,
          clientMessageId: broadcastClientMessageId(broadcastId, 'link'),
        });
      }
    }
    await tx.execute(sql`update broadcast_recipients set state = 'SENT', sent_at = ${at(now)}, decided_at = ${at(now)},
        conversation_id = ${conversation.id}, message_id = ${message.id}
      where broadcast_id = ${broadcastId} and customer_id = ${customerId}`);
    return 'SENT';
  });
}

/** SENDING broadcasts with nobody left to send become SENT; their ids. */
export async function completeBroadcasts(db: Db, now: Date = new Date()): Promise<number[]> {
  const done = await rows<{ id: number }>(
    db,
    sql`update broadcasts b set status = 'SENT', completed_at = ${at(now)}, updated_at = now()
        where b.status = 'SENDING' and not exists (
          select 1 from broadcast_recipients r where r.broadcast_id = b.id and r.state in ('PENDING', 'DEFERRED'))
        returning b.id`,
  );
  return done.map((d) => d.id);
}

export interface PassResult {
  started: number[];
  outcomes: Record<SendOutcome, number>;
  completed: number[];
}

/** One pass of the sender at `now`: start what is due, send due recipients, complete what is done. */
export async function runBroadcastPass(db: Db, now: Date = new Date()): Promise<PassResult> {
  const started: number[] = [];
  for (;;) {
    const id = await startDueBroadcast(db, now);
    if (id === null) break;
    started.push(id);
  }
  const outcomes: Record<SendOutcome, number> = { SENT: 0, DEFERRED: 0, SKIPPED_CAP: 0, SKIPPED_UNSUBSCRIBED: 0, BUSY: 0 };
  for (;;) {
    const due = await rows<{ broadcastId: number; customerId: number }>(
      db,
      sql`select r.broadcast_id as "broadcastId", r.customer_id as "customerId" from broadcast_recipients r
          join broadcasts b on b.id = r.broadcast_id and b.status = 'SENDING'
          where r.state in ('PENDING', 'DEFERRED') and r.due_at <= ${at(now)}
          order by r.due_at, r.broadcast_id, r.customer_id limit ${SEND_BATCH}`,
    );
    let progressed = false;
    for (const d of due) {
      const outcome = await sendRecipient(db, d.broadcastId, d.customerId, now);
      outcomes[outcome] += 1;
      if (outcome !== 'BUSY') progressed = true;
    }
    // A batch that is all someone else's (BUSY) or empty ends the pass; that process finishes them.
    if (due.length < SEND_BATCH || !progressed) break;
  }
  const completed = await completeBroadcasts(db, now);
  return { started, outcomes, completed };
}

/** The sender: a pass now and every interval, in every process (the rows keep them apart). */
export function startBroadcastSender(db: Db, log: FastifyBaseLogger, intervalMs = BROADCAST_SENDER_INTERVAL_MS): { stop: () => Promise<void>; kick: () => void } {
  const pass = async () => {
    const result = await runBroadcastPass(db);
    if (result.started.length || result.outcomes.SENT || result.completed.length) {
      log.info({ started: result.started, outcomes: result.outcomes, completed: result.completed }, 'broadcast sender pass');
    }
  };
  const onError = (err: unknown) => log.error({ err }, 'broadcast sender pass failed');
  const stop = runPeriodically(intervalMs, pass, onError);
  let extra: Promise<void> | null = null;
  return {
    stop: async () => {
      await stop();
      await extra;
    },
    /** An extra pass soon (a broadcast to send now was just created). */
    kick() {
      if (extra) return;
      extra = new Promise<void>((resolve) => setTimeout(resolve, 50))
        .then(pass)
        .catch(onError)
        .finally(() => {
          extra = null;
        });
    },
  };
}

/** Figures of the broadcasts `ids`, computed from the rows. */
export async function broadcastFigures(db: Db, ids: number[]): Promise<Map<number, Omit<BroadcastFigures, 'audienceSize'>>> {
  const out = new Map<number, Omit<BroadcastFigures, 'audienceSize'>>();
  if (ids.length === 0) return out;
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const counted = await rows<{ id: number } & Record<string, number>>(
    db,
    sql`select r.broadcast_id as id,
          count(*) filter (where r.state = 'SENT')::int as sent,
          count(*) filter (where r.state = 'SENT' and m.delivered_at is not null)::int as delivered,
          count(*) filter (where r.state = 'SENT' and m.read_at is not null)::int as read,
          count(*) filter (where r.state = 'SENT' and exists (select 1 from chat_messages x
            where x.conversation_id = r.conversation_id and x.sender = 'CUSTOMER' and x.id > r.message_id))::int as replied,
          count(*) filter (where r.state = 'PENDING')::int as pending,
          count(*) filter (where r.state = 'DEFERRED')::int as deferred,
          count(*) filter (where r.state = 'SKIPPED_CAP')::int as "skippedCap",
          count(*) filter (where r.state = 'SKIPPED_UNSUBSCRIBED')::int as "skippedUnsubscribed"
        from broadcast_recipients r left join chat_messages m on m.id = r.message_id
        where r.broadcast_id in (${list}) group by r.broadcast_id`,
  );
  const unsubscribed = await rows<{ id: number; n: number }>(
    db,
    sql`select broadcast_id as id, count(*)::int as n from broadcast_unsubscribes where broadcast_id in (${list}) group by broadcast_id`,
  );
  const unsub = new Map(unsubscribed.map((u) => [u.id, u.n]));
  for (const id of ids) {
    const c = counted.find((row) => row.id === id);
    out.set(id, {
      sent: c?.sent ?? 0,
      delivered: c?.delivered ?? 0,
      read: c?.read ?? 0,
      replied: c?.replied ?? 0,
      unsubscribed: unsub.get(id) ?? 0,
      pending: c?.pending ?? 0,
      deferred: c?.deferred ?? 0,
      skippedCap: c?.skippedCap ?? 0,
      skippedUnsubscribed: c?.skippedUnsubscribed ?? 0,
    });
  }
  return out;
}

/** The customer stops the page's broadcasts (again: nothing changes); the last broadcast they got is credited. */
export async function unsubscribe(db: Db, pageId: number, customerId: number): Promise<void> {
  await db.execute(sql`
    insert into broadcast_unsubscribes (page_id, customer_id, broadcast_id)
    values (${pageId}, ${customerId}, (select r.broadcast_id from broadcast_recipients r
      where r.page_id = ${pageId} and r.customer_id = ${customerId} and r.state = 'SENT' order by r.sent_at desc, r.broadcast_id desc limit 1))
    on conflict do nothing`);
}

export type { Tx };

/**
 * Everything done to a ticket after it is opened, shared by the merchant's routes
 * (server/routes/reconciliation-accounting) and the operator's (server/routes/ops/tickets): the list
 * and queue, the detail, comments with attachments, status moves, close with a rating and reopen.
 * Every change writes a ticket_events row (the audit trail) and notifies the other side, in one
 * transaction.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '@/domain/api';
import {
  canReopen,
  canTransition,
  TICKET_TRANSITIONS,
  type TicketAttachment,
  type TicketCategory,
  type TicketDetail,
  type TicketSide,
  type TicketStatus,
  type TicketSummary,
} from '@/domain/tickets';
import { dayBounds, type DayKey } from '@/domain/time';
import type { Db } from '../../db/client';
import { merchants, ticketAttachments, ticketComments, ticketEvents, ticketRatings, tickets, ticketTransactions, users } from '../../db/schema';
import { offsetOf, toPage, type PageRequest } from '../../pagination';
import { fileStore, generatedStorageName } from '../files';
import type { CheckedAttachment } from './attachments';
import type { Executor } from './index';

export type TicketRow = typeof tickets.$inferSelect;

/** Who acts: side, user, and (merchant side) the stores they are limited to. */
export interface TicketActor {
  side: TicketSide;
  userId: number;
  ip: string | null;
}

/** Which tickets a caller sees: one merchant (merchant side) or all (operator), store-limited or not. */
export interface TicketScope {
  merchantId: number | null;
  /** Store roles: tickets about one of these stores' transactions, or their own. Null: no limit. */
  storeIds: number[] | null;
  userId: number;
}

export interface TicketFilter {
  status?: TicketStatus[];
  category?: TicketCategory[];
  from?: DayKey;
  to?: DayKey;
  createdBy?: number;
  keyword?: string;
  merchantId?: number;
  overdueFirst?: boolean;
}

/** A refused change: the route turns it into 409 (or 404) with this message key. */
export class TicketConflict extends Error {
  constructor(readonly key: string, readonly httpStatus = 409) {
    super(key);
    this.name = 'TicketConflict';
  }
}

const OPEN_STATUSES: TicketStatus[] = ['OPEN', 'IN_PROGRESS', 'WAITING_MERCHANT'];

function scopeConditions(scope: TicketScope): SQL[] {
  const conditions: SQL[] = [];
  if (scope.merchantId !== null) conditions.push(eq(tickets.merchantId, scope.merchantId));
  if (scope.storeIds !== null) {
    const own = eq(tickets.createdByUserId, scope.userId);
    conditions.push(
      scope.storeIds.length > 0
        ? (or(own, sql`${tickets.storeIds} && ${sql.raw(`ARRAY[${scope.storeIds.map((s) => Number(s)).join(',')}]::integer[]`)}`) as SQL)
        : own,
    );
  }
  return conditions;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const overdueSql = sql<boolean>`(${tickets.status} in ('OPEN', 'IN_PROGRESS', 'WAITING_MERCHANT') and ${tickets.slaDueAt} < now())`;

function summaryOf(row: {
  t: TicketRow;
  merchantName: string;
  creatorName: string | null;
}, now: Date): TicketSummary {
  const { t } = row;
  return {
    id: t.id,
    merchantId: t.merchantId,
    merchantName: row.merchantName,
    subject: t.subject,
    category: t.category as TicketCategory,
    status: t.status as TicketStatus,
    createdBy: t.createdByUserId !== null ? { id: t.createdByUserId, name: row.creatorName ?? '' } : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    slaDueAt: t.slaDueAt.toISOString(),
    overdue: OPEN_STATUSES.includes(t.status as TicketStatus) && t.slaDueAt.getTime() < now.getTime(),
  };
}

export function ticketService(db: Db) {
  async function list(scope: TicketScope, filter: TicketFilter, page: PageRequest, now = new Date()): Promise<Page<TicketSummary>> {
    const conditions = scopeConditions(scope);
    if (filter.status?.length) conditions.push(inArray(tickets.status, filter.status));
    if (filter.category?.length) conditions.push(inArray(tickets.category, filter.category));
    if (filter.from && filter.to) {
      const { start, end } = dayBounds({ from: filter.from, to: filter.to });
      conditions.push(gte(tickets.createdAt, start), lt(tickets.createdAt, end));
    }
    if (filter.createdBy) conditions.push(eq(tickets.createdByUserId, filter.createdBy));
    if (filter.merchantId) conditions.push(eq(tickets.merchantId, filter.merchantId));
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      const byId = /^\d{1,9}$/.test(keyword) ? [eq(tickets.id, Number(keyword))] : [];
      const byTransaction = /^\d{6,20}$/.test(keyword)
        ? [sql`exists (select 1 from ${ticketTransactions} where ${ticketTransactions.ticketId} = ${tickets.id} and ${ticketTransactions.transactionId} = ${keyword})`]
        : [];
      conditions.push(or(ilike(tickets.subject, pattern), ...byId, ...byTransaction) as SQL);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const order = filter.overdueFirst
      ? [desc(overdueSql), asc(tickets.slaDueAt), desc(tickets.id)]
      : [desc(tickets.createdAt), desc(tickets.id)];
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ t: tickets, merchantName: merchants.name, creatorName: users.name })
        .from(tickets)
        .innerJoin(merchants, eq(merchants.id, tickets.merchantId))
        .leftJoin(users, eq(users.id, tickets.createdByUserId))
        .where(where)
        .orderBy(...order)
        .limit(page.pageSize)
        .offset(offsetOf(page)),
      db.select({ total: count() }).from(tickets).where(where),
    ]);
    return toPage(rows.map((r) => summaryOf(r, now)), total, page);
  }

  /** The ticket when the scope sees it, else null (another merchant's or store's ticket: not found). */
  async function find(scope: TicketScope, id: number): Promise<TicketRow | null> {
    const [row] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, id), ...scopeConditions(scope)));
    return row ?? null;
  }

  async function attachmentsOf(ticketId: number) {
    return db
      .select({
        id: ticketAttachments.id,
        commentId: ticketAttachments.commentId,
        fileName: ticketAttachments.fileName,
        contentType: ticketAttachments.contentType,
        sizeBytes: ticketAttachments.sizeBytes,
      })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticketId))
      .orderBy(asc(ticketAttachments.id));
  }

  async function detail(ticket: TicketRow, side: TicketSide, now = new Date()): Promise<TicketDetail> {
    const [[head], txIds, files, comments, events, [rating]] = await Promise.all([
      db
        .select({ t: tickets, merchantName: merchants.name, creatorName: users.name })
        .from(tickets)
        .innerJoin(merchants, eq(merchants.id, tickets.merchantId))
        .leftJoin(users, eq(users.id, tickets.createdByUserId))
        .where(eq(tickets.id, ticket.id)),
      db.select({ id: ticketTransactions.transactionId }).from(ticketTransactions).where(eq(ticketTransactions.ticketId, ticket.id)).orderBy(asc(ticketTransactions.transactionId)),
      attachmentsOf(ticket.id),
      db
        .select({ c: ticketComments, author: users.name })
        .from(ticketComments)
        .leftJoin(users, eq(users.id, ticketComments.authorUserId))
        .where(eq(ticketComments.ticketId, ticket.id))
        .orderBy(asc(ticketComments.id)),
      db
        .select({ e: ticketEvents, actor: users.name })
        .from(ticketEvents)
        .leftJoin(users, eq(users.id, ticketEvents.actorUserId))
        .where(eq(ticketEvents.ticketId, ticket.id))
        .orderBy(asc(ticketEvents.id)),
      db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticket.id)).orderBy(desc(ticketRatings.id)).limit(1),
    ]);
    const strip = (f: (typeof files)[number]): TicketAttachment => ({ id: f.id, fileName: f.fileName, contentType: f.contentType, sizeBytes: f.sizeBytes });
    const status = ticket.status as TicketStatus;
    const settledAt = status === 'CLOSED' ? ticket.closedAt : ticket.resolvedAt;
    const reopenable = side === 'MERCHANT' && canReopen(status, settledAt, now);
    const allowed = (TICKET_TRANSITIONS[side][status] ?? []).filter((to) => !(to === 'OPEN' && !reopenable));
    return {
      ...summaryOf(head, now),
      description: ticket.description,
      transactionIds: txIds.map((t) => t.id),
      periodId: ticket.periodId,
      source: ticket.source,
      resolvedAt: ticket.resolvedAt?.toISOString() ?? null,
      closedAt: ticket.closedAt?.toISOString() ?? null,
      rating: rating ? { rating: rating.rating, comment: rating.comment } : null,
      canReopen: reopenable,
      allowed,
      attachments: files.filter((f) => f.commentId === null).map(strip),
      comments: comments.map(({ c, author }) => ({
        id: c.id,
        side: c.side as TicketSide,
        author: author ?? '',
        body: c.body,
        createdAt: c.createdAt.toISOString(),
        attachments: files.filter((f) => f.commentId === c.id).map(strip),
      })),
      events: events.map(({ e, actor }) => ({
        id: e.id,
        side: e.side as TicketSide,
        actor: actor ?? '',
        action: e.action,
        fromStatus: (e.fromStatus as TicketStatus | null) ?? null,
        toStatus: (e.toStatus as TicketStatus | null) ?? null,
        createdAt: e.createdAt.toISOString(),
      })),
    };
  }

  /** Stores an uploaded, checked file as an unlinked attachment of its uploader. */
  async function upload(actor: TicketActor, merchantId: number | null, file: CheckedAttachment & { fileName: string; content: Buffer }) {
    return db.transaction(async (tx) => {
      const storageName = generatedStorageName(file.extension);
      await fileStore(tx).put(storageName, file.content);
      const [row] = await tx
        .insert(ticketAttachments)
        .values({
          merchantId,
          side: actor.side,
          uploadedBy: actor.userId,
          storageName,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          sha256: file.sha256,
        })
        .returning({ id: ticketAttachments.id });
      return { id: row.id, fileName: file.fileName, contentType: file.contentType, sizeBytes: file.sizeBytes } satisfies TicketAttachment;
    });
  }

  /**
   * Links the caller's own unlinked uploads to a ticket (and comment). Any id that is not such an
   * upload (someone else's, already linked, unknown) refuses the whole message.
   */
  async function link(ex: Executor, actor: TicketActor, ticket: TicketRow, ids: number[] | undefined, commentId: number | null) {
    const unique = [...new Set(ids ?? [])];
    if (unique.length === 0) return;
    const linked = await ex
      .update(ticketAttachments)
      .set({ ticketId: ticket.id, commentId })
      .where(
        and(
          inArray(ticketAttachments.id, unique),
          eq(ticketAttachments.uploadedBy, actor.userId),
          eq(ticketAttachments.side, actor.side),
          isNull(ticketAttachments.ticketId),
          actor.side === 'MERCHANT' ? eq(ticketAttachments.merchantId, ticket.merchantId) : isNull(ticketAttachments.merchantId),
        ),
      )
      .returning({ id: ticketAttachments.id });
    if (linked.length !== unique.length) throw new TicketConflict('tickets.attachmentUnknown', 400);
  }

  async function audit(ex: Executor, ticket: TicketRow, actor: TicketActor, action: string, from: string | null, to: string | null, details: Record<string, unknown> = {}) {
    await ex.insert(ticketEvents).values({ ticketId: ticket.id, side: actor.side, actorUserId: actor.userId, action, fromStatus: from, toStatus: to, details, ip: actor.ip });
  }

  /** Moves the status if it is still `from` (a concurrent change makes this a conflict, not a lost update). */
  async function move(ex: Executor, ticket: TicketRow, actor: TicketActor, to: TicketStatus, action: string, now: Date, details: Record<string, unknown> = {}) {
    const set: Partial<TicketRow> = { status: to, updatedAt: now };
    if (to === 'RESOLVED') set.resolvedAt = now;
    if (to === 'CLOSED') set.closedAt = now;
    if (to === 'OPEN') Object.assign(set, { resolvedAt: null, closedAt: null });
    const updated = await ex
      .update(tickets)
      .set(set)
      .where(and(eq(tickets.id, ticket.id), eq(tickets.status, ticket.status)))
      .returning({ id: tickets.id });
    if (updated.length === 0) throw new TicketConflict('tickets.changedMeanwhile');
    await audit(ex, ticket, actor, action, ticket.status, to, details);
  }

  return {
    list,
    find,
    detail,
    upload,

    /** Opens an attachment of a ticket the caller sees. */
    async attachment(ticket: TicketRow, attachmentId: number) {
      const [row] = await db
        .select()
        .from(ticketAttachments)
        .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticket.id)));
      if (!row) return null;
      const content = await fileStore(db).get(row.storageName);
      return content ? { row, content } : null;
    },

    /** Links attachments to a newly created ticket (create runs createTicket then this, in one transaction). */
    linkToTicket: (ex: Executor, actor: TicketActor, ticket: TicketRow, ids: number[] | undefined) => link(ex, actor, ticket, ids, null),

    async comment(ex: Executor, ticket: TicketRow, actor: TicketActor, body: string, attachmentIds: number[] | undefined, now = new Date()) {
      if (ticket.status === 'CLOSED') throw new TicketConflict('tickets.closedNoComment');
      const [row] = await ex
        .insert(ticketComments)
        .values({ ticketId: ticket.id, side: actor.side, authorUserId: actor.userId, body: body.trim(), createdAt: now })
        .returning({ id: ticketComments.id });
      await link(ex, actor, ticket, attachmentIds, row.id);
      await audit(ex, ticket, actor, 'COMMENTED', null, null, { commentId: row.id, attachments: attachmentIds?.length ?? 0 });
      // The merchant's answer to a question puts the ticket back in the operator's hands.
      if (actor.side === 'MERCHANT' && ticket.status === 'WAITING_MERCHANT') await move(ex, ticket, actor, 'IN_PROGRESS', 'STATUS_CHANGED', now, { reason: 'MERCHANT_REPLIED' });
      else await ex.update(tickets).set({ updatedAt: now }).where(eq(tickets.id, ticket.id));
      return { id: row.id };
    },

    /** A status move allowed to this side; closing (merchant) goes through close() for its rating, reopening through reopen(). */
    async changeStatus(ex: Executor, ticket: TicketRow, actor: TicketActor, to: TicketStatus, now = new Date()) {
      const from = ticket.status as TicketStatus;
      if (actor.side === 'MERCHANT' && (to === 'CLOSED' || to === 'OPEN')) throw new TicketConflict(to === 'CLOSED' ? 'tickets.closeNeedsRating' : 'tickets.useReopen', 400);
      if (!canTransition(actor.side, from, to)) throw new TicketConflict('tickets.transitionNotAllowed');
      await move(ex, ticket, actor, to, 'STATUS_CHANGED', now);
    },

    async close(ex: Executor, ticket: TicketRow, actor: TicketActor, rating: number, comment: string | undefined, now = new Date()) {
      if (actor.side !== 'MERCHANT' || !canTransition('MERCHANT', ticket.status as TicketStatus, 'CLOSED')) throw new TicketConflict('tickets.transitionNotAllowed');
      await move(ex, ticket, actor, 'CLOSED', 'CLOSED', now, { rating });
      await ex.insert(ticketRatings).values({ ticketId: ticket.id, userId: actor.userId, rating, comment: comment?.trim() || null, createdAt: now });
    },

    async reopen(ex: Executor, ticket: TicketRow, actor: TicketActor, now = new Date()) {
      const status = ticket.status as TicketStatus;
      const settledAt = status === 'CLOSED' ? ticket.closedAt : ticket.resolvedAt;
      if (actor.side !== 'MERCHANT' || !canTransition('MERCHANT', status, 'OPEN')) throw new TicketConflict('tickets.transitionNotAllowed');
      if (!canReopen(status, settledAt, now)) throw new TicketConflict('tickets.reopenExpired');
      await move(ex, ticket, actor, 'OPEN', 'REOPENED', now);
    },

    /** Users of the merchant side who took part (creator, commenters): the ones told of the operator's changes. */
    async merchantPeople(ex: Executor, ticket: TicketRow): Promise<number[]> {
      const rows = await ex
        .selectDistinct({ userId: ticketComments.authorUserId })
        .from(ticketComments)
        .where(and(eq(ticketComments.ticketId, ticket.id), eq(ticketComments.side, 'MERCHANT')));
      const ids = new Set<number>(rows.map((r) => r.userId).filter((u): u is number => u !== null));
      if (ticket.createdByUserId !== null) ids.add(ticket.createdByUserId);
      return [...ids];
    },
  };
}

export type TicketService = ReturnType<typeof ticketService>;

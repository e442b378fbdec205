/**
 * Opening a support ticket, shared by the merchant's form (server/routes/reconciliation-accounting) and
 * other features that open one for the merchant (period dispute, transaction control): one insert of
 * the ticket, its linked transactions and the audit event, in the caller's transaction.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { slaDueAt, type TicketCategory } from '@/domain/tickets';
import type { Db } from '../../db/client';
import { ticketEvents, tickets, ticketTransactions, transactions } from '../../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface NewTicket {
  merchantId: number;
  createdByUserId: number;
  category: TicketCategory;
  subject: string;
  description: string;
  transactionIds?: string[];
  periodId?: number | null;
  source?: string;
  /** Audit: where the request came from. */
  ip?: string | null;
}

/** Thrown when a linked transaction id is not one of the merchant's. */
export class ForeignTransactionError extends Error {
  constructor(readonly transactionIds: string[]) {
    super('transaction not of this merchant');
    this.name = 'ForeignTransactionError';
  }
}

/**
 * Creates a ticket (status OPEN, SLA due time from its category). Linked transactions must belong to
 * `merchantId`, otherwise ForeignTransactionError and nothing is written (callers run it in a transaction).
 */
export async function createTicket(ex: Executor, input: NewTicket): Promise<{ id: number }> {
  const ids = [...new Set(input.transactionIds ?? [])];
  let storeIds: number[] = [];
  if (ids.length > 0) {
    const found = await ex
      .select({ id: transactions.id, storeId: transactions.storeId })
      .from(transactions)
      .where(and(eq(transactions.merchantId, input.merchantId), inArray(transactions.id, ids)));
    if (found.length !== ids.length) {
      const known = new Set(found.map((f) => f.id));
      throw new ForeignTransactionError(ids.filter((id) => !known.has(id)));
    }
    storeIds = [...new Set(found.map((f) => f.storeId).filter((s): s is number => s !== null))].sort((a, b) => a - b);
  }
  const now = new Date();
  const [row] = await ex
    .insert(tickets)
    .values({
      merchantId: input.merchantId,
      createdByUserId: input.createdByUserId,
      category: input.category,
      subject: input.subject.trim(),
      description: input.description.trim(),
      periodId: input.periodId ?? null,
      source: input.source ?? null,
      storeIds,
      slaDueAt: slaDueAt(input.category, now),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: tickets.id });
  if (ids.length > 0) await ex.insert(ticketTransactions).values(ids.map((transactionId) => ({ ticketId: row.id, transactionId })));
  await ex.insert(ticketEvents).values({
    ticketId: row.id,
    side: 'MERCHANT',
    actorUserId: input.createdByUserId,
    action: 'CREATED',
    toStatus: 'OPEN',
    details: { category: input.category, ...(input.source ? { source: input.source } : {}), ...(input.periodId ? { periodId: input.periodId } : {}) },
    ip: input.ip ?? null,
  });
  return { id: row.id };
}

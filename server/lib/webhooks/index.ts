/**
 * Webhooks (IPN) of the payment integration centre. An event is queued as a `webhook_deliveries` row in
 * the caller's own transaction (so a payment that rolls back never announces itself) and sent later by
 * the delivery worker (./worker.ts): signed, retried with exponential backoff, one process per delivery.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type IntegrationEnvironment, WEBHOOK_TEST_EVENT, type WebhookEventType } from '@/domain/paymentIntegration';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookSettings } from '../../db/schema';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@/domain/paymentIntegration';

/** A database handle or an open transaction (`db.transaction(async (tx) => …)`). */
export type Executor = Pick<Db, 'select' | 'insert'>;

export interface WebhookEventInput {
  merchantId: number;
  type: WebhookEventType;
  /** The event's payload (JSON); sent as `data` next to `id`, `type` and `createdAt`. */
  data: Record<string, unknown>;
  /** Payments made through the portal and the payer page are PRODUCTION events. */
  environment?: IntegrationEnvironment;
}

/** A unique, unguessable event id (`evt_` + 32 hex); receivers deduplicate on it. */
export const newEventId = (): string => `evt_${randomBytes(16).toString('hex')}`;

async function insertDelivery(ex: Executor, merchantId: number, environment: IntegrationEnvironment, type: string, data: Record<string, unknown>) {
  const eventId = newEventId();
  const [row] = await ex
    .insert(webhookDeliveries)
    .values({ eventId, merchantId, environment, eventType: type, data })
    .returning({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId });
  return row!;
}

/**
 * Queues `type` for the merchant's webhook of `environment` in the caller's transaction. Nothing is
 * queued (null) when that environment has no webhook URL or the merchant did not subscribe to the type.
 */
export async function enqueueWebhookEvent(ex: Executor, event: WebhookEventInput): Promise<{ id: number; eventId: string } | null> {
  const environment = event.environment ?? 'PRODUCTION';
  const [settings] = await ex
    .select({ url: webhookSettings.url, eventTypes: webhookSettings.eventTypes })
    .from(webhookSettings)
    .where(and(eq(webhookSettings.merchantId, event.merchantId), eq(webhookSettings.environment, environment)));
  if (!settings?.url || !settings.eventTypes.includes(event.type)) return null;
  return insertDelivery(ex, event.merchantId, environment, event.type, event.data);
}

/** "Send test event": queued whatever the subscribed types, as long as a URL is set. */
export async function enqueueTestEvent(ex: Executor, merchantId: number, environment: IntegrationEnvironment) {
  return insertDelivery(ex, merchantId, environment, WEBHOOK_TEST_EVENT, {
    message: 'This is a test event from the merchant portal.',
  });
}

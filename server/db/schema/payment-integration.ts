/**
 * Payment integration centre: API credentials per environment, webhook settings, the webhook delivery
 * queue with its attempts, the merchant API's replay nonces, the centre's audit trail and the selling
 * (fee) plans. Secrets are never stored in clear: a credential's secret key is AES-256-GCM encrypted
 * with a key derived from the installation secret (server/lib/merchant-api/crypto.ts).
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants, users } from './core';

const tz = (name: string) => timestamp(name, { withTimezone: true });
const merchantId = () =>
  integer('merchant_id')
    .notNull()
    .references(() => merchants.id, { onDelete: 'cascade' });
const environment = () => text('environment').notNull();
const environmentCheck = (table: string, column: AnyPgColumn) =>
  check(`${table}_environment_ck`, sql`${column} in ('SANDBOX', 'PRODUCTION')`);

export const apiCredentials = pgTable(
  'api_credentials',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    environment: environment(),
    /** Public: sent in every signed request to say which key signed it. */
    accessKey: text('access_key').notNull(),
    /** AES-256-GCM of the secret key (iv.tag.ciphertext, base64url); the clear key is shown once. */
    secretEncrypted: text('secret_encrypted').notNull(),
    secretLast4: text('secret_last4').notNull(),
    /** ACTIVE; ROTATED (still accepted until expires_at); REVOKED. */
    status: text('status').notNull().default('ACTIVE'),
    /** End of the overlap period of a rotated key. */
    expiresAt: tz('expires_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    revokedAt: tz('revoked_at'),
    lastUsedAt: tz('last_used_at'),
  },
  (t) => [
    uniqueIndex('api_credentials_access_key_uq').on(t.accessKey),
    // At most one ACTIVE key per merchant and environment: rotation demotes the old one in the same transaction.
    uniqueIndex('api_credentials_active_uq')
      .on(t.merchantId, t.environment)
      .where(sql`${t.status} = 'ACTIVE'`),
    index('api_credentials_merchant_idx').on(t.merchantId, t.environment, t.createdAt.desc()),
    environmentCheck('api_credentials', t.environment),
    check('api_credentials_status_ck', sql`${t.status} in ('ACTIVE', 'ROTATED', 'REVOKED')`),
  ],
);

export const webhookSettings = pgTable(
  'webhook_settings',
  {
    merchantId: merchantId(),
    environment: environment(),
    url: text('url'),
    redirectUrl: text('redirect_url'),
    eventTypes: text('event_types').array().notNull().default(sql`'{}'::text[]`),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.environment] }), environmentCheck('webhook_settings', t.environment)],
);

/** One event to deliver: queued in the caller's transaction, sent by exactly one process at a time. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The event id the receiver sees (evt_…); unique, so receivers can deduplicate. */
    eventId: text('event_id').notNull(),
    merchantId: merchantId(),
    environment: environment(),
    eventType: text('event_type').notNull(),
    data: jsonb('data').notNull(),
    /** PENDING (waiting for next_attempt_at), SENDING (claimed), DELIVERED, FAILED (gave up). */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    /** Set while a process sends it; a SENDING row older than the claim timeout is taken again. */
    claimedAt: tz('claimed_at'),
    lastAttemptAt: tz('last_attempt_at'),
    lastHttpStatus: integer('last_http_status'),
    lastLatencyMs: integer('last_latency_ms'),
    lastError: text('last_error'),
    deliveredAt: tz('delivered_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_uq').on(t.eventId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_merchant_idx').on(t.merchantId, t.environment, t.createdAt.desc(), t.id.desc()),
    environmentCheck('webhook_deliveries', t.environment),
    check('webhook_deliveries_status_ck', sql`${t.status} in ('PENDING', 'SENDING', 'DELIVERED', 'FAILED')`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: tz('attempted_at').notNull().defaultNow(),
    url: text('url').notNull(),
    httpStatus: integer('http_status'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);

/** Signatures already accepted by the merchant API: a second request with one is a replay. */
export const merchantApiNonces = pgTable(
  'merchant_api_nonces',
  {
    accessKey: text('access_key').notNull(),
    signature: text('signature').notNull(),
    seenAt: tz('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accessKey, t.signature] }), index('merchant_api_nonces_seen_idx').on(t.seenAt)],
);

/** Who did what in the integration centre (credentials, webhook settings, test events, resends). */
export const integrationAuditEntries = pgTable(
  'integration_audit_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    merchantId: merchantId(),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    environment: text('environment'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    ip: text('ip'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('integration_audit_entries_merchant_idx').on(t.merchantId, t.createdAt.desc())],
);

/**
 * A fee plan of a payment service (SELLING_PLAN_SERVICES: the provider's payment products, not the
 * portal's service catalogue): its rates per payment method (basis points plus a fixed fee in đồng).
 */
export const sellingPlans = pgTable(
  'selling_plans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    serviceCode: text('service_code').notNull(),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    /** `[{ method, rateBps, fixedFee }]`. */
    rates: jsonb('rates').notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [uniqueIndex('selling_plans_code_uq').on(t.code)],
);

export const merchantSellingPlans = pgTable(
  'merchant_selling_plans',
  {
    merchantId: merchantId(),
    serviceCode: text('service_code').notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => sellingPlans.id, { onDelete: 'cascade' }),
    effectiveFrom: tz('effective_from').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.serviceCode] })],
);

/**
 * Payment integration centre (MERCHANT_PAYMENT_INTEGRATION): API credentials per environment, webhook
 * (IPN) settings and deliveries, the signed merchant API and the selling (fee) plans. Shared by the
 * portal's forms and the server routes.
 */
import { z } from 'zod';
import { ValidationKeys } from './validation';

export const ENVIRONMENTS = ['SANDBOX', 'PRODUCTION'] as const;
export type IntegrationEnvironment = (typeof ENVIRONMENTS)[number];

export const WEBHOOK_EVENT_TYPES = ['payment.succeeded', 'payment.failed', 'refund.succeeded', 'link.paid', 'link.expired'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The type of the event "send test event" queues; always delivered whatever the subscribed types. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The provider's payment products a selling (fee) plan applies to. */
export const SELLING_PLAN_SERVICES = ['WALLET_PAYMENT', 'QR_PAYMENT', 'PAYMENT_LINK', 'DISBURSEMENT'] as const;

export const CREDENTIAL_STATUSES = ['ACTIVE', 'ROTATED', 'REVOKED'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];
export const DELIVERY_STATUSES = ['PENDING', 'SENDING', 'DELIVERED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Hours a rotated key keeps working next to its successor (the merchant deploys the new one meanwhile). */
export const ROTATION_OVERLAP_HOURS = [0, 1, 24, 72, 168] as const;
export const DEFAULT_ROTATION_OVERLAP_HOURS = 24;

/** Headers of the signed merchant API and of webhook deliveries. */
export const SIGNATURE_HEADERS = {
  accessKey: 'X-Access-Key',
  timestamp: 'X-Timestamp',
  signature: 'X-Signature',
  /** Webhooks: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
  webhook: 'X-Webhook-Signature',
  eventId: 'X-Webhook-Event-Id',
} as const;
/** Requests signed longer ago than this (or this far in the future) are refused. */
export const SIGNATURE_MAX_AGE_SECONDS = 300;

/** The string a merchant signs: method, path (with query), timestamp and body, one per line. */
export function canonicalRequest(method: string, path: string, timestamp: string, body: string): string {
  return `${method.toUpperCase()}\n${path}\n${timestamp}\n${body}`;
}
/** The string a webhook signature covers. */
export const webhookSignedPayload = (timestamp: string, body: string): string => `${timestamp}.${body}`;

export const URL_MAX_LENGTH = 500;

function urlChecks(value: string, httpsOnly: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return ValidationKeys.invalid;
  }
  if (url.username || url.password) return 'validation.integration.noCredentialsInUrl';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && !httpsOnly) return null;
  return httpsOnly ? 'validation.integration.httpsOnly' : ValidationKeys.invalid;
}

/** Webhook settings of one environment: production URLs must be https. */
export function webhookSettingsSchema(environment: IntegrationEnvironment) {
  const url = (httpsOnly: boolean) =>
    z
      .string()
      .trim()
      .max(URL_MAX_LENGTH, ValidationKeys.invalid)
      .check((ctx) => {
        if (ctx.value === '') return;
        const problem = urlChecks(ctx.value, httpsOnly);
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
      });
  return z.strictObject({
    url: url(environment === 'PRODUCTION'),
    redirectUrl: url(environment === 'PRODUCTION'),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).max(WEBHOOK_EVENT_TYPES.length),
  });
}
export type WebhookSettingsInput = z.infer<ReturnType<typeof webhookSettingsSchema>>;

export const credentialCreateSchema = z.strictObject({ environment: z.enum(ENVIRONMENTS) });
export const credentialRotateSchema = z.strictObject({
  overlapHours: z
    .number()
    .int()
    .refine((h) => (ROTATION_OVERLAP_HOURS as readonly number[]).includes(h), ValidationKeys.invalid),
});

export interface ApiCredential {
  id: number;
  environment: IntegrationEnvironment;
  partnerCode: string;
  accessKey: string;
  secretLast4: string;
  status: CredentialStatus;
  expiresAt: string | null;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}
/** The answer of a creation or rotation: the only time the secret key is sent. */
export interface IssuedCredential {
  credential: ApiCredential;
  secretKey: string;
}
export interface WebhookSettings {
  environment: IntegrationEnvironment;
  url: string;
  redirectUrl: string;
  eventTypes: WebhookEventType[];
  updatedAt: string | null;
}
export interface IntegrationOverview {
  partnerCode: string;
  credentials: ApiCredential[];
  webhooks: WebhookSettings[];
}
export interface WebhookDelivery {
  id: number;
  eventId: string;
  environment: IntegrationEnvironment;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  lastHttpStatus: number | null;
  lastLatencyMs: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}
export interface SellingPlanRate {
  method: string;
  rateBps: number;
  fixedFee: number;
}
export interface SellingPlan {
  serviceCode: string;
  planCode: string;
  planName: string;
  effectiveFrom: string;
  rates: SellingPlanRate[];
}

export { PaymentIntegrationApiPaths } from './api';

/**
 * The worked example of the integration page (tests/api/payment-integration.test.ts checks the
 * signatures below are what the server computes for these inputs). The secret is a made-up example, not a key of any installation.
 */
export const SIGNING_EXAMPLE = {
  secretKey: 'sk_example_do_not_use_in_production',
  accessKey: 'ak_0123456789abcdef01234567',
  method: 'POST',
  path: '/api/payment/v2/open/transactions/1000000000001/refunds',
  timestamp: '1767225600',
  body: '{"amount":10000,"reason":"Khách trả hàng"}',
  idempotencyKey: 'refund-order-1001',
  signature: 'f80962f205b0d115fe24c80a49630ed38e5f30a568f683b57658e4c542fc19fa',
  webhookBody:
    '{"id":"evt_0123456789abcdef0123456789abcdef","type":"payment.succeeded","environment":"PRODUCTION","createdAt":"2026-01-01T00:00:00.000Z","data":{"transactionId":"1000000000001","amount":150000}}',
  webhookSignature: 'c89c9d1e09e92e5dcbffd46a68e34068e3870a5e2fefa04cd1320fd95b243cf3',
} as const;

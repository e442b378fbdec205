/**
 * The webhook delivery worker. State lives in the database only, so deliveries survive restarts and
 * several processes on one PostgreSQL share the queue:
 *
 * 1. claim (one short transaction): due PENDING rows, and SENDING rows whose process died (claimed more
 *    than CLAIM_TIMEOUT_MS ago), are locked FOR UPDATE SKIP LOCKED and marked SENDING: each delivery is
 *    sent by one process;
 * 2. send (outside the transaction): POST to the environment's current URL, signed with every key of the
 *    environment that is valid now (`t=<unix>,v1=<hmac>[,v1=<hmac of the key in overlap>]`, HMAC-SHA256 of
 *    "<t>.<body>"), 10 s timeout, no redirects followed;
 * 3. record: an attempt row; a 2xx makes it DELIVERED, anything else PENDING again after an exponential
 *    backoff (30 s doubling, at most 2 h), until the event is RETRY_WINDOW_MS old: then FAILED.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, gt, inArray, lt, lte, or } from 'drizzle-orm';
import { type IntegrationEnvironment, SIGNATURE_HEADERS, webhookSignedPayload } from '@/domain/paymentIntegration';
import type { Db } from '../../db/client';
import { apiCredentials, webhookAttempts, webhookDeliveries, webhookSettings } from '../../db/schema';
import { hmacHex, type SecretBox } from '../merchant-api/crypto';
import { BlockedAddressError, isPrivateAddress, publicOnlyLookup } from './address';
import { runPeriodically } from '../scheduler/periodic';
import { sweepExpiredLinks } from './expiry';

/** How often a process looks for due deliveries. */
export const WEBHOOK_INTERVAL_MS = 3_000;
/** A SENDING row older than this was left by a process that stopped mid-send: it is sent again. */
export const CLAIM_TIMEOUT_MS = 2 * 60_000;
/** Retries go on until the event is this old (more than the promised 24 hours). */
export const RETRY_WINDOW_MS = 25 * 3_600_000;
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 2 * 3_600_000;
export const SEND_TIMEOUT_MS = 10_000;
const CLAIM_BATCH = 10;
/** Only the start of a receiver's answer is read (and thrown away). */
const MAX_RESPONSE_BYTES = 64 * 1024;

export interface WorkerOptions {
  box: SecretBox;
  /** Demo mode only: loopback and private addresses may receive webhooks. */
  allowPrivate: boolean;
  log?: FastifyBaseLogger;
  timeoutMs?: number;
}

/** Delay before retry number `attempts` (1 → 30 s, 2 → 60 s, … capped at 2 h). */
export const backoffMs = (attempts: number): number => Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/** The signature header value for `body` at `timestamp` (unix seconds) under each of `secrets`. */
export function webhookSignature(timestamp: number, body: string, secrets: string[]): string {
  const payload = webhookSignedPayload(String(timestamp), body);
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${hmacHex(s, payload)}`)].join(',');
}

/** Keys that sign now: the ACTIVE one first, then a rotated one still in its overlap period. */
export async function signingSecrets(db: Db, box: SecretBox, merchantId: number, environment: IntegrationEnvironment, now: Date): Promise<string[]> {
  const rows = await db
    .select({ status: apiCredentials.status, secret: apiCredentials.secretEncrypted })
    .from(apiCredentials)
    .where(
      and(
        eq(apiCredentials.merchantId, merchantId),
        eq(apiCredentials.environment, environment),
        or(eq(apiCredentials.status, 'ACTIVE'), and(eq(apiCredentials.status, 'ROTATED'), gt(apiCredentials.expiresAt, now))),
      ),
    );
  return rows.sort((a, b) => (a.status === 'ACTIVE' ? -1 : b.status === 'ACTIVE' ? 1 : 0)).map((r) => box.open(r.secret));
}

interface SendResult {
  httpStatus: number | null;
  latencyMs: number;
  error: string | null;
}

function post(url: URL, body: string, headers: Record<string, string>, options: WorkerOptions): Promise<SendResult> {
  const started = Date.now();
  const done = (httpStatus: number | null, error: string | null): SendResult => ({ httpStatus, latencyMs: Date.now() - started, error });
  return new Promise((resolve) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // A literal address never goes through `lookup`: it is judged here.
    if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) {
      resolve(done(null, new BlockedAddressError(host).message));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: options.timeoutMs ?? SEND_TIMEOUT_MS,
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) response.destroy();
        });
        const finish = () => resolve(done(response.statusCode ?? null, null));
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (err) => resolve(done(null, err instanceof BlockedAddressError ? err.message : `${(err as NodeJS.ErrnoException).code ?? err.message}`)));
    request.end(body);
  });
}

/** Sends one claimed delivery and records the attempt; returns the row's new status. */
export async function sendDelivery(db: Db, deliveryId: number, options: WorkerOptions, now: () => Date = () => new Date()) {
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!delivery) return null;
  const environment = delivery.environment as IntegrationEnvironment;
  const [settings] = await db
    .select({ url: webhookSettings.url })
    .from(webhookSettings)
    .where(and(eq(webhookSettings.merchantId, delivery.merchantId), eq(webhookSettings.environment, environment)));
  const attemptAt = now();
  let result: SendResult;
  let url = settings?.url ?? '';
  const secrets = await signingSecrets(db, options.box, delivery.merchantId, environment, attemptAt);
  if (!url) result = { httpStatus: null, latencyMs: 0, error: 'no webhook URL' };
  else if (environment === 'PRODUCTION' && !url.startsWith('https://')) result = { httpStatus: null, latencyMs: 0, error: 'production webhooks must use https' };
  else if (secrets.length === 0) result = { httpStatus: null, latencyMs: 0, error: 'no active secret key to sign with' };
  else {
    const body = JSON.stringify({
      id: delivery.eventId,
      type: delivery.eventType,
      environment,
      createdAt: delivery.createdAt.toISOString(),
      data: delivery.data,
    });
    const timestamp = Math.floor(attemptAt.getTime() / 1000);
    result = await post(
      new URL(url),
      body,
      {
        'content-type': 'application/json',
        'user-agent': 'merchant-portal-webhooks/1',
        [SIGNATURE_HEADERS.eventId.toLowerCase()]: delivery.eventId,
        [SIGNATURE_HEADERS.webhook.toLowerCase()]: webhookSignature(timestamp, body, secrets),
      },
      options,
    );
  }
  if (!url) url = '-';
  const delivered = result.httpStatus !== null && result.httpStatus >= 200 && result.httpStatus < 300;
  const attempts = delivery.attempts + 1;
  const finishedAt = now();
  const givenUp = !delivered && finishedAt.getTime() - delivery.createdAt.getTime() >= RETRY_WINDOW_MS;
  const status = delivered ? 'DELIVERED' : givenUp ? 'FAILED' : 'PENDING';
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({ deliveryId, attemptedAt: attemptAt, url, httpStatus: result.httpStatus, latencyMs: result.latencyMs, error: result.error });
    await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts,
        claimedAt: null,
        lastAttemptAt: attemptAt,
        lastHttpStatus: result.httpStatus,
        lastLatencyMs: result.latencyMs,
        lastError: result.error,
        deliveredAt: delivered ? finishedAt : null,
        nextAttemptAt: delivered || givenUp ? finishedAt : new Date(finishedAt.getTime() + backoffMs(attempts)),
      })
      .where(eq(webhookDeliveries.id, deliveryId));
  });
  // The URL and the outcome only: never the body (it may carry customer data) nor the signature.
  options.log?.info({ deliveryId, eventType: delivery.eventType, status, httpStatus: result.httpStatus, attempts }, 'webhook attempt');
  return status;
}

/** Claims due deliveries (see the module comment) and returns their ids. */
export async function claimDueDeliveries(db: Db, now: Date, limit = CLAIM_BATCH): Promise<number[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        or(
          and(eq(webhookDeliveries.status, 'PENDING'), lte(webhookDeliveries.nextAttemptAt, now)),
          and(eq(webhookDeliveries.status, 'SENDING'), lt(webhookDeliveries.claimedAt, new Date(now.getTime() - CLAIM_TIMEOUT_MS))),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((d) => d.id);
    await tx.update(webhookDeliveries).set({ status: 'SENDING', claimedAt: now }).where(inArray(webhookDeliveries.id, ids));
    return ids;
  });
}

/** One pass: sends every delivery due at `now`; returns how many were attempted. */
export async function runDueWebhooks(db: Db, options: WorkerOptions, now: () => Date = () => new Date()): Promise<number> {
  let sent = 0;
  for (let round = 0; round < 50; round++) {
    const ids = await claimDueDeliveries(db, now());
    if (ids.length === 0) break;
    await Promise.all(ids.map((id) => sendDelivery(db, id, options, now)));
    sent += ids.length;
  }
  return sent;
}

/** Starts the periodic pass (expired links' events, then due deliveries); returns the function that stops it (waiting for a pass in progress). */
export function startWebhookWorker(db: Db, options: WorkerOptions, intervalMs = WEBHOOK_INTERVAL_MS): () => Promise<void> {
  return runPeriodically(
    intervalMs,
    // Links expired since the last pass queue their `link.expired` event first, so it goes out in this pass.
    () => sweepExpiredLinks(db).then(() => runDueWebhooks(db, options)),
    (err) => options.log?.error({ err }, 'webhook pass failed'),
    { firstDelayMs: null },
  );
}

/**
 * Credentials, webhook settings, the delivery log, the audit trail and the selling plans of one merchant.
 * Every query is scoped by merchant id: another merchant's ids are simply not found.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  type ApiCredential,
  type CredentialStatus,
  type IntegrationEnvironment,
  type SellingPlan,
  type SellingPlanRate,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookSettings,
  type WebhookSettingsInput,
  ENVIRONMENTS,
} from '@/domain/paymentIntegration';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  apiCredentials,
  integrationAuditEntries,
  merchantSellingPlans,
  sellingPlans,
  webhookDeliveries,
  webhookSettings,
} from '../../db/schema';
import { ApiError } from '../../errors';
import { ApiStatus } from '@/domain/api';
import { newAccessKey, newSecretKey, type SecretBox } from '../../lib/merchant-api/crypto';
import { offsetOf, type PageRequest } from '../../pagination';

type CredentialRow = typeof apiCredentials.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface Actor {
  userId: number;
  ip: string | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function credentialOut(row: CredentialRow, partnerCode: string): ApiCredential {
  return {
    id: row.id,
    environment: row.environment as IntegrationEnvironment,
    partnerCode,
    accessKey: row.accessKey,
    secretLast4: row.secretLast4,
    status: row.status as CredentialStatus,
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
  };
}

export function deliveryOut(row: DeliveryRow): WebhookDelivery {
  const waiting = row.status === 'PENDING' || row.status === 'SENDING';
  return {
    id: row.id,
    eventId: row.eventId,
    environment: row.environment as IntegrationEnvironment,
    eventType: row.eventType,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    lastHttpStatus: row.lastHttpStatus,
    lastLatencyMs: row.lastLatencyMs,
    lastError: row.lastError,
    nextAttemptAt: waiting ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: iso(row.deliveredAt),
  };
}

export const integrationErrors = {
  activeExists: () => new ApiError(409, ApiStatus.CONFLICT, 'paymentIntegration.errors.activeExists'),
  notActive: () => new ApiError(409, ApiStatus.CONFLICT, 'paymentIntegration.errors.notActive'),
  noWebhookUrl: () => new ApiError(409, ApiStatus.CONFLICT, 'paymentIntegration.errors.noWebhookUrl'),
  noCredential: () => new ApiError(409, ApiStatus.CONFLICT, 'paymentIntegration.errors.noCredential'),
  notResendable: () => new ApiError(409, ApiStatus.CONFLICT, 'paymentIntegration.errors.notResendable'),
};

/**
 * Why a conditional update of the merchant's row `id` changed nothing: 404 when the merchant has no such
 * row (another merchant's id included), else `conflict` (the row is in a state the action refuses).
 */
async function refusal(
  ex: Pick<Db, 'select'>,
  table: typeof apiCredentials | typeof webhookDeliveries,
  id: number,
  merchantId: number,
  conflict: () => ApiError,
): Promise<ApiError> {
  const [exists] = await ex
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.merchantId, merchantId)));
  return exists ? conflict() : ApiError.notFound();
}

export function integrationRepository(db: Db, box: SecretBox) {
  async function audit(
    ex: Pick<Db, 'insert'>,
    merchantId: number,
    actor: Actor,
    action: string,
    environment: IntegrationEnvironment | null,
    details: Record<string, unknown> = {},
  ) {
    await ex.insert(integrationAuditEntries).values({ merchantId, actorUserId: actor.userId, ip: actor.ip, action, environment, details });
  }

  /** Inserts a new ACTIVE key; the unique partial index refuses a second ACTIVE one per environment. */
  async function issue(ex: Pick<Db, 'insert'>, merchantId: number, environment: IntegrationEnvironment, userId: number) {
    const secretKey = newSecretKey();
    const [row] = await ex
      .insert(apiCredentials)
      .values({
        merchantId,
        environment,
        accessKey: newAccessKey(),
        secretEncrypted: box.seal(secretKey),
        secretLast4: secretKey.slice(-4),
        createdBy: userId,
      })
      .returning();
    return { row: row!, secretKey };
  }

  return {
    /** Every key of the merchant, newest first: revoked and expired ones stay listed as history. */
    async credentials(merchantId: number): Promise<CredentialRow[]> {
      return db
        .select()
        .from(apiCredentials)
        .where(eq(apiCredentials.merchantId, merchantId))
        .orderBy(desc(apiCredentials.createdAt), desc(apiCredentials.id));
    },

    async create(merchantId: number, environment: IntegrationEnvironment, actor: Actor) {
      try {
        return await db.transaction(async (tx) => {
          const issued = await issue(tx, merchantId, environment, actor.userId);
          await audit(tx, merchantId, actor, 'CREDENTIAL_CREATED', environment, { accessKey: issued.row.accessKey });
          return issued;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw integrationErrors.activeExists();
        throw err;
      }
    },

    /** The ACTIVE key becomes ROTATED (accepted until now + overlap) and a new ACTIVE key replaces it. */
    async rotate(merchantId: number, credentialId: number, overlapHours: number, actor: Actor, now: Date) {
      try {
        return await db.transaction(async (tx) => {
          const [old] = await tx
            .update(apiCredentials)
            .set({ status: overlapHours > 0 ? 'ROTATED' : 'REVOKED', expiresAt: new Date(now.getTime() + overlapHours * 3_600_000), revokedAt: overlapHours > 0 ? null : now })
            .where(and(eq(apiCredentials.id, credentialId), eq(apiCredentials.merchantId, merchantId), eq(apiCredentials.status, 'ACTIVE')))
            .returning();
          if (!old) {
            throw await refusal(tx, apiCredentials, credentialId, merchantId, integrationErrors.notActive);
          }
          const environment = old.environment as IntegrationEnvironment;
          const issued = await issue(tx, merchantId, environment, actor.userId);
          await audit(tx, merchantId, actor, 'CREDENTIAL_ROTATED', environment, {
            oldAccessKey: old.accessKey,
            accessKey: issued.row.accessKey,
            overlapHours,
          });
          return issued;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw integrationErrors.activeExists();
        throw err;
      }
    },

    async revoke(merchantId: number, credentialId: number, actor: Actor, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(apiCredentials)
          .set({ status: 'REVOKED', revokedAt: now })
          .where(and(eq(apiCredentials.id, credentialId), eq(apiCredentials.merchantId, merchantId), inArray(apiCredentials.status, ['ACTIVE', 'ROTATED'])))
          .returning();
        if (!row) {
          throw await refusal(tx, apiCredentials, credentialId, merchantId, integrationErrors.notActive);
        }
        await audit(tx, merchantId, actor, 'CREDENTIAL_REVOKED', row.environment as IntegrationEnvironment, { accessKey: row.accessKey });
        return row;
      });
    },

    async webhooks(merchantId: number): Promise<WebhookSettings[]> {
      const rows = await db.select().from(webhookSettings).where(eq(webhookSettings.merchantId, merchantId));
      return ENVIRONMENTS.map((environment) => {
        const row = rows.find((r) => r.environment === environment);
        return {
          environment,
          url: row?.url ?? '',
          redirectUrl: row?.redirectUrl ?? '',
          eventTypes: (row?.eventTypes ?? []) as WebhookEventType[],
          updatedAt: iso(row?.updatedAt ?? null),
        };
      });
    },

    async saveWebhook(merchantId: number, environment: IntegrationEnvironment, input: WebhookSettingsInput, actor: Actor, now: Date) {
      const values = {
        url: input.url || null,
        redirectUrl: input.redirectUrl || null,
        eventTypes: [...new Set(input.eventTypes)],
        updatedBy: actor.userId,
        updatedAt: now,
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(webhookSettings)
          .values({ merchantId, environment, ...values })
          .onConflictDoUpdate({ target: [webhookSettings.merchantId, webhookSettings.environment], set: values });
        // The URL is the merchant's own address, not a secret: kept in the trail to answer "who pointed it where".
        await audit(tx, merchantId, actor, 'WEBHOOK_UPDATED', environment, { url: values.url, redirectUrl: values.redirectUrl, eventTypes: values.eventTypes });
      });
    },

    async deliveries(merchantId: number, environment: IntegrationEnvironment | undefined, page: PageRequest) {
      const where = and(eq(webhookDeliveries.merchantId, merchantId), environment ? eq(webhookDeliveries.environment, environment) : undefined);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(webhookDeliveries)
          .where(where)
          .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
          .limit(page.pageSize)
          .offset(offsetOf(page)),
        db.select({ n: count() }).from(webhookDeliveries).where(where),
      ]);
      return { rows: rows.map(deliveryOut), total: n };
    },

    async deliveryView(merchantId: number, deliveryId: number): Promise<WebhookDelivery | null> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.merchantId, merchantId)));
      return row ? deliveryOut(row) : null;
    },

    /** Queues a delivered or given-up event again (same event id: receivers deduplicate on it). */
    async resend(merchantId: number, deliveryId: number, actor: Actor, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(webhookDeliveries)
          .set({ status: 'PENDING', nextAttemptAt: now, claimedAt: null })
          .where(
            and(
              eq(webhookDeliveries.id, deliveryId),
              eq(webhookDeliveries.merchantId, merchantId),
              inArray(webhookDeliveries.status, ['DELIVERED', 'FAILED', 'PENDING']),
            ),
          )
          .returning();
        if (!row) {
          throw await refusal(tx, webhookDeliveries, deliveryId, merchantId, integrationErrors.notResendable);
        }
        await audit(tx, merchantId, actor, 'WEBHOOK_RESENT', row.environment as IntegrationEnvironment, { eventId: row.eventId });
        return row;
      });
    },

    audit,

    async sellingPlans(merchantId: number, lang: 'vi' | 'en'): Promise<SellingPlan[]> {
      const rows = await db
        .select({
          serviceCode: merchantSellingPlans.serviceCode,
          planCode: sellingPlans.code,
          nameVi: sellingPlans.nameVi,
          nameEn: sellingPlans.nameEn,
          rates: sellingPlans.rates,
          effectiveFrom: merchantSellingPlans.effectiveFrom,
        })
        .from(merchantSellingPlans)
        .innerJoin(sellingPlans, eq(sellingPlans.id, merchantSellingPlans.planId))
        .where(eq(merchantSellingPlans.merchantId, merchantId))
        .orderBy(merchantSellingPlans.serviceCode);
      return rows.map((r) => ({
        serviceCode: r.serviceCode,
        planCode: r.planCode,
        planName: lang === 'en' ? r.nameEn : r.nameVi,
        effectiveFrom: r.effectiveFrom.toISOString(),
        rates: r.rates as SellingPlanRate[],
      }));
    },
  };
}

export type IntegrationRepository = ReturnType<typeof integrationRepository>;

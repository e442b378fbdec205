/**
 * Marketing campaigns (issue 17): create, edit and every status move, for the merchant's routes, the
 * operator's review and the delivery process. The table of allowed moves is src/domain/marketingCampaigns.ts
 * (CAMPAIGN_TRANSITIONS); this module applies one:
 *
 * - in ONE transaction: a conditional UPDATE on (id, status, version) — two clicks, two operators or two
 *   processes cannot both apply a move; the loser gets 409 `marketingCampaigns.changed` and writes nothing —
 *   then the money of the move through the budget ledger (server/lib/marketing/ledger.ts) in the same
 *   transaction, then the audit event. Any refusal rolls everything back.
 * - APPROVE reserves the campaign's budget (TOTAL: the amount; DAILY: daily × days of the schedule) with
 *   reserveForCampaign (`campaign:<id>:reserve`); too little balance refuses the approval (409
 *   `marketing.insufficientBalance`, the ledger's message with the available amount).
 * - END returns what was reserved and not spent with releaseReserve (`campaign:<id>:release`).
 * - SUBMIT checks the balance covers the reserve (an early, non-binding check: approval is the binding one),
 *   that the schedule has not ended and that the page is ACTIVE.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ApiStatus } from '@/domain/api';
import type { Audience } from '@/domain/audience';
import { formatNumber } from '@/domain/format';
import {
  isEditable,
  nextStatus,
  reserveAmountOf,
  type Actor,
  type BudgetKind,
  type Campaign,
  type CampaignAction,
  type CampaignEventAction,
  type CampaignInput,
  type CampaignStatus,
  type Cta,
  type Objective,
  type TemplateInput,
} from '@/domain/marketingCampaigns';
import { pageMediaUrl } from '@/domain/pageContent';
import type { Db } from '../../db/client';
import { businessPages, marketingCampaignEvents, marketingCampaigns, marketingTemplates, pageMedia, paymentLinks } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate, type Lang } from '../../i18n';
import type { Tx } from '../notifications';
import { accountOf, releaseReserve, reserveForCampaign } from './ledger';

type Ex = Db | Tx;
export type CampaignRow = typeof marketingCampaigns.$inferSelect;
export type TemplateRow = typeof marketingTemplates.$inferSelect;

export interface ActorRef {
  kind: Actor;
  userId: number | null;
  name: string | null;
}

export const SYSTEM_ACTOR: ActorRef = { kind: 'SYSTEM', userId: null, name: null };

const conflict = (key: string, params: Record<string, unknown> = {}) => new ApiError(409, ApiStatus.CONFLICT, key, params);
const invalid = (key: string, params: Record<string, unknown> = {}) => new ApiError(400, ApiStatus.VALIDATION, key, params);

/** The campaign's reserve amount (what approval takes from the balance). */
export const reserveOf = (row: Pick<CampaignRow, 'budgetKind' | 'budgetAmount' | 'startsAt' | 'endsAt'>): number =>
  reserveAmountOf(row.budgetKind as BudgetKind, row.budgetAmount, row.startsAt, row.endsAt);

/** The merchant's page, or 404 (another merchant's page is not told apart from a missing one). */
export async function pageOf(ex: Ex, merchantId: number, pageId: number) {
  const [page] = await ex
    .select({ id: businessPages.id, name: businessPages.name, slug: businessPages.slug, status: businessPages.status })
    .from(businessPages)
    .where(and(eq(businessPages.id, pageId), eq(businessPages.merchantId, merchantId)));
  if (!page) throw ApiError.notFound();
  return page;
}

/** The campaign of the merchant's page, or 404. */
export async function campaignOf(ex: Ex, merchantId: number, pageId: number, campaignId: number): Promise<CampaignRow> {
  const [row] = await ex
    .select()
    .from(marketingCampaigns)
    .where(and(eq(marketingCampaigns.id, campaignId), eq(marketingCampaigns.merchantId, merchantId), eq(marketingCampaigns.pageId, pageId)));
  if (!row) throw ApiError.notFound();
  return row;
}

export async function templateOf(ex: Ex, merchantId: number, pageId: number, templateId: number): Promise<TemplateRow> {
  const [row] = await ex
    .select()
    .from(marketingTemplates)
    .where(and(eq(marketingTemplates.id, templateId), eq(marketingTemplates.merchantId, merchantId), eq(marketingTemplates.pageId, pageId)));
  if (!row) throw ApiError.notFound();
  return row;
}

/** A link the merchant can still be paid through: its own, not deactivated, not expired, not used up. */
export const activeLinkCondition = (merchantId: number) =>
  and(
    eq(paymentLinks.merchantId, merchantId),
    sql`${paymentLinks.deactivatedAt} is null`,
    sql`(${paymentLinks.expiresAt} is null or ${paymentLinks.expiresAt} > now())`,
    sql`(${paymentLinks.singleUse} = false or ${paymentLinks.paidAt} is null)`,
  );

/** The creative's references belong to the page and merchant: its image, its payment link (active) and template. */
async function checkCreative(ex: Ex, merchantId: number, pageId: number, input: { imageName: string | null; cta: Cta; paymentLinkId: number | null; templateId?: number | null }) {
  if (input.imageName) {
    const [media] = await ex
      .select({ name: pageMedia.storageName })
      .from(pageMedia)
      .where(and(eq(pageMedia.storageName, input.imageName), eq(pageMedia.pageId, pageId), sql`${pageMedia.customerId} is null`));
    if (!media) throw invalid('validation.marketingCampaign.image');
  }
  if (input.cta === 'OPEN_PAYMENT_LINK') {
    const [link] = await ex
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.id, input.paymentLinkId ?? 0), activeLinkCondition(merchantId)));
    if (!link) throw invalid('validation.marketingCampaign.paymentLink');
  }
  if (input.templateId != null) await templateOf(ex, merchantId, pageId, input.templateId).catch(() => {
    throw invalid('validation.marketingCampaign.template');
  });
}

async function audit(ex: Ex, campaignId: number, action: CampaignEventAction, actor: ActorRef, from: CampaignStatus | null, to: CampaignStatus, reason: string | null = null) {
  await ex.insert(marketingCampaignEvents).values({
    campaignId,
    action,
    actorKind: actor.kind,
    actorUserId: actor.userId,
    actorName: actor.name,
    fromStatus: from,
    toStatus: to,
    reason,
  });
}

const columnsOf = (input: CampaignInput) => ({
  name: input.name.trim(),
  objective: input.objective,
  audience: input.audience,
  startsAt: new Date(input.startsAt),
  endsAt: new Date(input.endsAt),
  budgetKind: input.budgetKind,
  budgetAmount: input.budgetAmount,
  creativeText: input.text,
  imageName: input.imageName,
  cta: input.cta,
  paymentLinkId: input.cta === 'OPEN_PAYMENT_LINK' ? input.paymentLinkId : null,
  templateId: input.templateId,
});

export async function createCampaign(db: Db, merchantId: number, pageId: number, input: CampaignInput, actor: ActorRef): Promise<CampaignRow> {
  await pageOf(db, merchantId, pageId);
  await checkCreative(db, merchantId, pageId, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(marketingCampaigns)
      .values({ merchantId, pageId, ...columnsOf(input), status: 'DRAFT', createdBy: actor.userId })
      .returning();
    await audit(tx, row.id, 'CREATE', actor, null, 'DRAFT');
    return row;
  });
}

/** Edits a DRAFT or REJECTED campaign made on `version`; anything else (or a stale version) is 409. */
export async function updateCampaign(
  db: Db,
  merchantId: number,
  pageId: number,
  campaignId: number,
  version: number,
  input: CampaignInput,
  actor: ActorRef,
  lang: Lang = 'vi',
): Promise<CampaignRow> {
  const current = await campaignOf(db, merchantId, pageId, campaignId);
  if (!isEditable(current.status as CampaignStatus)) throw conflict('marketingCampaigns.notEditable', { status: statusName(lang, current.status) });
  await checkCreative(db, merchantId, pageId, input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(marketingCampaigns)
      .set({ ...columnsOf(input), version: sql`${marketingCampaigns.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(marketingCampaigns.id, campaignId),
          eq(marketingCampaigns.version, version),
          sql`${marketingCampaigns.status} in ('DRAFT', 'REJECTED')`,
        ),
      )
      .returning();
    if (!row) throw conflict('marketingCampaigns.changed');
    await audit(tx, row.id, 'EDIT', actor, row.status as CampaignStatus, row.status as CampaignStatus);
    return row;
  });
}

/** Status names inside messages, in the caller's language (the error handler translates the key itself). */
export const statusName = (lang: Lang, status: string) => translate(lang, `marketingCampaigns.statuses.${status}`);

export interface MoveOptions {
  /** The version the caller saw (merchant moves); the current row's otherwise. */
  version?: number;
  reason?: string | null;
  /** Language of message parameters (status names). */
  lang?: Lang;
  now?: Date;
}

/**
 * Applies `action` by `actor` to the campaign (already known to belong to the caller's merchant and page,
 * or read by id for the operator and the system) in one transaction with its money and audit.
 * 409 when the table forbids the move from the current status, or the campaign changed meanwhile.
 */
export async function moveCampaign(db: Db, campaignId: number, action: CampaignAction, actor: ActorRef, options: MoveOptions = {}): Promise<CampaignRow> {
  const lang = options.lang ?? 'vi';
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, campaignId));
    if (!current) throw ApiError.notFound();
    const from = current.status as CampaignStatus;
    const to = nextStatus(from, action, actor.kind);
    if (!to) {
      throw conflict('marketingCampaigns.illegalMove', { action: translate(lang, `marketingCampaigns.actions.${action}`), status: statusName(lang, from) });
    }
    const version = options.version ?? current.version;
    if (version !== current.version) throw conflict('marketingCampaigns.changed');
    const reserve = reserveOf(current);
    const set: Partial<typeof marketingCampaigns.$inferInsert> = { status: to, updatedAt: now };

    if (action === 'SUBMIT') {
      if (current.endsAt.getTime() <= now.getTime()) throw conflict('marketingCampaigns.scheduleOver');
      const [page] = await tx.select({ status: businessPages.status }).from(businessPages).where(eq(businessPages.id, current.pageId));
      if (page?.status !== 'ACTIVE') throw conflict('marketingCampaigns.pageNotActive');
      const account = await accountOf(tx, current.merchantId);
      if (account.balance < reserve) {
        throw conflict('marketing.insufficientBalance', { available: formatNumber(account.balance), amount: formatNumber(reserve) });
      }
      Object.assign(set, { submittedAt: now, rejectReason: null, reviewedAt: null, reviewedBy: null });
    } else if (action === 'APPROVE') {
      if (current.endsAt.getTime() <= now.getTime()) throw conflict('marketingCampaigns.scheduleOver');
      Object.assign(set, { reviewedAt: now, reviewedBy: actor.userId, reserved: reserve });
    } else if (action === 'REJECT') {
      Object.assign(set, { reviewedAt: now, reviewedBy: actor.userId, rejectReason: options.reason ?? null });
    } else if (action === 'START') {
      if (current.startsAt.getTime() > now.getTime()) throw conflict('marketingCampaigns.notStarted');
      set.startedAt = now;
    } else if (action === 'RESUME') {
      if (current.endsAt.getTime() <= now.getTime()) throw conflict('marketingCampaigns.scheduleOver');
    } else if (action === 'END') {
      set.endedAt = now;
      set.released = sql`${marketingCampaigns.reserved} - ${marketingCampaigns.spent}` as unknown as number;
    }

    const [row] = await tx
      .update(marketingCampaigns)
      .set({ ...set, version: sql`${marketingCampaigns.version} + 1` as unknown as number })
      .where(and(eq(marketingCampaigns.id, campaignId), eq(marketingCampaigns.status, from), eq(marketingCampaigns.version, version)))
      .returning();
    if (!row) throw conflict('marketingCampaigns.changed');

    if (action === 'APPROVE') {
      await reserveForCampaign(tx, {
        merchantId: row.merchantId,
        campaignId: row.id,
        campaignName: row.name,
        amount: reserve,
        idempotencyKey: `campaign:${row.id}:reserve`,
        userId: actor.userId,
      });
    } else if (action === 'END' && row.released > 0) {
      await releaseReserve(tx, {
        merchantId: row.merchantId,
        campaignId: row.id,
        campaignName: row.name,
        amount: row.released,
        idempotencyKey: `campaign:${row.id}:release`,
        userId: actor.userId,
      });
    }
    await audit(tx, row.id, action, actor, from, to, action === 'REJECT' ? (options.reason ?? null) : null);
    return row;
  });
}

export async function createTemplate(db: Db, merchantId: number, pageId: number, input: TemplateInput, userId: number): Promise<TemplateRow> {
  await pageOf(db, merchantId, pageId);
  await checkCreative(db, merchantId, pageId, input);
  const [row] = await db
    .insert(marketingTemplates)
    .values({
      merchantId,
      pageId,
      name: input.name.trim(),
      text: input.text,
      imageName: input.imageName,
      cta: input.cta,
      paymentLinkId: input.cta === 'OPEN_PAYMENT_LINK' ? input.paymentLinkId : null,
      createdBy: userId,
    })
    .returning();
  return row;
}

export async function updateTemplate(db: Db, merchantId: number, pageId: number, templateId: number, input: TemplateInput): Promise<TemplateRow> {
  await templateOf(db, merchantId, pageId, templateId);
  await checkCreative(db, merchantId, pageId, input);
  const [row] = await db
    .update(marketingTemplates)
    .set({
      name: input.name.trim(),
      text: input.text,
      imageName: input.imageName,
      cta: input.cta,
      paymentLinkId: input.cta === 'OPEN_PAYMENT_LINK' ? input.paymentLinkId : null,
      updatedAt: new Date(),
    })
    .where(and(eq(marketingTemplates.id, templateId), eq(marketingTemplates.merchantId, merchantId)))
    .returning();
  return row;
}

/** The API's campaign (one definition shared with the portal). */
export type CampaignDto = Campaign;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCampaignDto(row: CampaignRow): CampaignDto {
  return {
    id: row.id,
    pageId: row.pageId,
    name: row.name,
    objective: row.objective as Objective,
    audience: row.audience as Audience,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    budgetKind: row.budgetKind as BudgetKind,
    budgetAmount: row.budgetAmount,
    reserveAmount: reserveOf(row),
    reserved: row.reserved,
    spent: row.spent,
    released: row.released,
    status: row.status as CampaignStatus,
    rejectReason: row.rejectReason,
    text: row.creativeText,
    imageName: row.imageName,
    imageUrl: row.imageName ? pageMediaUrl(row.imageName) : null,
    cta: row.cta as Cta,
    paymentLinkId: row.paymentLinkId,
    templateId: row.templateId,
    submittedAt: iso(row.submittedAt),
    reviewedAt: iso(row.reviewedAt),
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export interface TemplateDto {
  id: number;
  pageId: number;
  name: string;
  text: string;
  imageName: string | null;
  imageUrl: string | null;
  cta: Cta;
  paymentLinkId: number | null;
  createdAt: string;
  updatedAt: string;
}

export const toTemplateDto = (row: TemplateRow): TemplateDto => ({
  id: row.id,
  pageId: row.pageId,
  name: row.name,
  text: row.text,
  imageName: row.imageName,
  imageUrl: row.imageName ? pageMediaUrl(row.imageName) : null,
  cta: row.cta as Cta,
  paymentLinkId: row.paymentLinkId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Campaign delivery (issue 17). One pass (deliveryPass), run periodically by every API process and on
 * demand in demo mode:
 *
 * 1. ends campaigns whose schedule is over (SCHEDULED, RUNNING, PAUSED → ENDED, unspent reserve released);
 * 2. starts SCHEDULED campaigns whose start has come (→ RUNNING);
 * 3. demo mode only: delivers the current tick of every RUNNING campaign (simulated figures).
 *
 * The simulation is deterministic: a tick's figures depend only on the campaign (id, objective, budget,
 * schedule), its audience size (countAudience over the WALLET population), the Vietnam day and the tick
 * number (TICK_MINUTES slices of the day), so a re-run gives the same figures. A tick is applied in ONE
 * transaction: the ledger debit (idempotency key `campaign:<id>:debit:<day>:<tick>`), the campaign's
 * `spent` (conditional: RUNNING and spent + released + x <= reserved) and the day's delivery row
 * (conditional: a later tick than the row's, and for DAILY budgets the day's spend + x <= the daily budget).
 * Any refusal rolls the three back, so delivery figures, spend and the balance always agree, and several
 * processes running the same pass apply each tick once (the second sees the ledger key and stops).
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Audience } from '@/domain/audience';
import { scheduleDays, type BudgetKind, type Objective } from '@/domain/marketingCampaigns';
import { dayStart, vietnamToday } from '@/domain/time';
import type { Db } from '../../db/client';
import { marketingCampaignDelivery, marketingCampaigns } from '../../db/schema';
import { ApiError } from '../../errors';
import { countAudience } from '../audience';
import { runPeriodically } from '../scheduler/periodic';
import { moveCampaign, SYSTEM_ACTOR, type CampaignRow } from './campaigns';
import { debitFromReserve } from './ledger';

/** Length of a delivery tick; a day has 1440 / TICK_MINUTES ticks. */
export const TICK_MINUTES = 15;
export const TICKS_PER_DAY = (24 * 60) / TICK_MINUTES;
/** What one impression costs in the simulation (đồng): a CPM of 25,000 đ. */
export const COST_PER_IMPRESSION = 25;
/** Default interval of the periodic pass. */
export const DELIVERY_INTERVAL_MS = 60_000;

export interface TickFigures {
  impressions: number;
  clicks: number;
  follows: number;
  payments: number;
  spend: number;
}

/** The tick of `now` within its Vietnam day. */
export function tickOf(now: Date): { day: string; tick: number } {
  const day = vietnamToday(now);
  const minutes = Math.floor((now.getTime() - dayStart(day).getTime()) / 60_000);
  return { day, tick: Math.min(TICKS_PER_DAY - 1, Math.floor(minutes / TICK_MINUTES)) };
}

/** A number in [0, 1) from a text (FNV-1a 32-bit): the simulation's only source of variety. */
export function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 0x1_0000_0000;
}

/** The planned figures of one tick (before the budget caps), deterministic from its inputs. */
export function planTick(
  campaign: { id: number; objective: Objective; budgetKind: BudgetKind; budgetAmount: number; startsAt: Date; endsAt: Date },
  audienceSize: number,
  day: string,
  tick: number,
): TickFigures {
  const none = { impressions: 0, clicks: 0, follows: 0, payments: 0, spend: 0 };
  if (audienceSize <= 0) return none;
  const r = (k: string) => unitHash(`${campaign.id}:${day}:${tick}:${k}`);
  const daily = campaign.budgetKind === 'DAILY' ? campaign.budgetAmount : Math.ceil(campaign.budgetAmount / scheduleDays(campaign.startsAt, campaign.endsAt));
  const wanted = Math.floor((daily / TICKS_PER_DAY) * (0.75 + 0.5 * r('pace')));
  // Each customer of the audience sees the campaign at most 3 times per tick.
  const impressions = Math.min(Math.floor(wanted / COST_PER_IMPRESSION), audienceSize * 3);
  if (impressions <= 0) return none;
  const ctr = 0.01 + 0.02 * r('ctr');
  const clicks = Math.round(impressions * ctr);
  const followRate = campaign.objective === 'FOLLOWERS' ? 0.25 : 0.04;
  const payRate = campaign.objective === 'SALES' ? 0.08 : 0.01;
  return {
    impressions,
    clicks,
    follows: Math.round(clicks * followRate * (0.5 + r('follow'))),
    payments: Math.round(clicks * payRate * (0.5 + r('pay'))),
    spend: impressions * COST_PER_IMPRESSION,
  };
}

/** Scales figures down to a smaller spend (a budget cap), keeping them whole and consistent. */
export function capFigures(figures: TickFigures, spend: number): TickFigures {
  if (spend >= figures.spend) return figures;
  const impressions = Math.floor(spend / COST_PER_IMPRESSION);
  if (impressions <= 0) return { impressions: 0, clicks: 0, follows: 0, payments: 0, spend: 0 };
  const k = impressions / figures.impressions;
  return {
    impressions,
    clicks: Math.floor(figures.clicks * k),
    follows: Math.floor(figures.follows * k),
    payments: Math.floor(figures.payments * k),
    spend: impressions * COST_PER_IMPRESSION,
  };
}

class Skip extends Error {}

export type TickOutcome = 'DELIVERED' | 'ALREADY' | 'CAPPED' | 'NOTHING';

/** Applies one tick of one RUNNING campaign (see the module comment). */
export async function deliverTick(db: Db, campaign: CampaignRow, day: string, tick: number): Promise<TickOutcome> {
  const audienceSize = await countAudience(db, campaign.audience as Audience, { merchantId: campaign.merchantId, pageId: campaign.pageId, population: 'WALLET' });
  const planned = planTick(
    { id: campaign.id, objective: campaign.objective as Objective, budgetKind: campaign.budgetKind as BudgetKind, budgetAmount: campaign.budgetAmount, startsAt: campaign.startsAt, endsAt: campaign.endsAt },
    audienceSize,
    day,
    tick,
  );
  if (planned.spend <= 0) return 'NOTHING';
  try {
    return await db.transaction(async (tx) => {
      const [now] = await tx
        .select({ status: marketingCampaigns.status, reserved: marketingCampaigns.reserved, spent: marketingCampaigns.spent, released: marketingCampaigns.released })
        .from(marketingCampaigns)
        .where(eq(marketingCampaigns.id, campaign.id));
      const [row] = await tx
        .select({ spend: marketingCampaignDelivery.spend, lastTick: marketingCampaignDelivery.lastTick })
        .from(marketingCampaignDelivery)
        .where(and(eq(marketingCampaignDelivery.campaignId, campaign.id), eq(marketingCampaignDelivery.day, day)));
      if (!now || now.status !== 'RUNNING') return 'NOTHING';
      if (row && row.lastTick >= tick) return 'ALREADY';
      let room = now.reserved - now.spent - now.released;
      if (campaign.budgetKind === 'DAILY') room = Math.min(room, campaign.budgetAmount - (row?.spend ?? 0));
      const figures = capFigures(planned, Math.max(0, room));
      if (figures.spend <= 0) return 'CAPPED';

      const debit = await debitFromReserve(tx, {
        merchantId: campaign.merchantId,
        campaignId: campaign.id,
        campaignName: campaign.name,
        day,
        amount: figures.spend,
        idempotencyKey: `campaign:${campaign.id}:debit:${day}:${tick}`,
      });
      if (debit.replayed) return 'ALREADY';
      const [spent] = await tx
        .update(marketingCampaigns)
        .set({ spent: sql`${marketingCampaigns.spent} + ${figures.spend}` })
        .where(
          and(
            eq(marketingCampaigns.id, campaign.id),
            eq(marketingCampaigns.status, 'RUNNING'),
            sql`${marketingCampaigns.spent} + ${marketingCampaigns.released} + ${figures.spend} <= ${marketingCampaigns.reserved}`,
          ),
        )
        .returning({ id: marketingCampaigns.id });
      if (!spent) throw new Skip();
      const dailyCap = campaign.budgetKind === 'DAILY' ? sql` and ${marketingCampaignDelivery.spend} + ${figures.spend} <= ${campaign.budgetAmount}` : sql``;
      const [delivered] = await tx
        .insert(marketingCampaignDelivery)
        .values({ campaignId: campaign.id, merchantId: campaign.merchantId, day, ...figures, lastTick: tick })
        .onConflictDoUpdate({
          target: [marketingCampaignDelivery.campaignId, marketingCampaignDelivery.day],
          set: {
            impressions: sql`${marketingCampaignDelivery.impressions} + ${figures.impressions}`,
            clicks: sql`${marketingCampaignDelivery.clicks} + ${figures.clicks}`,
            follows: sql`${marketingCampaignDelivery.follows} + ${figures.follows}`,
            payments: sql`${marketingCampaignDelivery.payments} + ${figures.payments}`,
            spend: sql`${marketingCampaignDelivery.spend} + ${figures.spend}`,
            lastTick: tick,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${marketingCampaignDelivery.lastTick} < ${tick}${dailyCap}`,
        })
        .returning({ id: marketingCampaignDelivery.id });
      if (!delivered) throw new Skip();
      return 'DELIVERED';
    });
  } catch (err) {
    // A lost race (another process applied this tick, a pause, a cap): nothing was written.
    if (err instanceof Skip) return 'CAPPED';
    if (err instanceof ApiError && err.httpStatus === 409) return 'CAPPED';
    throw err;
  }
}

export interface PassResult {
  ended: number;
  started: number;
  delivered: number;
}

/** Applies a system move; a campaign another process or person moved first is simply skipped. */
async function systemMove(db: Db, id: number, action: 'START' | 'END', now: Date): Promise<boolean> {
  try {
    await moveCampaign(db, id, action, SYSTEM_ACTOR, { now });
    return true;
  } catch (err) {
    if (err instanceof ApiError && (err.httpStatus === 409 || err.httpStatus === 404)) return false;
    throw err;
  }
}

/** One pass (see the module comment); `deliver` is demo mode's simulation. */
export async function deliveryPass(db: Db, { now = new Date(), deliver = true }: { now?: Date; deliver?: boolean } = {}): Promise<PassResult> {
  const result: PassResult = { ended: 0, started: 0, delivered: 0 };
  const due = await db
    .select({ id: marketingCampaigns.id })
    .from(marketingCampaigns)
    .where(and(inArray(marketingCampaigns.status, ['SCHEDULED', 'RUNNING', 'PAUSED']), lte(marketingCampaigns.endsAt, now)))
    .orderBy(marketingCampaigns.id)
    .limit(500);
  for (const { id } of due) if (await systemMove(db, id, 'END', now)) result.ended++;
  const starting = await db
    .select({ id: marketingCampaigns.id })
    .from(marketingCampaigns)
    .where(and(eq(marketingCampaigns.status, 'SCHEDULED'), lte(marketingCampaigns.startsAt, now)))
    .orderBy(marketingCampaigns.id)
    .limit(500);
  for (const { id } of starting) if (await systemMove(db, id, 'START', now)) result.started++;
  if (!deliver) return result;
  const { day, tick } = tickOf(now);
  const running = await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.status, 'RUNNING')).orderBy(marketingCampaigns.id).limit(1000);
  for (const campaign of running) {
    if ((await deliverTick(db, campaign, day, tick)) === 'DELIVERED') result.delivered++;
  }
  return result;
}

/** Runs deliveryPass now and every interval; returns the stop function. */
export function startDeliveryRunner(db: Db, log: FastifyBaseLogger, { intervalMs = DELIVERY_INTERVAL_MS, deliver }: { intervalMs?: number; deliver: boolean }) {
  return runPeriodically(
    intervalMs,
    async () => {
      const result = await deliveryPass(db, { deliver });
      if (result.ended || result.started || result.delivered) log.info(result, 'marketing campaigns delivery pass');
    },
    (err) => log.error({ err }, 'marketing campaigns delivery pass failed'),
  );
}

/**
 * Marketing campaigns and templates (issue 17; spec §2 marketing-management, {id}, {id}/campaign/create
 * with optional `from`, {id}/campaign/{campaignId}, {id}/marketing-template; route code
 * BUSINESS_PAGE_MARKETING_MANAGEMENT; §5 placeholders; §6 roles). Shared by the forms and the server:
 * the status flow (one pure transition table), limits, money rules, the `from` query and every input schema.
 * Money is integer đồng; times are instants (ISO with offset), entered and shown in Asia/Ho_Chi_Minh.
 */
import { z } from 'zod';
import { audienceSchema, type Audience } from './audience';
import { customerTemplateText } from './customerTemplates';
import { PAGE_MEDIA_NAME } from './pageContent';
import { addDays, dayCount, dayKeyOf, VN_UTC_OFFSET_MINUTES } from './time';
import { ValidationKeys } from './validation';
// The paths live with the rest of the contract, so the dataProvider's import of them leaves this module's schemas out.
export { MarketingCampaignApiPaths } from './api';

export const OBJECTIVES = ['FOLLOWERS', 'REACH', 'SALES'] as const;
export type Objective = (typeof OBJECTIVES)[number];

export const BUDGET_KINDS = ['DAILY', 'TOTAL'] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];

export const CTAS = ['OPEN_PAGE', 'OPEN_PAYMENT_LINK', 'FOLLOW'] as const;
export type Cta = (typeof CTAS)[number];

export const CAMPAIGN_STATUSES = ['DRAFT', 'IN_REVIEW', 'REJECTED', 'SCHEDULED', 'RUNNING', 'PAUSED', 'ENDED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_ACTIONS = ['SUBMIT', 'APPROVE', 'REJECT', 'START', 'PAUSE', 'RESUME', 'END'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** Who moves a campaign: the merchant's users, the provider's operator, or the delivery process. */
export const ACTORS = ['MERCHANT', 'OPERATOR', 'SYSTEM'] as const;
export type Actor = (typeof ACTORS)[number];

/** The audit also records these, which are not moves. */
export type CampaignEventAction = CampaignAction | 'CREATE' | 'EDIT';

/**
 * The one status flow: each action, the statuses it leaves, where it goes and who may take it.
 * DRAFT → IN_REVIEW → (REJECTED | SCHEDULED) → RUNNING ↔ PAUSED → ENDED; a rejected campaign is edited
 * and submitted again; a scheduled campaign can be ended before it starts (its whole reserve returns).
 */
export const CAMPAIGN_TRANSITIONS: Readonly<Record<CampaignAction, { from: readonly CampaignStatus[]; to: CampaignStatus; by: readonly Actor[] }>> = {
  SUBMIT: { from: ['DRAFT', 'REJECTED'], to: 'IN_REVIEW', by: ['MERCHANT'] },
  APPROVE: { from: ['IN_REVIEW'], to: 'SCHEDULED', by: ['OPERATOR'] },
  REJECT: { from: ['IN_REVIEW'], to: 'REJECTED', by: ['OPERATOR'] },
  START: { from: ['SCHEDULED'], to: 'RUNNING', by: ['SYSTEM'] },
  PAUSE: { from: ['RUNNING'], to: 'PAUSED', by: ['MERCHANT'] },
  RESUME: { from: ['PAUSED'], to: 'RUNNING', by: ['MERCHANT'] },
  END: { from: ['SCHEDULED', 'RUNNING', 'PAUSED'], to: 'ENDED', by: ['MERCHANT', 'SYSTEM'] },
};

/** Where `action` by `actor` takes a campaign in `status`; null when the table does not allow it. */
export function nextStatus(status: CampaignStatus, action: CampaignAction, actor: Actor): CampaignStatus | null {
  const move = CAMPAIGN_TRANSITIONS[action];
  return move.from.includes(status) && move.by.includes(actor) ? move.to : null;
}

/** The actions `actor` may take on a campaign in `status`, in the table's order. */
export function allowedActions(status: CampaignStatus, actor: Actor): CampaignAction[] {
  return CAMPAIGN_ACTIONS.filter((action) => nextStatus(status, action, actor) !== null);
}

/** Statuses whose campaign can still be edited (and then submitted). */
export const EDITABLE_STATUSES: readonly CampaignStatus[] = ['DRAFT', 'REJECTED'];
export const isEditable = (status: CampaignStatus): boolean => EDITABLE_STATUSES.includes(status);

/** Actions a merchant user takes from the campaign's detail (the path segment of each). */
export const MERCHANT_ACTIONS = ['SUBMIT', 'PAUSE', 'RESUME', 'END'] as const satisfies readonly CampaignAction[];
export type MerchantAction = (typeof MERCHANT_ACTIONS)[number];

export const CAMPAIGN_LIMITS = {
  nameMaxLength: 120,
  textMaxLength: 1000,
  templateNameMaxLength: 80,
  rejectReasonMaxLength: 500,
  /** Smallest daily budget and smallest total budget (đồng). */
  minDailyBudget: 50_000,
  minTotalBudget: 200_000,
  maxBudget: 1_000_000_000,
  /** Longest schedule (Vietnam days). */
  maxScheduleDays: 90,
  pageSizes: [10, 20, 50] as const,
} as const;

/** The Vietnam days a schedule touches, inclusive (an end at midnight does not touch the next day). */
export function scheduleDays(startsAt: Date, endsAt: Date): number {
  const first = dayKeyOf(startsAt);
  const last = dayKeyOf(new Date(endsAt.getTime() - 1));
  return Math.max(1, dayCount(first, last));
}

/** What approval reserves: the total, or the daily budget times the days of the schedule. */
export function reserveAmountOf(kind: BudgetKind, amount: number, startsAt: Date, endsAt: Date): number {
  return kind === 'TOTAL' ? amount : amount * scheduleDays(startsAt, endsAt);
}

/** Cost per result: spend per follow (FOLLOWERS), per 1,000 impressions (REACH), per payment (SALES); null without results. */
export function costPerResult(objective: Objective, figures: { spend: number; impressions: number; follows: number; payments: number }): number | null {
  const results = objective === 'FOLLOWERS' ? figures.follows : objective === 'SALES' ? figures.payments : figures.impressions / 1000;
  return results > 0 ? Math.round(figures.spend / results) : null;
}

/**
 * The `from` query of the create screen: `template:<id>` (a template of the page) or `campaign:<id>`
 * (another campaign of the page, copied without its status, schedule and money).
 */
export type CampaignSource = { kind: 'template' | 'campaign'; id: number };
export function parseCampaignSource(value: string | null | undefined): CampaignSource | null {
  const match = /^(template|campaign):([1-9]\d{0,9})$/.exec(value ?? '');
  if (!match) return null;
  const id = Number(match[2]);
  return id <= 2_147_483_647 ? { kind: match[1] as CampaignSource['kind'], id } : null;
}
export const campaignSourceQuery = (source: CampaignSource): string => `${source.kind}:${source.id}`;

/** A datetime-local value (YYYY-MM-DDTHH:mm, Vietnam time) as the instant the API takes. */
export function vietnamLocalToIso(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const date = new Date(`${local}:00+07:00`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
/** An instant as a datetime-local value in Vietnam time. */
export function isoToVietnamLocal(iso: string | Date): string {
  const date = new Date(new Date(iso).getTime() + VN_UTC_OFFSET_MINUTES * 60_000);
  return date.toISOString().slice(0, 16);
}
/** Today + `days` at `hour`:00 Vietnam time, as a datetime-local value (the form's defaults). */
export function vietnamLocalOf(today: string, days: number, hour: number): string {
  return `${addDays(today, days)}T${String(hour).padStart(2, '0')}:00`;
}

export const CampaignValidationKeys = {
  budgetMinDaily: 'validation.marketingCampaign.budgetMinDaily',
  budgetMinTotal: 'validation.marketingCampaign.budgetMinTotal',
  budgetMax: 'validation.marketingCampaign.budgetMax',
  schedule: 'validation.marketingCampaign.schedule',
  scheduleTooLong: 'validation.marketingCampaign.scheduleTooLong',
  paymentLink: 'validation.marketingCampaign.paymentLink',
  dateTime: 'validation.marketingCampaign.dateTime',
} as const;

const name = (max: number) =>
  z.string({ error: ValidationKeys.required }).check((ctx) => {
    if (ctx.value.trim() === '') ctx.issues.push({ code: 'custom', message: ValidationKeys.required, input: ctx.value });
    else if (ctx.value.length > max) ctx.issues.push({ code: 'custom', message: 'validation.tooLong', input: ctx.value, params: { max } });
  });

/** Whole đồng from a number or a digit string (a form's text field). */
const dong = z.union([z.number(), z.string()], { error: ValidationKeys.required }).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value.replace(/[.,\s]/g, '');
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: ValidationKeys.required });
    return z.NEVER;
  }
  const n = /^\d{1,13}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n)) {
    ctx.addIssue({ code: 'custom', message: ValidationKeys.invalid });
    return z.NEVER;
  }
  return n;
});

const instant = z.iso.datetime({ offset: true, error: CampaignValidationKeys.dateTime });
const imageName = z.string(ValidationKeys.invalid).regex(PAGE_MEDIA_NAME, ValidationKeys.invalid).nullable().default(null);
const paymentLinkId = z.number(ValidationKeys.invalid).int(ValidationKeys.invalid).positive(ValidationKeys.invalid).nullable().default(null);

/** The creative shared by campaigns and templates: text with §5 placeholders, an image of the page, a call to action. */
const creativeShape = {
  text: customerTemplateText(CAMPAIGN_LIMITS.textMaxLength),
  imageName,
  cta: z.enum(CTAS, ValidationKeys.invalid),
  paymentLinkId,
};

function checkCta(value: { cta: Cta; paymentLinkId: number | null }, ctx: z.core.ParsePayload<unknown>) {
  if (value.cta === 'OPEN_PAYMENT_LINK' && value.paymentLinkId === null) {
    ctx.issues.push({ code: 'custom', message: CampaignValidationKeys.paymentLink, input: value.paymentLinkId, path: ['paymentLinkId'] });
  }
}

export const campaignInputSchema = z
  .strictObject({
    name: name(CAMPAIGN_LIMITS.nameMaxLength),
    objective: z.enum(OBJECTIVES, ValidationKeys.invalid),
    audience: audienceSchema,
    startsAt: instant,
    endsAt: instant,
    budgetKind: z.enum(BUDGET_KINDS, ValidationKeys.invalid),
    budgetAmount: dong,
    ...creativeShape,
    templateId: z.number(ValidationKeys.invalid).int(ValidationKeys.invalid).positive(ValidationKeys.invalid).nullable().default(null),
  })
  .check((ctx) => {
    const v = ctx.value;
    checkCta(v, ctx);
    const min = v.budgetKind === 'DAILY' ? CAMPAIGN_LIMITS.minDailyBudget : CAMPAIGN_LIMITS.minTotalBudget;
    if (v.budgetAmount < min) {
      const message = v.budgetKind === 'DAILY' ? CampaignValidationKeys.budgetMinDaily : CampaignValidationKeys.budgetMinTotal;
      ctx.issues.push({ code: 'custom', message, input: v.budgetAmount, path: ['budgetAmount'] });
    }
    else if (v.budgetAmount > CAMPAIGN_LIMITS.maxBudget) {
      ctx.issues.push({ code: 'custom', message: CampaignValidationKeys.budgetMax, input: v.budgetAmount, path: ['budgetAmount'] });
    }
    const start = new Date(v.startsAt);
    const end = new Date(v.endsAt);
    if (!(end.getTime() > start.getTime())) ctx.issues.push({ code: 'custom', message: CampaignValidationKeys.schedule, input: v.endsAt, path: ['endsAt'] });
    else if (scheduleDays(start, end) > CAMPAIGN_LIMITS.maxScheduleDays) {
      ctx.issues.push({ code: 'custom', message: CampaignValidationKeys.scheduleTooLong, input: v.endsAt, path: ['endsAt'] });
    }
  });
export type CampaignInput = z.infer<typeof campaignInputSchema>;
export type CampaignFormValues = z.input<typeof campaignInputSchema>;

/** An edit names the version it was made on: a campaign changed meanwhile answers 409. */
export const campaignUpdateSchema = z.strictObject({ version: z.number(ValidationKeys.invalid).int(ValidationKeys.invalid).positive(ValidationKeys.invalid), campaign: campaignInputSchema });

export const templateInputSchema = z
  .strictObject({ name: name(CAMPAIGN_LIMITS.templateNameMaxLength), ...creativeShape })
  .check((ctx) => checkCta(ctx.value, ctx));
export type TemplateInput = z.infer<typeof templateInputSchema>;

export const campaignRejectSchema = z.strictObject({
  reason: z.string({ error: ValidationKeys.required }).check((ctx) => {
    if (ctx.value.trim() === '') ctx.issues.push({ code: 'custom', message: ValidationKeys.required, input: ctx.value });
    else if (ctx.value.length > CAMPAIGN_LIMITS.rejectReasonMaxLength) {
      ctx.issues.push({ code: 'custom', message: 'validation.tooLong', input: ctx.value, params: { max: CAMPAIGN_LIMITS.rejectReasonMaxLength } });
    }
  }),
});

/** A merchant move names the version it was shown, so a second click on a stale screen does nothing. */
export const campaignMoveSchema = z.strictObject({ version: z.number(ValidationKeys.invalid).int(ValidationKeys.invalid).positive(ValidationKeys.invalid) });

/** A campaign as the API answers it (server/lib/marketing/campaigns.ts toCampaign, the portal's screens). */
export interface Campaign {
  id: number;
  pageId: number;
  name: string;
  objective: Objective;
  audience: Audience;
  startsAt: string;
  endsAt: string;
  budgetKind: BudgetKind;
  budgetAmount: number;
  /** What approval reserves (TOTAL: the amount; DAILY: daily × days). */
  reserveAmount: number;
  reserved: number;
  spent: number;
  released: number;
  status: CampaignStatus;
  rejectReason: string | null;
  text: string;
  imageName: string | null;
  imageUrl: string | null;
  cta: Cta;
  paymentLinkId: number | null;
  templateId: number | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/**
 * Message management of a business page (issue 18; spec §2 message-management: {id}/chat-template,
 * /create, /{templateId}, {id}/setting-chat-channel, {id}/setting-faq-channel, route code
 * BUSINESS_PAGE_MESSAGE_MANAGEMENT; messages-management: {id}/tag-management, {id}/message-configuration,
 * BUSINESS_PAGE_USER_CHAT_MANAGEMENT). One set of zod schemas for the forms and the API.
 *
 * Texts sent to customers (templates, greeting, away and outside-hours replies, FAQ answers) may use the
 * §5 placeholders ${name} and ${page} only (src/domain/customerTemplates.ts).
 */
import { z } from 'zod';
import { TAG_COLORS } from './audience';
import { customerTemplateText } from './customerTemplates';
import { dbIdSchema, requiredString, ValidationKeys } from './validation';

export const MESSAGE_SETTINGS_LIMITS = {
  tagNameMaxLength: 40,
  tagsPerPage: 100,
  templateTitleMaxLength: 100,
  templateShortcutMaxLength: 30,
  templateTextMaxLength: 1000,
  templatesPerPage: 200,
  automationTextMaxLength: 500,
  /** Auto-resolve after 1 hour to 30 days of silence. */
  autoResolveMinHours: 1,
  autoResolveMaxHours: 720,
  blockedWordsMax: 100,
  blockedWordMaxLength: 40,
  faqQuestionMaxLength: 200,
  faqAnswerMaxLength: 1000,
  faqEntriesMax: 30,
  quickMenuItemsMax: 5,
  quickMenuLabelMaxLength: 40,
} as const;

export const MessageSettingsKeys = {
  tagColor: 'validation.messageSettings.tagColor',
  shortcut: 'validation.messageSettings.shortcut',
  textWhenOn: 'validation.messageSettings.textWhenOn',
  blockedWordsDuplicate: 'validation.messageSettings.blockedWordsDuplicate',
  tooMany: 'validation.messageSettings.tooMany',
} as const;

const TOO_LONG = 'validation.tooLong';
/** Non-blank text of at most `max` characters ("Tối đa {{max}} ký tự"). */
const maxText = (max: number) =>
  requiredString.check((ctx) => {
    if (ctx.value.trim().length > max) ctx.issues.push({ code: 'custom', message: TOO_LONG, input: ctx.value, params: { max } });
  });

// ---------------------------------------------------------------------------------------------
// Tags (tag-management)
// ---------------------------------------------------------------------------------------------

export const tagSchema = z.strictObject({
  name: maxText(MESSAGE_SETTINGS_LIMITS.tagNameMaxLength),
  color: z.enum(TAG_COLORS, MessageSettingsKeys.tagColor),
});
export type TagInput = z.infer<typeof tagSchema>;

export interface PageTag {
  id: number;
  name: string;
  color: string;
  /** Customers of the page carrying the tag. */
  customers: number;
}

/** Put a tag on the conversation's customer / take it off. */
export const conversationTagSchema = z.strictObject({ tagId: dbIdSchema });

export interface CustomerTag {
  id: number;
  name: string;
  color: string;
}

// ---------------------------------------------------------------------------------------------
// Chat templates (chat-template, quick replies)
// ---------------------------------------------------------------------------------------------

const SHORTCUT = /^[a-z0-9_-]+$/;

export const chatTemplateSchema = z.strictObject({
  title: maxText(MESSAGE_SETTINGS_LIMITS.templateTitleMaxLength),
  /** Typed after "/" in the composer: lower-case letters, digits, "-" and "_". */
  shortcut: maxText(MESSAGE_SETTINGS_LIMITS.templateShortcutMaxLength).regex(SHORTCUT, MessageSettingsKeys.shortcut),
  text: customerTemplateText(MESSAGE_SETTINGS_LIMITS.templateTextMaxLength),
});
export type ChatTemplateInput = z.infer<typeof chatTemplateSchema>;

export interface ChatTemplate {
  id: number;
  title: string;
  shortcut: string;
  text: string;
  updatedAt: string;
}

/** The sample customer of the template preview. */
export const SAMPLE_CUSTOMER_NAME = 'Nguyễn Văn An';

// ---------------------------------------------------------------------------------------------
// Message configuration (greeting, outside office hours, away, auto-resolve)
// ---------------------------------------------------------------------------------------------

const automationText = customerTemplateText(MESSAGE_SETTINGS_LIMITS.automationTextMaxLength).nullable();

/** A switched-on automation needs its text. */
const needsText = (on: boolean, text: string | null) => !on || (text !== null && text.trim().length > 0);

export const messageConfigurationSchema = z
  .strictObject({
    greetingEnabled: z.boolean(ValidationKeys.invalid),
    greetingText: automationText,
    outsideHoursEnabled: z.boolean(ValidationKeys.invalid),
    outsideHoursText: automationText,
    awayEnabled: z.boolean(ValidationKeys.invalid),
    awayText: automationText,
    /** null: conversations are never resolved on their own. */
    autoResolveHours: z
      .number(ValidationKeys.invalid)
      .int(ValidationKeys.invalid)
      .min(MESSAGE_SETTINGS_LIMITS.autoResolveMinHours, ValidationKeys.invalid)
      .max(MESSAGE_SETTINGS_LIMITS.autoResolveMaxHours, ValidationKeys.invalid)
      .nullable(),
  })
  .superRefine((v, ctx) => {
    for (const [on, text, path] of [
      [v.greetingEnabled, v.greetingText, 'greetingText'],
      [v.outsideHoursEnabled, v.outsideHoursText, 'outsideHoursText'],
      [v.awayEnabled, v.awayText, 'awayText'],
    ] as const) {
      if (!needsText(on, text)) ctx.addIssue({ code: 'custom', message: MessageSettingsKeys.textWhenOn, path: [path], input: text });
    }
  });
export type MessageConfigurationInput = z.infer<typeof messageConfigurationSchema>;

export interface MessageConfiguration extends MessageConfigurationInput {
  /** Whether the page has opening hours (outside-hours replies need them). */
  hasOpeningHours: boolean;
}

// ---------------------------------------------------------------------------------------------
// Chat channel (chat on/off, who may start a chat, blocked words)
// ---------------------------------------------------------------------------------------------

export const WHO_CAN_START = ['EVERYONE', 'FOLLOWERS'] as const;
export type WhoCanStart = (typeof WHO_CAN_START)[number];

/** Blocked words are compared in lower case (NFC). */
export const normaliseWord = (w: string): string => w.normalize('NFC').trim().toLowerCase();

export const chatChannelSchema = z.strictObject({
  chatEnabled: z.boolean(ValidationKeys.invalid),
  whoCanStart: z.enum(WHO_CAN_START, ValidationKeys.invalid),
  blockedWords: z
    .array(maxText(MESSAGE_SETTINGS_LIMITS.blockedWordMaxLength), ValidationKeys.invalid)
    .max(MESSAGE_SETTINGS_LIMITS.blockedWordsMax, MessageSettingsKeys.tooMany)
    .refine((words) => new Set(words.map(normaliseWord)).size === words.length, MessageSettingsKeys.blockedWordsDuplicate),
});
export type ChatChannelInput = z.infer<typeof chatChannelSchema>;

/** The first blocked word `text` contains (case-insensitive), else null. */
export function blockedWordIn(text: string, words: readonly string[]): string | null {
  const folded = normaliseWord(text);
  return words.find((w) => normaliseWord(w) !== '' && folded.includes(normaliseWord(w))) ?? null;
}

// ---------------------------------------------------------------------------------------------
// FAQ channel (FAQ entries and the quick menu)
// ---------------------------------------------------------------------------------------------

export const faqEntrySchema = z.strictObject({
  question: maxText(MESSAGE_SETTINGS_LIMITS.faqQuestionMaxLength),
  answer: customerTemplateText(MESSAGE_SETTINGS_LIMITS.faqAnswerMaxLength),
});
export type FaqEntryInput = z.infer<typeof faqEntrySchema>;

export interface FaqEntry extends FaqEntryInput {
  id: number;
  position: number;
}

/** A button of the quick menu: its label is sent as the customer's message; with an FAQ entry, its answer follows. */
export const quickMenuItemSchema = z.strictObject({
  label: maxText(MESSAGE_SETTINGS_LIMITS.quickMenuLabelMaxLength),
  faqId: dbIdSchema.nullable(),
});
export const quickMenuSchema = z.strictObject({
  items: z.array(quickMenuItemSchema, ValidationKeys.invalid).max(MESSAGE_SETTINGS_LIMITS.quickMenuItemsMax, MessageSettingsKeys.tooMany),
});
export type QuickMenuInput = z.infer<typeof quickMenuSchema>;

export interface QuickMenuItem {
  id: number;
  label: string;
  faqId: number | null;
}

/** What the customer sees when the chat opens (public). */
export interface ChatMenu {
  chatEnabled: boolean;
  /** The customer may not start a chat (followers only and not following). */
  followersOnly: boolean;
  menu: { id: number; label: string }[];
  faq: { id: number; question: string }[];
}

/** The customer's pick: a quick-menu button or an FAQ question. */
export const chatMenuPickSchema = z.union(
  [z.strictObject({ menuItemId: dbIdSchema }), z.strictObject({ faqId: dbIdSchema })],
  ValidationKeys.invalid,
);
export type ChatMenuPick = z.infer<typeof chatMenuPickSchema>;

// ---------------------------------------------------------------------------------------------
// Opening hours (Asia/Ho_Chi_Minh, UTC+7 all year)
// ---------------------------------------------------------------------------------------------

type Hours = Partial<Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', { open: string; close: string } | null>>;
const DAY_KEYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const VN_OFFSET_MS = 7 * 3_600_000;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the page has any opening hours set (without them it is never "outside office hours"). */
export const hasOpeningHours = (hours: Hours | null | undefined): boolean => !!hours && Object.values(hours).some((d) => d != null);

/**
 * Whether `at` falls outside the page's opening hours in Vietnam time, and when it opens next (the key of
 * the closed period: one outside-hours reply per conversation per closed period). A day that is absent or
 * null is closed; a page without any hours is never outside them.
 */
export function outsideHours(hours: Hours | null | undefined, at: Date): { outside: false } | { outside: true; opensAt: string | null } {
  if (!hasOpeningHours(hours)) return { outside: false };
  const local = new Date(at.getTime() + VN_OFFSET_MS);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const today = hours![DAY_KEYS[local.getUTCDay()]!];
  if (today && minute >= minutesOf(today.open) && minute < minutesOf(today.close)) return { outside: false };
  // The next opening: later today, or the first open day of the coming week.
  const midnightUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - VN_OFFSET_MS;
  for (let d = 0; d <= 7; d += 1) {
    const day = hours![DAY_KEYS[(local.getUTCDay() + d) % 7]!];
    if (!day) continue;
    const opens = minutesOf(day.open);
    if (d === 0 && opens <= minute) continue;
    return { outside: true, opensAt: new Date(midnightUtc + d * 86_400_000 + opens * 60_000).toISOString() };
  }
  return { outside: true, opensAt: null };
}

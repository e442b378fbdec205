/**
 * Business pages (official accounts; spec §2 business-page, route codes MERCHANT_OA_MANAGER and
 * MERCHANT_BUSSINESS_PAGE_LIST; §7 /official-account, /businesspage): statuses, page roles and what each
 * role may do, and the zod schemas shared by the settings forms and the API (§5 rules).
 */
import { z } from 'zod';
import {
  byteLengthSchema,
  dbIdSchema,
  facebookUrlSchema,
  IMAGE_TYPES,
  identifierSchema,
  isValidPhone,
  optionalField,
  requiredString,
  ValidationKeys,
  webUrlSchema,
} from './validation';

export const PAGE_STATUSES = ['DRAFT', 'PENDING_REVIEW', 'ACTIVE', 'SUSPENDED'] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const PAGE_ROLES = ['PAGE_ADMIN', 'EDITOR', 'CHAT_AGENT', 'ANALYST'] as const;
export type PageRole = (typeof PAGE_ROLES)[number];

/** Merchant roles that act as PAGE_ADMIN on every page of their merchant (and alone create pages). */
export const PAGE_OWNER_MERCHANT_ROLES = ['MERCHANT_OWNER', 'ADMINISTRATOR'] as const;

/**
 * What each page role may do (docs/decisions.md). The server enforces it on every call; the screens only
 * hide what the caller cannot do.
 */
export const PAGE_ABILITIES = {
  /** Read the page, its settings, stores and members. */
  view: ['PAGE_ADMIN', 'EDITOR', 'CHAT_AGENT', 'ANALYST'],
  /** Change settings, images, stores; submit for review. */
  manageSettings: ['PAGE_ADMIN'],
  /** Grant, change and remove page roles. */
  managePermissions: ['PAGE_ADMIN'],
  /** Posts, stories, review replies. */
  publish: ['PAGE_ADMIN', 'EDITOR'],
  /** Customer chat. */
  chat: ['PAGE_ADMIN', 'CHAT_AGENT'],
  /** Page reports. */
  reports: ['PAGE_ADMIN', 'ANALYST'],
} as const satisfies Record<string, readonly PageRole[]>;
export type PageAbility = keyof typeof PAGE_ABILITIES;

export const canDo = (role: PageRole | null | undefined, ability: PageAbility): boolean =>
  role != null && (PAGE_ABILITIES[ability] as readonly string[]).includes(role);

export const PAGE_CATEGORIES = ['FOOD_BEVERAGE', 'RETAIL', 'FASHION', 'BEAUTY', 'HEALTH', 'EDUCATION', 'TRAVEL', 'ENTERTAINMENT', 'SERVICES', 'OTHER'] as const;
export type PageCategory = (typeof PAGE_CATEGORIES)[number];

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const PAGE_LIMITS = {
  nameMaxLength: 100,
  slugMinLength: 3,
  slugMaxLength: 50,
  /** §5 byte-length check on the description (UTF-8 bytes: Vietnamese letters count 2–3). */
  descriptionMaxBytes: 2000,
  rejectReasonMaxLength: 500,
  /** Avatar and cover images. */
  imageMaxBytes: 2 * 1024 * 1024,
} as const;

/** §5 image types for the avatar and the cover. */
export const PAGE_IMAGE_TYPES = IMAGE_TYPES;
export const PAGE_IMAGE_KINDS = ['avatar', 'cover'] as const;
export type PageImageKind = (typeof PAGE_IMAGE_KINDS)[number];

/** Slugs are compared and stored lower case, so 'Pho_Ha' and 'pho_ha' are the same page address. */
export const normaliseSlug = (slug: string): string => slug.toLowerCase();

/** §5 identifier (letters, digits, underscore: no accents, no spaces), 3–50 characters. */
export const slugSchema = identifierSchema
  .min(PAGE_LIMITS.slugMinLength, 'validation.businessPage.slugLength')
  .max(PAGE_LIMITS.slugMaxLength, 'validation.businessPage.slugLength');

const nameSchema = requiredString.max(PAGE_LIMITS.nameMaxLength, 'validation.businessPage.nameLength');

/** A hotline: a §5 phone number, or an 1800/1900 service number (8 or 10 digits). */
export const isValidHotline = (value: string): boolean => isValidPhone(value) || /^(?:1800|1900)(?:\d{4}|\d{6})$/.test(value);
const hotlineSchema = z.string().refine(isValidHotline, 'validation.businessPage.hotline');

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const dayHoursSchema = z
  .strictObject({
    open: z.string().regex(TIME, 'validation.businessPage.time'),
    close: z.string().regex(TIME, 'validation.businessPage.time'),
  })
  .refine((v) => v.open < v.close, { message: 'validation.businessPage.hoursOrder', path: ['close'] });

/** Opening hours per weekday, Vietnam time (Asia/Ho_Chi_Minh) 'HH:mm'; null = closed that day. */
export const openingHoursSchema = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema.nullable().optional()])) as Record<Weekday, z.ZodOptional<z.ZodNullable<typeof dayHoursSchema>>>,
);
export type OpeningHours = z.infer<typeof openingHoursSchema>;

/** Creating a page: a name and its address (the form proposes toIdentifier(name)). */
export const pageCreateSchema = z.strictObject({
  name: nameSchema,
  slug: slugSchema,
});
export type PageCreateInput = z.infer<typeof pageCreateSchema>;

/** setting-page: everything but the images (uploaded on their own). */
export const pageSettingsSchema = z.strictObject({
  name: nameSchema,
  slug: slugSchema,
  description: optionalField(byteLengthSchema(PAGE_LIMITS.descriptionMaxBytes)),
  category: optionalField(z.enum(PAGE_CATEGORIES, ValidationKeys.invalid)),
  hotline: optionalField(hotlineSchema),
  website: optionalField(webUrlSchema),
  facebook: optionalField(facebookUrlSchema),
  openingHours: openingHoursSchema,
});
export type PageSettingsInput = z.infer<typeof pageSettingsSchema>;

/** permissions/create and a role change. */
export const pageMemberSchema = z.strictObject({
  userId: dbIdSchema,
  pageRole: z.enum(PAGE_ROLES, ValidationKeys.required),
});
export const pageMemberRoleSchema = pageMemberSchema.pick({ pageRole: true });

export const pageStoresSchema = z.strictObject({ storeId: dbIdSchema });

/** The operator's rejection (ops page-reviews). */
export const pageRejectSchema = z.strictObject({
  reason: requiredString.max(PAGE_LIMITS.rejectReasonMaxLength, 'validation.businessPage.reasonLength'),
});

/** What a page needs before it may be submitted for review. */
export function missingForReview(page: { description: string | null; category: string | null; avatarFile: string | null }): string[] {
  const missing: string[] = [];
  if (!page.description) missing.push('description');
  if (!page.category) missing.push('category');
  if (!page.avatarFile) missing.push('avatar');
  return missing;
}

/** Which statuses may be edited by the merchant (an ACTIVE page edits live; SUSPENDED is frozen). */
export const EDITABLE_STATUSES: readonly PageStatus[] = ['DRAFT', 'ACTIVE'];

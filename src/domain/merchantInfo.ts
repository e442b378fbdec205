/**
 * Merchant info and KYB (spec §3 merchant and documents, §4 stateCode): the shared rules of the portal's
 * forms and the API — paths, document types, upload limits, the edit/registration/link bodies and the
 * KYB flow (what editing does to the state, what the next step is). Messages are `validation.*` keys.
 */
import { z } from 'zod';
import { kybStatus, type KybStatus } from './kyb';
import { emailSchema, optionalField, phoneSchema, ValidationKeys, webUrlSchema } from './validation';

export { MerchantInfoApiPaths } from './api';

// ---------------------------------------------------------------------------------------------
// Documents (§3)
// ---------------------------------------------------------------------------------------------

export const MERCHANT_DOCUMENT_TYPES = [
  'Document-KYB-B1',
  'Document-KYB-B2',
  'Document-KYB-A',
  'Document-KYB-E',
  'Business Contract',
  'Logo',
  'OTHER_PRIVATE_DOCUMENT',
  'OTHER_PUBLIC_DOCUMENT',
] as const;
export type MerchantDocumentType = (typeof MERCHANT_DOCUMENT_TYPES)[number];

/** i18n key part of each type (`resources.merchant-info.documentTypes.<key>`). */
export const DOCUMENT_TYPE_KEYS: Record<MerchantDocumentType, string> = {
  'Document-KYB-B1': 'idFront',
  'Document-KYB-B2': 'idBack',
  'Document-KYB-A': 'businessLicence',
  'Document-KYB-E': 'authorisationLetter',
  'Business Contract': 'businessContract',
  Logo: 'logo',
  OTHER_PRIVATE_DOCUMENT: 'otherPrivate',
  OTHER_PUBLIC_DOCUMENT: 'otherPublic',
};

/** §3: only one ID front and one ID back are kept; one logo is all a merchant shows. A new one replaces the old. */
export const SINGLE_DOCUMENT_TYPES: readonly MerchantDocumentType[] = ['Document-KYB-B1', 'Document-KYB-B2', 'Logo'];
/** Shown to anyone who sees the merchant; every other type is private to the merchant's users. */
export const PUBLIC_DOCUMENT_TYPES: readonly MerchantDocumentType[] = ['Logo', 'OTHER_PUBLIC_DOCUMENT'];
/** What a merchant must have on file before its info can be sent for approval. */
export const REQUIRED_KYB_DOCUMENTS: readonly MerchantDocumentType[] = ['Document-KYB-B1', 'Document-KYB-B2', 'Document-KYB-A'];
/** The upload limit: the spec's unexplained 6 MiB constant (§9). */
export const MAX_DOCUMENT_BYTES = 6 * 1024 * 1024;
/** Files of one multi-file type a merchant may keep (a bound, so uploads cannot fill the database). */
export const MAX_DOCUMENTS_PER_TYPE = 20;

/** §5 image types plus PDF; SVG only for the logo (a scan of an ID card or a licence is never a vector drawing). */
export function allowedExtensions(type: MerchantDocumentType): readonly string[] {
  if (type === 'Logo') return ['jpg', 'jpeg', 'png', 'svg'];
  return ['jpg', 'jpeg', 'png', 'pdf'];
}

export const isPublicDocument = (type: string): boolean => (PUBLIC_DOCUMENT_TYPES as readonly string[]).includes(type);
export const isSingleDocument = (type: string): boolean => (SINGLE_DOCUMENT_TYPES as readonly string[]).includes(type);

export const documentTypeParam = z.enum(MERCHANT_DOCUMENT_TYPES, { error: ValidationKeys.invalid });

export const MAX_FILE_NAME_LENGTH = 120;
/**
 * A file name as the user's device gave it: no folders (/ \), no '..', no control characters, not hidden
 * (leading dot), at most 120 characters. Browsers send only the base name, so anything else is a crafted request.
 */
export function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= MAX_FILE_NAME_LENGTH &&
    name.trim() === name &&
    !name.startsWith('.') &&
    !name.includes('..') &&
    // eslint-disable-next-line no-control-regex
    !/[/\\:*?"<>|\u0000-\u001f\u007f]/.test(name)
  );
}

/** The lower-case extension after the last dot ('' when none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Checks a chosen file before upload (the server checks again, and checks the content). */
export function checkDocumentFile(
  type: MerchantDocumentType,
  file: { name: string; size: number },
): 'fileName' | 'fileType' | 'fileSize' | 'fileEmpty' | null {
  if (!isSafeFileName(file.name)) return 'fileName';
  if (!allowedExtensions(type).includes(extensionOf(file.name))) return 'fileType';
  if (file.size === 0) return 'fileEmpty';
  if (file.size > MAX_DOCUMENT_BYTES) return 'fileSize';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Categories and merchant fields
// ---------------------------------------------------------------------------------------------

/** `GET /categories?type=`: the industry (with its card-scheme MCC) and the legal form of the business. */
export const CATEGORY_TYPES = ['INDUSTRY', 'COMPANY_TYPE'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];

/** §3 selling channel: online, offline or both. */
export const SELLING_CHANNELS = ['ONLINE', 'OFFLINE', 'BOTH'] as const;
export type SellingChannel = (typeof SELLING_CHANNELS)[number];

/** Merchant types a new registration may take (§3: P2M is unsupported). */
export const REGISTRABLE_TYPES = ['SME', 'BPU', 'BUDDHIST_SANGHA', 'TOP_BRAND'] as const;

/** §3 linking and group roles. MASTER is the master's own group role, never a linked merchant's. */
export const LINKING_TYPES = ['SHARING', 'SATELLITE'] as const;
export const GROUP_ROLES = ['MASTER', 'PAYMENT_SOLUTION', 'SALE_SOLUTION', 'INTERNAL_MANAGEMENT', 'GROWTH_SOLUTION'] as const;
export const LINKED_GROUP_ROLES = ['PAYMENT_SOLUTION', 'SALE_SOLUTION', 'INTERNAL_MANAGEMENT', 'GROWTH_SOLUTION'] as const;

export const FIELD_MAX_LENGTH = { name: 150, brandName: 80, businessAddress: 250, representativeName: 100 } as const;

/** Text of 1..max characters (after trimming it must not be empty; the value itself is never changed). */
function text(max: number) {
  return z.string({ error: ValidationKeys.required }).check((ctx) => {
    if (ctx.value.trim() === '') ctx.issues.push({ code: 'custom', message: ValidationKeys.required, input: ctx.value });
    else if (ctx.value.length > max)
      ctx.issues.push({ code: 'custom', message: 'validation.merchantInfo.tooLong', input: ctx.value, params: { max } });
  });
}

/** Vietnamese tax code: 10 digits, or 10 digits, a dash and a 3-digit branch number. */
export const TAX_CODE_PATTERN = /^\d{10}(-\d{3})?$/;
export const taxCodeSchema = z.string({ error: ValidationKeys.required }).check((ctx) => {
  if (ctx.value === '') ctx.issues.push({ code: 'custom', message: ValidationKeys.required, input: ctx.value });
  else if (!TAX_CODE_PATTERN.test(ctx.value))
    ctx.issues.push({ code: 'custom', message: 'validation.merchantInfo.taxCode', input: ctx.value });
});

const code = z.string({ error: ValidationKeys.required }).min(1, { error: ValidationKeys.required }).max(40, { error: ValidationKeys.invalid });

/** The editable merchant fields (edit form and POST …/info). */
export const merchantFieldsShape = {
  name: text(FIELD_MAX_LENGTH.name),
  brandName: text(FIELD_MAX_LENGTH.brandName),
  companyTypeCode: code,
  industryCode: code,
  taxCode: taxCodeSchema,
  businessAddress: text(FIELD_MAX_LENGTH.businessAddress),
  representativeName: text(FIELD_MAX_LENGTH.representativeName),
  contactPhone: phoneSchema,
  contactEmail: emailSchema,
  website: optionalField(webUrlSchema),
  sellingChannel: z.enum(SELLING_CHANNELS, { error: ValidationKeys.invalid }),
};
export const merchantEditSchema = z.strictObject(merchantFieldsShape);
export type MerchantEditInput = z.infer<typeof merchantEditSchema>;
export type MerchantField = keyof typeof merchantFieldsShape;
export const MERCHANT_FIELDS = Object.keys(merchantFieldsShape) as MerchantField[];

export const registerMerchantSchema = z.strictObject({
  type: z.enum(REGISTRABLE_TYPES, { error: ValidationKeys.invalid }),
  ...merchantFieldsShape,
});
export type RegisterMerchantInput = z.infer<typeof registerMerchantSchema>;

export const linkMerchantSchema = z
  .strictObject({
    merchantId: z.number({ error: ValidationKeys.required }).int().min(1).max(2_147_483_647),
    masterMerchantId: z.number({ error: ValidationKeys.required }).int().min(1).max(2_147_483_647),
    linkingType: z.enum(LINKING_TYPES, { error: ValidationKeys.invalid }),
    groupRole: z.enum(LINKED_GROUP_ROLES, { error: ValidationKeys.invalid }),
  })
  .refine((v) => v.merchantId !== v.masterMerchantId, { path: ['masterMerchantId'], message: 'validation.merchantInfo.linkSelf' });
export type LinkMerchantInput = z.infer<typeof linkMerchantSchema>;

// ---------------------------------------------------------------------------------------------
// KYB flow (§4 states; the transitions are ours, see docs/decisions.md "Merchant info and KYB")
// ---------------------------------------------------------------------------------------------

export const KYB_STATE = {
  NEW: 101,
  WAITING_UPDATE: 106,
  WAITING_APPROVE: 110,
  /** Waiting approval of a change while the merchant stays verified (in KYB, 2xx). */
  WAITING_APPROVE_IN_KYB: 203,
} as const;

/** Locked merchants and merchants under review cannot change their info or KYB documents. */
export function kybEditBlock(stateCode: number): 'locked' | 'underReview' | null {
  const status = kybStatus(stateCode);
  if (status === 'locked') return 'locked';
  if (status === 'waitingApprove') return 'underReview';
  return null;
}

/**
 * Contact details: how to reach the merchant, not who it is. Changing only these keeps the KYB state
 * (no review); any other field (name, brand, tax code, address, representative, legal form, industry,
 * selling channel) is what KYB verified, so changing it sends the merchant back to review.
 */
export const CONTACT_ONLY_FIELDS: readonly MerchantField[] = ['contactPhone', 'contactEmail', 'website'];

/** The fields whose value differs (website: empty and absent are the same). */
export function changedMerchantFields(current: Partial<Record<MerchantField, unknown>>, next: Partial<Record<MerchantField, unknown>>): MerchantField[] {
  const value = (record: Partial<Record<MerchantField, unknown>>, field: MerchantField) => record[field] ?? '';
  return MERCHANT_FIELDS.filter((field) => value(current, field) !== value(next, field));
}

/** Of the changed fields, those that send the merchant back to KYB review. */
export const reviewFieldsOf = (changed: readonly MerchantField[]): MerchantField[] =>
  changed.filter((field) => !CONTACT_ONLY_FIELDS.includes(field));

/**
 * The state after the merchant sends changed info. Contact-only changes keep the state. Otherwise a
 * verified (2xx) merchant waits for approval of the change without leaving KYB (203); anyone else waits
 * for approval (110) when every required document is on file, else waits for the missing ones (106).
 */
export function stateAfterEdit(stateCode: number, documentsComplete: boolean, reviewFields: readonly MerchantField[]): number {
  if (reviewFields.length === 0) return stateCode;
  if (stateCode >= 200 && stateCode <= 299) return KYB_STATE.WAITING_APPROVE_IN_KYB;
  return documentsComplete ? KYB_STATE.WAITING_APPROVE : KYB_STATE.WAITING_UPDATE;
}

/** A KYB document (ID, licence, authorisation) replaced on a verified merchant must be approved again. */
export function stateAfterKybDocument(stateCode: number, type: MerchantDocumentType): number {
  const kybDocument = type.startsWith('Document-KYB-');
  const status = kybStatus(stateCode);
  if (kybDocument && stateCode >= 200 && stateCode <= 299 && (status === 'done' || status === 'reject')) {
    return KYB_STATE.WAITING_APPROVE_IN_KYB;
  }
  return stateCode;
}

export type KybNextStep =
  | 'uploadAndSubmit'
  | 'update'
  | 'wait'
  | 'none'
  | 'fixAndResubmit'
  | 'contactSupport'
  | 'other';

/** What the merchant should do next, per display status (§4). */
export function kybNextStep(stateCode: number): KybNextStep {
  const byStatus: Record<KybStatus, KybNextStep> = {
    new: 'uploadAndSubmit',
    waitingUpdate: 'update',
    waitingApprove: 'wait',
    done: 'none',
    reject: 'fixAndResubmit',
    locked: 'contactSupport',
    other: 'other',
  };
  return byStatus[kybStatus(stateCode)];
}

export function missingRequiredDocuments(types: readonly string[]): MerchantDocumentType[] {
  return REQUIRED_KYB_DOCUMENTS.filter((t) => !types.includes(t));
}

// ---------------------------------------------------------------------------------------------
// Payloads
// ---------------------------------------------------------------------------------------------

export interface MerchantDocument {
  id: number;
  type: MerchantDocumentType;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  isPublic: boolean;
  uploadedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The KYB fields beyond name and brand name, as stored (website '' when none). */
export interface MerchantProfileFields {
  companyTypeCode: string;
  industryCode: string;
  taxCode: string;
  businessAddress: string;
  representativeName: string;
  contactPhone: string;
  contactEmail: string;
  website: string;
  sellingChannel: SellingChannel;
}

export interface MerchantLinkRef {
  id: number;
  name: string;
  partnerCode: string;
  relationshipRole: string | null;
  groupRole: string | null;
}

export interface MerchantInfo {
  id: number;
  partnerCode: string;
  name: string;
  brandName: string;
  type: string;
  stateCode: number;
  kybStatus: KybStatus;
  awaitingApproval: boolean;
  inKyb: boolean;
  nextStep: KybNextStep;
  editBlock: 'locked' | 'underReview' | null;
  relationshipRole: string | null;
  linkedWithMaster: boolean;
  master: MerchantLinkRef | null;
  linkedMerchants: MerchantLinkRef[];
  internalGroup: { groupCode: string } | null;
  profile: MerchantProfileFields | null;
  documents: MerchantDocument[];
  missingDocuments: MerchantDocumentType[];
  canEdit: boolean;
  canLink: boolean;
  updatedAt: string | null;
}

export interface MerchantCategory {
  code: string;
  name: string;
  mcc: string | null;
}

export interface MerchantValidations {
  maxDocumentBytes: number;
  maxFileNameLength: number;
  documentTypes: Array<{
    type: MerchantDocumentType;
    extensions: readonly string[];
    single: boolean;
    isPublic: boolean;
    required: boolean;
  }>;
  fieldMaxLength: typeof FIELD_MAX_LENGTH;
  taxCodePattern: string;
  sellingChannels: readonly string[];
  registrableTypes: readonly string[];
  linkingTypes: readonly string[];
  groupRoles: readonly string[];
}

export function merchantValidations(): MerchantValidations {
  return {
    maxDocumentBytes: MAX_DOCUMENT_BYTES,
    maxFileNameLength: MAX_FILE_NAME_LENGTH,
    documentTypes: MERCHANT_DOCUMENT_TYPES.map((type) => ({
      type,
      extensions: allowedExtensions(type),
      single: isSingleDocument(type),
      isPublic: isPublicDocument(type),
      required: REQUIRED_KYB_DOCUMENTS.includes(type),
    })),
    fieldMaxLength: FIELD_MAX_LENGTH,
    taxCodePattern: TAX_CODE_PATTERN.source,
    sellingChannels: SELLING_CHANNELS,
    registrableTypes: REGISTRABLE_TYPES,
    linkingTypes: LINKING_TYPES,
    groupRoles: LINKED_GROUP_ROLES,
  };
}

/**
 * Team (user management) rules shared by the portal's forms and the API: one zod schema per request
 * body, so the form and the server refuse exactly the same input with the same message keys.
 */
import { z } from 'zod';
import { ASSIGNABLE_ROLES, STORE_ROLES } from './permissions';
import type { Role } from './roles';
import {
  dbIdSchema,
  emailSchema,
  isValidPhone,
  optionalField,
  passwordSchema,
  requiredString,
  usernameSchema,
  ValidationKeys,
  withPasswordConfirm,
} from './validation';

export const INVITATION_STATUSES = ['WAITING', 'EXPIRED', 'REJECT', 'CANCEL', 'ACCEPT'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const USER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** How long an invitation waits for an answer before it shows as EXPIRED. */
export const INVITATION_LIFETIME_DAYS = 7;

/**
 * §4 display texts, as i18n keys: EXPIRED 'Chưa xác nhận', WAITING 'Chờ xác nhận', REJECT and CANCEL
 * 'Từ chối lời mời'. ACCEPT has no spec text: an accepted member shows no invitation status.
 */
export const INVITATION_STATUS_TEXT_KEYS: Readonly<Record<InvitationStatus, string | null>> = {
  EXPIRED: 'resources.users.invitationStatus.EXPIRED',
  WAITING: 'resources.users.invitationStatus.WAITING',
  REJECT: 'resources.users.invitationStatus.REJECT',
  CANCEL: 'resources.users.invitationStatus.REJECT',
  ACCEPT: null,
};

export const isStoreRole = (role: unknown): boolean => (STORE_ROLES as readonly string[]).includes(role as string);

const FULLNAME_MAX_LENGTH = 100;
const MAX_STORES = 500;

export const fullnameSchema = requiredString.max(FULLNAME_MAX_LENGTH, ValidationKeys.invalid);

/** Only §6 assignable roles; MERCHANT_OWNER and the other non-assignable roles are invalid values. */
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES as [Role, ...Role[]], ValidationKeys.invalid);

const storeListSchema = z.array(dbIdSchema, ValidationKeys.invalid).max(MAX_STORES, ValidationKeys.invalid);

/** A store role without at least one store is "required" on storeList (§6 store roles group). */
function requireStoresForStoreRoles<T extends z.ZodType<{ role?: unknown; storeList?: unknown }>>(schema: T) {
  return schema.refine(
    (value) => !isStoreRole(value.role) || (Array.isArray(value.storeList) && value.storeList.length > 0),
    { message: ValidationKeys.required, path: ['storeList'], when: (payload) => isStoreRole((payload.value as { role?: unknown })?.role) },
  );
}

/** §3 user creation form: username, fullname, password, passwordConfirm, role, storeList, email. */
export const createUserSchema = requireStoresForStoreRoles(
  withPasswordConfirm(
    z.strictObject({
      username: usernameSchema,
      fullname: fullnameSchema,
      password: passwordSchema,
      passwordConfirm: requiredString,
      role: assignableRoleSchema,
      storeList: storeListSchema.optional(),
      email: optionalField(emailSchema),
    }),
  ),
);
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** Digits with an optional +, spaces, dots, dashes or brackets, at least nine digits: typed as a phone number. */
export const looksLikePhone = (value: string): boolean =>
  /^\+?[\d\s.()-]+$/.test(value.trim()) && value.replace(/\D/g, '').length >= 9;

/** A phone as people type it → the national 0… form: `+84 963 123 411`, `84963123411`, `0963.123.411` → `0963123411`. */
export function normalisePhoneInput(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.startsWith('84') && digits.length >= 11 ? `0${digits.slice(2)}` : digits;
}

/**
 * The invitation's account field: a username (trimmed), or a phone number normalised to 0… which must
 * then be a §5 phone. The form and the server parse with it, so both look up the same number.
 */
export const inviteAccountSchema = z
  .string({ error: ValidationKeys.required })
  .transform((value) => (looksLikePhone(value) ? normalisePhoneInput(value) : value.trim()))
  .pipe(
    requiredString
      .max(64, ValidationKeys.invalid)
      .refine((value) => !/^\d+$/.test(value) || isValidPhone(value), { message: ValidationKeys.phone }),
  );

/**
 * Invite an existing wallet user by username or phone number. The account field takes either, so the
 * inviter types what they know; the server looks both up.
 */
export const inviteUserSchema = requireStoresForStoreRoles(
  z.strictObject({
    account: inviteAccountSchema,
    role: assignableRoleSchema,
    storeList: storeListSchema.optional(),
  }),
);

/** POST …/users/invitations/holder: whose wallet this account is, asked before the invitation is confirmed. */
export const inviteHolderQuerySchema = z.strictObject({ account: inviteAccountSchema });
export type InviteHolderQuery = z.infer<typeof inviteHolderQuerySchema>;

/** The holder as the inviter may see them: the name masked (maskPersonName), the phone masked. */
export interface InviteHolder {
  maskedName: string;
  maskedPhone: string | null;
}

/**
 * What the users list and detail show as the user's state: a member's ACTIVE or INACTIVE, a waiting
 * invitee PENDING (never "active": they have not joined), anyone else NOT_JOINED (expired, refused,
 * cancelled). Texts: resources.users.status.<value>.
 */
export const DISPLAY_STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING', 'NOT_JOINED'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];
export function displayStatusOf(user: { status: UserStatus | string; invitationStatus: InvitationStatus | string }): DisplayStatus {
  if (user.invitationStatus === 'ACCEPT') return user.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE';
  return user.invitationStatus === 'WAITING' ? 'PENDING' : 'NOT_JOINED';
}
export type InviteUserInput = z.infer<typeof inviteUserSchema>;

/** POST /:userId {reqType:'update'}: every field optional; a role change is checked like a grant. */
export const updateUserSchema = z
  .strictObject({
    reqType: z.literal('update'),
    fullname: fullnameSchema.optional(),
    email: optionalField(emailSchema),
    role: assignableRoleSchema.optional(),
    storeList: storeListSchema.optional(),
  })
  .refine(
    (value) => !isStoreRole(value.role) || value.storeList === undefined || value.storeList.length > 0,
    { message: ValidationKeys.required, path: ['storeList'] },
  );
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** The state changes on the same POST /:userId. */
export const USER_STATE_REQUESTS = ['remove', 'deactivate', 'reactivate', 'cancelInvitation'] as const;
export type UserStateRequest = (typeof USER_STATE_REQUESTS)[number];

/** Discriminated by reqType, so a bad update field keeps its own message (a plain union would not). */
export const userRequestSchema = z.discriminatedUnion(
  'reqType',
  [updateUserSchema, z.strictObject({ reqType: z.enum(USER_STATE_REQUESTS) })],
  { error: ValidationKeys.invalid },
);
export type UserRequest = z.infer<typeof userRequestSchema>;

export const invitationAnswerSchema = z.strictObject({ action: z.enum(['accept', 'reject'], ValidationKeys.invalid) });
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>;

/** Audit actions written for every change to a merchant's users. */
export const AUDIT_ACTIONS = [
  'CREATE',
  'UPDATE',
  'REMOVE',
  'DEACTIVATE',
  'REACTIVATE',
  'INVITE',
  'CANCEL_INVITATION',
  'ACCEPT_INVITATION',
  'REJECT_INVITATION',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

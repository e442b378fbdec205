/**
 * Derived permissions of spec §6, as pure functions over the caller's roles in the chosen merchant.
 * The portal uses them to hide what a user cannot do; the server applies the same functions to refuse it.
 *
 * Roles come from the server as strings; an unknown string grants nothing.
 */
import { Roles, type Role } from './roles';

export type RoleList = readonly string[] | null | undefined;

const hasAny = (roles: RoleList, allowed: readonly Role[]): boolean =>
  Array.isArray(roles) && roles.some((role) => (allowed as readonly string[]).includes(role));

// ---------------------------------------------------------------------------------------------
// Role picker groups (§6)
// ---------------------------------------------------------------------------------------------

export const COMMON_ASSIGNABLE_ROLES = ['STORE_CASHIER', 'STORE_OWNER', 'SUB_ACCOUNTANT'] as const satisfies readonly Role[];

export const ADVANCED_ASSIGNABLE_ROLES = [
  'ADMINISTRATOR',
  'MERCHANT_ACCOUNTANT',
  'STORE_ACCOUNTANT',
  'DEVELOPER',
  'CUSTOMER_SERVICE',
  'USER_ROLE_MANAGER',
  'MARKETING',
  'LEGAL',
] as const satisfies readonly Role[];

export const NON_ASSIGNABLE_ROLES = [
  'MERCHANT_OWNER',
  'MERCHANT_OWNER_DONATION',
  'BASIC_ACCOUNT',
  'MIG_ACC1',
  'MIG_ACC2',
  'MIG_ACC3',
  'MIG_DEV',
  'BAMBOO_REPORT',
  'NEWTON_REPORT',
] as const satisfies readonly Role[];

export const ASSIGNABLE_ROLES: readonly Role[] = [...COMMON_ASSIGNABLE_ROLES, ...ADVANCED_ASSIGNABLE_ROLES];

export function isAssignableRole(role: string): boolean {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(role);
}

// ---------------------------------------------------------------------------------------------
// Derived permissions (§6)
// ---------------------------------------------------------------------------------------------

export const USER_MANAGER_ROLES = ['MERCHANT_OWNER', 'ADMINISTRATOR', 'USER_ROLE_MANAGER'] as const satisfies readonly Role[];
export const REFUND_ROLES = [
  'MERCHANT_OWNER',
  'ADMINISTRATOR',
  'CUSTOMER_SERVICE',
  'MERCHANT_ACCOUNTANT',
  'STORE_ACCOUNTANT',
  'MIG_ACC1',
  'MIG_ACC2',
] as const satisfies readonly Role[];
/** In test mode (the sandbox) developers may refund too, to exercise their integration. */
export const TEST_REFUND_ROLES = [...REFUND_ROLES, 'DEVELOPER'] as const satisfies readonly Role[];
export const NOTIFICATION_ROLES = ['STORE_OWNER', 'MERCHANT_OWNER'] as const satisfies readonly Role[];
export const STORE_ROLES = ['STORE_OWNER', 'STORE_ACCOUNTANT', 'STORE_CASHIER'] as const satisfies readonly Role[];

export const canManageUsers = (roles: RoleList): boolean => hasAny(roles, USER_MANAGER_ROLES);

export const canRefund = (roles: RoleList, options: { testMode?: boolean } = {}): boolean =>
  hasAny(roles, options.testMode ? TEST_REFUND_ROLES : REFUND_ROLES);

export const canReceiveNotifications = (roles: RoleList): boolean => hasAny(roles, NOTIFICATION_ROLES);

/** Financing report. */
export const canViewFinancingReport = (roles: RoleList): boolean => hasAny(roles, ['NEWTON_REPORT']);

/** On-time (settlement) report. */
export const canViewOnTimeReport = (roles: RoleList): boolean => hasAny(roles, ['BAMBOO_REPORT']);

export const canDonate = (roles: RoleList): boolean => hasAny(roles, ['MERCHANT_OWNER_DONATION']);

export const isCashier = (roles: RoleList): boolean => hasAny(roles, ['STORE_CASHIER']);

export const hasStoreRole = (roles: RoleList): boolean => hasAny(roles, STORE_ROLES);

/**
 * True when every role is a store role: the user sees only the stores assigned to them. Unknown role
 * strings are ignored and a user with no known role is limited too (least privilege): only a known
 * merchant-wide role opens the whole merchant.
 */
export const isOnlyStoreScoped = (roles: RoleList): boolean =>
  !Array.isArray(roles) ||
  !roles.some((role) => (Roles as readonly string[]).includes(role) && !(STORE_ROLES as readonly string[]).includes(role));

/** §6: the service list is loaded only for MERCHANT_OWNER. */
export const canLoadServiceList = (roles: RoleList): boolean => hasAny(roles, ['MERCHANT_OWNER']);

// ---------------------------------------------------------------------------------------------
// Role rank: nobody grants a role above their own
// ---------------------------------------------------------------------------------------------

/**
 * Higher is more powerful. Owners sit on top; the administrator manages everything below the owner;
 * the user-role manager manages staff but cannot create administrators; merchant-wide specialists
 * come next; store-level roles after; the basic account last. Report and migration roles rank with
 * the functions they grant (they are not assignable, so their rank only matters as a granter's rank).
 */
export const ROLE_RANK: Readonly<Record<Role, number>> = {
  MERCHANT_OWNER: 100,
  MERCHANT_OWNER_DONATION: 100,
  ADMINISTRATOR: 90,
  USER_ROLE_MANAGER: 80,
  MERCHANT_ACCOUNTANT: 70,
  MIG_ACC1: 70,
  MIG_ACC2: 70,
  MIG_ACC3: 70,
  CUSTOMER_SERVICE: 60,
  DEVELOPER: 60,
  MIG_DEV: 60,
  LEGAL: 60,
  MARKETING: 60,
  NEWTON_REPORT: 60,
  BAMBOO_REPORT: 60,
  STORE_OWNER: 50,
  SUB_ACCOUNTANT: 40,
  STORE_ACCOUNTANT: 40,
  STORE_CASHIER: 30,
  BASIC_ACCOUNT: 10,
};

/** Rank of one role; 0 for a role this portal does not know. */
export function roleRank(role: string): number {
  return (ROLE_RANK as Record<string, number>)[role] ?? 0;
}

/** The caller's highest rank; 0 without roles. */
export function highestRank(roles: RoleList): number {
  return Array.isArray(roles) ? roles.reduce((max, role) => Math.max(max, roleRank(role)), 0) : 0;
}

/**
 * May a user with `granterRoles` give `role` to someone? Only user managers may, only assignable
 * roles, and never one ranked above the granter's own highest role.
 */
export function canGrantRole(granterRoles: RoleList, role: string): boolean {
  return canManageUsers(granterRoles) && isAssignableRole(role) && roleRank(role) <= highestRank(granterRoles);
}

/** The assignable roles the granter may give, in picker order (common first). */
export function grantableRoles(granterRoles: RoleList): Role[] {
  return ASSIGNABLE_ROLES.filter((role) => canGrantRole(granterRoles, role));
}

// ---------------------------------------------------------------------------------------------
// Payout settings and store QR codes (not in §6: see docs/decisions.md "Payouts and store QR")
// ---------------------------------------------------------------------------------------------

/** See where the merchant's money goes: owners, the administrator and the merchant's accountant. */
export const PAYOUT_VIEW_ROLES = ['MERCHANT_OWNER', 'MERCHANT_OWNER_DONATION', 'ADMINISTRATOR', 'MERCHANT_ACCOUNTANT'] as const satisfies readonly Role[];
/** Change where the merchant's money goes: owners only (and always with a one-time code). */
export const PAYOUT_CHANGE_ROLES = ['MERCHANT_OWNER', 'MERCHANT_OWNER_DONATION'] as const satisfies readonly Role[];
/** Generate the stores' all-in-one QR codes: owners and the administrator. */
export const STORE_QR_GENERATE_ROLES = ['MERCHANT_OWNER', 'MERCHANT_OWNER_DONATION', 'ADMINISTRATOR'] as const satisfies readonly Role[];

export const canViewPayout = (roles: RoleList): boolean => hasAny(roles, PAYOUT_VIEW_ROLES);
export const canChangePayout = (roles: RoleList): boolean => hasAny(roles, PAYOUT_CHANGE_ROLES);
export const canGenerateStoreQr = (roles: RoleList): boolean => hasAny(roles, STORE_QR_GENERATE_ROLES);

// ---------------------------------------------------------------------------------------------
// Merchant info and KYB (not in §6: see docs/decisions.md "Merchant info and KYB")
// ---------------------------------------------------------------------------------------------

/** See the merchant's info and private documents: the roles whose sidebar has MERCHANT_KYB. */
export const MERCHANT_INFO_VIEW_ROLES = ['MERCHANT_OWNER', 'MERCHANT_OWNER_DONATION', 'ADMINISTRATOR', 'LEGAL'] as const satisfies readonly Role[];
/** Edit the merchant's fields and upload or replace its documents (legal handles KYB papers). */
export const MERCHANT_INFO_EDIT_ROLES = ['MERCHANT_OWNER', 'MERCHANT_OWNER_DONATION', 'ADMINISTRATOR', 'LEGAL'] as const satisfies readonly Role[];
/** Link a merchant to a master: owners only, of both merchants. */
export const MERCHANT_LINK_ROLES = ['MERCHANT_OWNER', 'MERCHANT_OWNER_DONATION'] as const satisfies readonly Role[];

export const canViewMerchantInfo = (roles: RoleList): boolean => hasAny(roles, MERCHANT_INFO_VIEW_ROLES);
export const canEditMerchantInfo = (roles: RoleList): boolean => hasAny(roles, MERCHANT_INFO_EDIT_ROLES);
export const canLinkMerchants = (roles: RoleList): boolean => hasAny(roles, MERCHANT_LINK_ROLES);

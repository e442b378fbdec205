import { describe, expect, it } from 'vitest';
import { Roles, type Role } from '@/domain/roles';
import {
  ADVANCED_ASSIGNABLE_ROLES,
  COMMON_ASSIGNABLE_ROLES,
  NON_ASSIGNABLE_ROLES,
  STORE_ROLES,
  canDonate,
  canGrantRole,
  canLoadServiceList,
  canManageUsers,
  canReceiveNotifications,
  canRefund,
  canViewFinancingReport,
  canViewOnTimeReport,
  grantableRoles,
  hasStoreRole,
  highestRank,
  isAssignableRole,
  isCashier,
  isOnlyStoreScoped,
  roleRank,
} from '@/domain/permissions';

type Row = {
  manageUsers: boolean;
  refund: boolean;
  refundTest: boolean;
  notifications: boolean;
  financing: boolean;
  onTime: boolean;
  donate: boolean;
  cashier: boolean;
  storeRole: boolean;
  serviceList: boolean;
  assignable: 'common' | 'advanced' | 'no';
};

const _ = false;
const X = true;
// prettier-ignore
const TABLE: Record<Role, Row> = {
  //                      manageUsers refund refundTest notifications financing onTime donate cashier storeRole serviceList assignable
  MERCHANT_OWNER_DONATION: { manageUsers: _, refund: _, refundTest: _, notifications: _, financing: _, onTime: _, donate: X, cashier: _, storeRole: _, serviceList: _, assignable: 'no' },
  MERCHANT_OWNER:          { manageUsers: X, refund: X, refundTest: X, notifications: X, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: X, assignable: 'no' },
  STORE_OWNER:             { manageUsers: _, refund: _, refundTest: _, notifications: X, financing: _, onTime: _, donate: _, cashier: _, storeRole: X, serviceList: _, assignable: 'common' },
  MERCHANT_ACCOUNTANT:     { manageUsers: _, refund: X, refundTest: X, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'advanced' },
  BASIC_ACCOUNT:           { manageUsers: _, refund: _, refundTest: _, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'no' },
  ADMINISTRATOR:           { manageUsers: X, refund: X, refundTest: X, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'advanced' },
  LEGAL:                   { manageUsers: _, refund: _, refundTest: _, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'advanced' },
  MARKETING:               { manageUsers: _, refund: _, refundTest: _, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'advanced' },
  USER_ROLE_MANAGER:       { manageUsers: X, refund: _, refundTest: _, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'advanced' },
  DEVELOPER:               { manageUsers: _, refund: _, refundTest: X, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'advanced' },
  CUSTOMER_SERVICE:        { manageUsers: _, refund: X, refundTest: X, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'advanced' },
  SUB_ACCOUNTANT:          { manageUsers: _, refund: _, refundTest: _, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'common' },
  STORE_CASHIER:           { manageUsers: _, refund: _, refundTest: _, notifications: _, financing: _, onTime: _, donate: _, cashier: X, storeRole: X, serviceList: _, assignable: 'common' },
  STORE_ACCOUNTANT:        { manageUsers: _, refund: X, refundTest: X, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: X, serviceList: _, assignable: 'advanced' },
  MIG_ACC1:                { manageUsers: _, refund: X, refundTest: X, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'no' },
  MIG_ACC2:                { manageUsers: _, refund: X, refundTest: X, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'no' },
  MIG_ACC3:                { manageUsers: _, refund: _, refundTest: _, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'no' },
  MIG_DEV:                 { manageUsers: _, refund: _, refundTest: _, notifications: _, financing: _, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'no' },
  BAMBOO_REPORT:           { manageUsers: _, refund: _, refundTest: _, notifications: _, financing: _, onTime: X, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'no' },
  NEWTON_REPORT:           { manageUsers: _, refund: _, refundTest: _, notifications: _, financing: X, onTime: _, donate: _, cashier: _, storeRole: _, serviceList: _, assignable: 'no' },
};

describe('derived permissions (§6), one row per role', () => {
  it('covers every role of roles.ts', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...Roles].sort());
  });

  it.each(Object.entries(TABLE) as Array<[Role, Row]>)('%s', (role, row) => {
    const roles = [role];
    expect(canManageUsers(roles)).toBe(row.manageUsers);
    expect(canRefund(roles)).toBe(row.refund);
    expect(canRefund(roles, { testMode: false })).toBe(row.refund);
    expect(canRefund(roles, { testMode: true })).toBe(row.refundTest);
    expect(canReceiveNotifications(roles)).toBe(row.notifications);
    expect(canViewFinancingReport(roles)).toBe(row.financing);
    expect(canViewOnTimeReport(roles)).toBe(row.onTime);
    expect(canDonate(roles)).toBe(row.donate);
    expect(isCashier(roles)).toBe(row.cashier);
    expect(hasStoreRole(roles)).toBe(row.storeRole);
    expect(isOnlyStoreScoped(roles)).toBe(row.storeRole);
    expect(canLoadServiceList(roles)).toBe(row.serviceList);
    expect(isAssignableRole(role)).toBe(row.assignable !== 'no');
    expect((COMMON_ASSIGNABLE_ROLES as readonly string[]).includes(role)).toBe(row.assignable === 'common');
    expect((ADVANCED_ASSIGNABLE_ROLES as readonly string[]).includes(role)).toBe(row.assignable === 'advanced');
    expect((NON_ASSIGNABLE_ROLES as readonly string[]).includes(role)).toBe(row.assignable === 'no');
    expect(roleRank(role)).toBeGreaterThan(0);
  });
});

describe('role combinations', () => {
  it('grants a permission when any role grants it', () => {
    expect(canManageUsers(['STORE_CASHIER', 'USER_ROLE_MANAGER'])).toBe(true);
    expect(canRefund(['MARKETING', 'MIG_ACC2'])).toBe(true);
  });
  it('limits data to assigned stores only when every role is a store role', () => {
    expect(isOnlyStoreScoped(['STORE_OWNER', 'STORE_CASHIER'])).toBe(true);
    expect(isOnlyStoreScoped(['STORE_OWNER', 'MERCHANT_ACCOUNTANT'])).toBe(false);
    expect(hasStoreRole(['STORE_OWNER', 'MERCHANT_ACCOUNTANT'])).toBe(true);
  });
  it('gives nothing to no roles or unknown roles, and limits them to their stores', () => {
    for (const roles of [[], null, undefined, ['SUPER_ADMIN']]) {
      expect(canManageUsers(roles)).toBe(false);
      expect(canRefund(roles, { testMode: true })).toBe(false);
      expect(canLoadServiceList(roles)).toBe(false);
    }
    expect(isOnlyStoreScoped([])).toBe(true);
    expect(isOnlyStoreScoped(null)).toBe(true);
    expect(isOnlyStoreScoped(['SUPER_ADMIN'])).toBe(true);
    expect(isOnlyStoreScoped(['STORE_CASHIER', 'SUPER_ADMIN'])).toBe(true);
    expect(isOnlyStoreScoped(['BASIC_ACCOUNT'])).toBe(false);
  });
  it('STORE_ROLES are the three store roles', () => {
    expect([...STORE_ROLES]).toEqual(['STORE_OWNER', 'STORE_ACCOUNTANT', 'STORE_CASHIER']);
  });
  it('partitions every role into exactly one picker group', () => {
    const all = [...COMMON_ASSIGNABLE_ROLES, ...ADVANCED_ASSIGNABLE_ROLES, ...NON_ASSIGNABLE_ROLES];
    expect(all.sort()).toEqual([...Roles].sort());
  });
});

describe('nobody grants a role above their own', () => {
  it('ranks owner > administrator > user-role manager > the rest', () => {
    expect(roleRank('MERCHANT_OWNER')).toBeGreaterThan(roleRank('ADMINISTRATOR'));
    expect(roleRank('ADMINISTRATOR')).toBeGreaterThan(roleRank('USER_ROLE_MANAGER'));
    expect(roleRank('USER_ROLE_MANAGER')).toBeGreaterThan(roleRank('MERCHANT_ACCOUNTANT'));
    expect(roleRank('STORE_OWNER')).toBeGreaterThan(roleRank('STORE_CASHIER'));
    expect(roleRank('UNKNOWN')).toBe(0);
    expect(highestRank(['STORE_CASHIER', 'ADMINISTRATOR'])).toBe(roleRank('ADMINISTRATOR'));
    expect(highestRank(null)).toBe(0);
  });

  it('the owner may grant every assignable role and no other', () => {
    expect(grantableRoles(['MERCHANT_OWNER'])).toEqual([...COMMON_ASSIGNABLE_ROLES, ...ADVANCED_ASSIGNABLE_ROLES]);
    for (const role of NON_ASSIGNABLE_ROLES) expect(canGrantRole(['MERCHANT_OWNER'], role)).toBe(false);
  });

  it('an administrator may grant administrator but nothing above', () => {
    expect(canGrantRole(['ADMINISTRATOR'], 'ADMINISTRATOR')).toBe(true);
    expect(canGrantRole(['ADMINISTRATOR'], 'MERCHANT_OWNER')).toBe(false);
  });

  it('a user-role manager may not create administrators', () => {
    expect(canGrantRole(['USER_ROLE_MANAGER'], 'ADMINISTRATOR')).toBe(false);
    expect(canGrantRole(['USER_ROLE_MANAGER'], 'USER_ROLE_MANAGER')).toBe(true);
    expect(canGrantRole(['USER_ROLE_MANAGER'], 'STORE_CASHIER')).toBe(true);
    expect(grantableRoles(['USER_ROLE_MANAGER'])).not.toContain('ADMINISTRATOR');
  });

  it('a user who cannot manage users grants nothing, whatever their rank', () => {
    for (const role of ['MERCHANT_OWNER_DONATION', 'MERCHANT_ACCOUNTANT', 'STORE_OWNER', 'MIG_ACC1'] as const) {
      expect(grantableRoles([role])).toEqual([]);
    }
  });
});

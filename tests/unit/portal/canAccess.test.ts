import { describe, expect, it } from 'vitest';
import { allowedRouteCodesOf, canAccess, type AccessEntry } from '@/authProvider/canAccess';
import { isAuthFailure } from '@/authProvider';
import { resources } from '@/resources';

/** A table shaped like the resource list, with a multi-code resource and a page. */
const table: AccessEntry[] = [
  { name: 'welcome', routeCodes: [], alwaysAllowed: true, paths: { page: 'welcome' } },
  { name: 'user-info', routeCodes: [], alwaysAllowed: true, paths: { page: 'user-info' } },
  { name: 'stores', routeCodes: ['MERCHANT_STORES_OFFLINE'], paths: { list: 'offline-stores' } },
  { name: 'users', routeCodes: ['MERCHANT_USER_MANAGEMENT'], paths: { list: 'user-management', create: 'user-management/create', edit: 'user-management/user/:id' } },
  { name: 'dashboard', routeCodes: ['MERCHANT_DASHBOARD', 'MERCHANT_DASHBOARD_DONATION'], paths: { page: 'dashboard' } },
  // Forgot both a code and alwaysAllowed: must never open.
  { name: 'misconfigured', routeCodes: [], paths: { page: 'x' } },
];

const owner = ['MERCHANT_STORES_OFFLINE', 'MERCHANT_USER_MANAGEMENT', 'MERCHANT_DASHBOARD'];
const cashier = ['MERCHANT_DASHBOARD'];
const donation = ['MERCHANT_DASHBOARD_DONATION'];

describe('canAccess(allowedRouteCodes, { resource, action })', () => {
  it.each([
    // [who, allowed codes, resource, action, expected]
    ['owner', owner, 'stores', 'list', true],
    ['cashier', cashier, 'stores', 'list', false],
    ['nobody', [], 'stores', 'list', false],
    ['cashier', cashier, 'welcome', 'page', true],
    ['nobody', [], 'welcome', 'page', true],
    ['nobody', [], 'user-info', 'page', true],
    ['owner', owner, 'users', 'create', true],
    ['owner', owner, 'users', 'edit', true],
    ['owner', owner, 'users', 'delete', true],
    ['owner', owner, 'users', 'show', false],
    ['owner', owner, 'stores', 'create', false],
    ['cashier', cashier, 'users', 'edit', false],
    ['cashier', cashier, 'dashboard', 'page', true],
    ['donation owner', donation, 'dashboard', 'page', true],
    ['owner', owner, 'unknown', 'list', false],
    ['owner', owner, undefined, 'list', false],
    ['owner', owner, 'misconfigured', 'page', false],
    ['owner', owner, 'stores', undefined, true],
    ['owner', owner, 'stores', 'export', true],
    ['cashier', cashier, 'stores', 'export', false],
  ] as const)('%s with %j: %s/%s → %s', (_who, allowed, resource, action, expected) => {
    expect(canAccess(allowed, { resource, action }, table)).toBe(expected);
  });

  it('with the real resource list: stores needs MERCHANT_STORES_OFFLINE, welcome and user-info are open', () => {
    expect(canAccess([], { resource: 'stores', action: 'list' }, resources)).toBe(false);
    expect(canAccess(['MERCHANT_STORES_OFFLINE'], { resource: 'stores', action: 'list' }, resources)).toBe(true);
    expect(canAccess([], { resource: 'welcome', action: 'page' }, resources)).toBe(true);
    expect(canAccess([], { resource: 'user-info', action: 'page' }, resources)).toBe(true);
  });
});

describe('allowedRouteCodesOf(sidebar)', () => {
  it('collects every code of the tree, groups included, once', () => {
    expect(
      allowedRouteCodesOf([
        { code: 'MERCHANT_KYB', name: 'KYB' },
        {
          code: 'MERCHANT_REPORTS_CENTER',
          name: 'Báo cáo',
          children: [
            { code: 'MERCHANT_TRANS_REPORT', name: 'Giao dịch' },
            { code: 'MERCHANT_KYB', name: 'dup' },
          ],
        },
        { code: '', name: 'no code' },
      ]),
    ).toEqual(['MERCHANT_KYB', 'MERCHANT_REPORTS_CENTER', 'MERCHANT_TRANS_REPORT']);
    expect(allowedRouteCodesOf(undefined)).toEqual([]);
  });
});

describe('isAuthFailure (checkError): 401 and 1326 log out, 403 does not', () => {
  it.each([
    [{ status: 401 }, true],
    [{ status: 200, code: 1326 }, true],
    [{ status: 0, body: { status: 1326 } }, true],
    [{ status: 403, code: 3 }, false],
    [{ status: 500 }, false],
    [{ status: 401 - 1 }, false],
    [null, false],
    ['401', false],
  ])('%j → %s', (error, expected) => {
    expect(isAuthFailure(error)).toBe(expected);
  });
});

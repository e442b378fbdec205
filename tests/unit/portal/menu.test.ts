import { describe, expect, it } from 'vitest';
import { buildMenu, flattenMenu, routeTable } from '@/layout/menu';
import { resources } from '@/resources';
import type { ResourceConfig } from '@/resources';

const Icon = () => null;
const table: ResourceConfig[] = [
  { name: 'welcome', routeCodes: [], alwaysAllowed: true, paths: { page: 'welcome' }, icon: Icon },
  { name: 'stores', routeCodes: ['MERCHANT_STORES_OFFLINE'], paths: { list: 'offline-stores' }, icon: Icon },
  { name: 'dashboard', routeCodes: ['MERCHANT_DASHBOARD', 'MERCHANT_DASHBOARD_DONATION'], paths: { page: 'dashboard' }, icon: Icon },
  { name: 'trans-report', routeCodes: ['MERCHANT_TRANS_REPORT'], paths: { list: 'report-center/transaction-report' }, icon: Icon },
];

const keys = (items: ReturnType<typeof buildMenu>) => items.map((item) => item.resource ?? item.label);

describe('buildMenu: server sidebar matched to known routes by code', () => {
  it('puts welcome first, keeps server order and names, drops codes with no known route', () => {
    const items = buildMenu(
      [
        { code: 'MERCHANT_KYB', name: 'Thông tin doanh nghiệp' },
        { code: 'MERCHANT_STORES_OFFLINE', name: 'Cửa hàng' },
        { code: 'MERCHANT_DASHBOARD', name: 'Tổng quan' },
      ],
      table,
    );
    expect(keys(items)).toEqual(['welcome', 'stores', 'dashboard']);
    expect(items[0]).toMatchObject({ to: '/app/welcome', labelKey: 'resources.welcome.name', label: undefined });
    expect(items[1]).toMatchObject({ to: '/app/offline-stores', label: 'Cửa hàng' });
  });

  it('shows a resource once when two codes lead to it', () => {
    const items = buildMenu(
      [
        { code: 'MERCHANT_DASHBOARD', name: 'Tổng quan' },
        { code: 'MERCHANT_DASHBOARD_DONATION', name: 'Tổng quan quyên góp' },
      ],
      table,
    );
    expect(keys(items)).toEqual(['welcome', 'dashboard']);
  });

  it('keeps groups with known children and drops empty groups', () => {
    const items = buildMenu(
      [
        {
          code: 'MERCHANT_REPORTS_CENTER',
          name: 'Trung tâm báo cáo',
          children: [
            { code: 'MERCHANT_TRANS_REPORT', name: 'Báo cáo giao dịch' },
            { code: 'MERCHANT_NONPAID_REPORT', name: 'Chưa thanh toán' },
          ],
        },
        { code: 'MERCHANT_PAYMENT_CENTER', name: 'Thanh toán', children: [{ code: 'MERCHANT_PAYMENT_LINKS', name: 'Link' }] },
      ],
      table,
    );
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ label: 'Trung tâm báo cáo' });
    expect(items[1].children?.map((c) => c.to)).toEqual(['/app/report-center/transaction-report']);
    expect(flattenMenu(items).map((i) => i.resource)).toEqual(['welcome', 'trans-report']);
  });

  it('an empty or missing server list still has welcome (the layout shows "Not found Sidebar" for it)', () => {
    expect(keys(buildMenu([], table))).toEqual(['welcome']);
    expect(keys(buildMenu(undefined, table))).toEqual(['welcome']);
  });

  it('with the real list: a cashier without MERCHANT_STORES_OFFLINE gets no store entry', () => {
    expect(keys(buildMenu([{ code: 'MERCHANT_DASHBOARD', name: 'Tổng quan' }], resources))).toEqual(['welcome', 'dashboard']);
    expect(keys(buildMenu([{ code: 'MERCHANT_STORES_OFFLINE', name: 'Cửa hàng' }], resources))).toEqual(['welcome', 'stores']);
  });

  it('derives the code → route table from the resource list', () => {
    const codes = routeTable(table);
    expect(codes.get('MERCHANT_DASHBOARD_DONATION')?.name).toBe('dashboard');
    expect(codes.has('MERCHANT_KYB')).toBe(false);
  });
});

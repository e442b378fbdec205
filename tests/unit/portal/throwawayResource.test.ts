/**
 * Adding a resource takes one folder (its config) and one line (the list): everything else is derived.
 * A throwaway config appended to the real list is picked up by the sidebar, canAccess, the dataProvider's
 * CRUD and pathOf, with no other change anywhere.
 */
import { describe, expect, it, vi } from 'vitest';
import { canAccess } from '@/authProvider/canAccess';
import { createDataProvider } from '@/dataProvider';
import type { HttpClient, RequestOptions } from '@/dataProvider/httpClient';
import { buildMenu, flattenMenu } from '@/layout/menu';
import { pathOf, type ResourceConfig } from '@/resourceConfig';
import { resources } from '@/resources';

const Icon = () => null;
const throwaway: ResourceConfig = {
  name: 'throwaway-things',
  routeCodes: ['MERCHANT_HELP_CENTER'],
  paths: { list: 'throwaway-things', show: 'throwaway-things/:id' },
  endpoints: { list: 'GET /things/v1/merchants/:merchantId/things', getOne: 'GET /things/v1/merchants/:merchantId/things/:id' },
  icon: Icon,
};
// The help centre's own resource steps aside, so the throwaway is the one the code opens.
const list = [...resources.filter((r) => !r.routeCodes.includes('MERCHANT_HELP_CENTER')), throwaway];

describe('a throwaway resource: one folder and one line', () => {
  it('appears in the sidebar when the server sends its route code, and opens only with that code', () => {
    const items = flattenMenu(buildMenu([{ code: 'MERCHANT_HELP_CENTER', name: 'Things' }], list));
    expect(items.find((item) => item.resource === 'throwaway-things')).toMatchObject({ to: '/app/throwaway-things', label: 'Things' });
    expect(canAccess(['MERCHANT_HELP_CENTER'], { resource: 'throwaway-things', action: 'list' }, list)).toBe(true);
    expect(canAccess(['MERCHANT_KYB'], { resource: 'throwaway-things', action: 'list' }, list)).toBe(false);
  });

  it('gets its CRUD calls from its endpoints and its links from its paths', async () => {
    const calls: Array<{ url: string; options: RequestOptions }> = [];
    const http = vi.fn(async (url: string, options: RequestOptions = {}) => {
      calls.push({ url, options });
      return { data: { id: 4 }, message: '', status: 0, httpStatus: 200, headers: new Headers() };
    });
    const dataProvider = createDataProvider('/api', http as unknown as HttpClient, { resources: list, getMerchantId: () => 9 });
    await dataProvider.getOne('throwaway-things', { id: 4 });
    expect(calls[0]).toMatchObject({ url: '/api/things/v1/merchants/9/things/4', options: { method: 'GET', merchantScoped: true, merchantId: 9 } });
    expect(pathOf(list, 'throwaway-things', 'show', { id: 4 })).toBe('/app/throwaway-things/4');
  });
});

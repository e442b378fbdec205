import { describe, expect, it, vi } from 'vitest';
import { canAccess } from '@/authProvider/canAccess';
import { createDataProvider } from '@/dataProvider';
import type { HttpClient, RequestOptions } from '@/dataProvider/httpClient';
import { resources } from '@/resources';
import { entryPathOf } from '@/resourceConfig';

const appPathOf = (name: string) => entryPathOf(resources, name);

function fakeHttp(answer: unknown) {
  const calls: Array<{ url: string; options: RequestOptions }> = [];
  const http = vi.fn(async (url: string, options: RequestOptions = {}) => {
    calls.push({ url, options });
    return { data: answer, message: '', status: 0, httpStatus: 200, headers: new Headers() };
  });
  return { http: http as unknown as HttpClient, calls };
}

describe('service and promotion resources', () => {
  it('open the spec §2 paths', () => {
    expect(appPathOf('services')).toBe('/app/service-management');
    expect(appPathOf('service-paylater')).toBe('/app/service-management/PAYLATER');
    expect(appPathOf('promotions')).toBe('/app/services/promotion/my-campaigns');
    const byName = Object.fromEntries(resources.map((r) => [r.name, r]));
    expect(byName.services.paths.show).toBe('service-management/service/:id');
    expect(byName['service-templates'].paths.page).toBe('service-management/template/:id');
    expect(byName.promotions.paths.show).toBe('services/promotion/my-campaigns/:id');
    expect(byName['promotion-gifts'].paths.page).toBe('services/promotion/my-campaigns/:id/gift/:giftId');
  });

  it('open only with MERCHANT_SERVICE_INFORMATION (the owner’s code, §6)', () => {
    for (const name of ['services', 'service-paylater', 'service-templates', 'promotions', 'promotion-gifts']) {
      const resource = resources.find((r) => r.name === name)!;
      const view = resource.paths.list ? 'list' : 'page';
      expect(canAccess(['MERCHANT_SERVICE_INFORMATION'], { resource: name, action: view }, resources), name).toBe(true);
      expect(canAccess(['MERCHANT_USER_MANAGEMENT', 'MERCHANT_KYB'], { resource: name, action: view }, resources), name).toBe(false);
    }
  });

  it('list services with the §7 query: page 0, size 20, repeated activationStatuses', async () => {
    const { http, calls } = fakeHttp({ content: [], totalElements: 0, pageNumber: 0, pageSize: 20 });
    const dataProvider = createDataProvider('/api', http, { resources, getMerchantId: () => 7 });
    await dataProvider.getList('services', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { keyword: 'khuyến', activationStatuses: ['ACTIVE', 'INITIALIZED'], eligibleToSubscribe: 'true' },
    });
    expect(calls[0].url).toBe('/api/services/7/services');
    expect(calls[0].options.query).toEqual({
      keyword: 'khuyến',
      activationStatuses: ['ACTIVE', 'INITIALIZED'],
      eligibleToSubscribe: 'true',
      pageNumber: 0,
      pageSize: 20,
    });
  });

  it('read one campaign of the chosen merchant', async () => {
    const { http, calls } = fakeHttp({ id: 3 });
    const dataProvider = createDataProvider('/api', http, { resources, getMerchantId: () => 7 });
    await dataProvider.getOne('promotions', { id: 3 });
    expect(calls[0].url).toBe('/api/promotion/v1/merchants/7/campaigns/3');
  });
});

/** The client pattern's shared parts: fillPath, the per-domain call helper, pathOf. */
import { describe, expect, it, vi } from 'vitest';
import { fillPath } from '@/domain/api';
import { apiCall, createApiContext } from '@/dataProvider/api/context';
import type { HttpClient, RequestOptions } from '@/dataProvider/httpClient';
import { entryPathOf, pathOf } from '@/resourceConfig';

function fakeHttp() {
  const calls: Array<{ url: string; options: RequestOptions }> = [];
  const http = vi.fn(async (url: string, options: RequestOptions = {}) => {
    calls.push({ url, options });
    return { data: null, message: '', status: 0, httpStatus: 200, headers: new Headers() };
  });
  return { http: http as unknown as HttpClient, calls };
}

describe('fillPath', () => {
  it('fills every :name, URI-encoded', () => {
    expect(fillPath('/a/:merchantId/b/:id/c', { merchantId: 7, id: 'x/y z' })).toBe('/a/7/b/x%2Fy%20z/c');
    expect(fillPath('/s/:merchantId/stores/:storeId/qrcode-aio.png', { merchantId: 1, storeId: 2 })).toBe('/s/1/stores/2/qrcode-aio.png');
    expect(fillPath('/health')).toBe('/health');
  });

  it('throws on a missing or empty param instead of sending a broken path', () => {
    expect(() => fillPath('/a/:merchantId/b/:id', { merchantId: 7 })).toThrow('Missing path parameter ":id" in /a/:merchantId/b/:id');
    expect(() => fillPath('/a/:id', { id: '' })).toThrow('":id"');
    expect(() => fillPath('/a/:id', { id: null })).toThrow('":id"');
  });
});

describe('apiCall (what every <domain>Api factory uses)', () => {
  it('fills :merchantId with the chosen merchant and makes the call merchant-scoped', async () => {
    const { http, calls } = fakeHttp();
    const call = apiCall(http, createApiContext('/api/', () => 101));
    await call('/p/:merchantId/stores/:storeId', { params: { storeId: 5 }, method: 'POST' });
    expect(calls[0]).toEqual({ url: '/api/p/101/stores/5', options: { method: 'POST', merchantScoped: true, merchantId: 101 } });
  });

  it('acts on the merchant given instead of the chosen one', async () => {
    const { http, calls } = fakeHttp();
    const call = apiCall(http, createApiContext('/api', () => 101));
    await call('/p/:merchantId', { merchantId: 202 });
    await call('/p/:merchantId', { params: { merchantId: 303 } });
    expect(calls.map((c) => [c.url, c.options.merchantId])).toEqual([
      ['/api/p/202', 202],
      ['/api/p/303', 303],
    ]);
  });

  it('leaves a merchant-less call to the httpClient abort (spec §5) rather than throwing', async () => {
    const { http, calls } = fakeHttp();
    const call = apiCall(http, createApiContext('/api', () => null));
    await call('/p/:merchantId/x');
    expect(calls[0].options).toMatchObject({ merchantScoped: true, merchantId: null });
  });

  it('adds no merchant to a call whose path names none', async () => {
    const { http, calls } = fakeHttp();
    const call = apiCall(http, createApiContext('/api', () => 101));
    await call('/health', { noAuth: true });
    expect(calls[0]).toEqual({ url: '/api/health', options: { noAuth: true } });
  });

  it('still throws on a missing non-merchant param', async () => {
    const { http } = fakeHttp();
    const call = apiCall(http, createApiContext('/api', () => 101));
    expect(() => call('/p/:merchantId/s/:storeId')).toThrow('":storeId"');
  });
});

describe('pathOf: links from the resource configs', () => {
  const list = [
    { name: 'users', paths: { list: 'user-management', create: 'user-management/create', edit: 'user-management/user/:id' } },
    { name: 'gifts', paths: { page: 'services/promotion/my-campaigns/:id/gift/:giftId' } },
    { name: 'merchant-info', paths: { page: 'merchant-info' } },
  ];

  it('builds /app paths with encoded params and an optional query', () => {
    expect(pathOf(list, 'users')).toBe('/app/user-management');
    expect(pathOf(list, 'users', 'edit', { id: 'a/b' })).toBe('/app/user-management/user/a%2Fb');
    expect(pathOf(list, 'gifts', 'page', { id: 3, giftId: 9 })).toBe('/app/services/promotion/my-campaigns/3/gift/9');
    expect(pathOf(list, 'merchant-info', 'page', {}, { tab: 'payout', empty: '' })).toBe('/app/merchant-info?tab=payout');
    expect(entryPathOf(list, 'merchant-info')).toBe('/app/merchant-info');
    expect(entryPathOf(list, 'users')).toBe('/app/user-management');
  });

  it('refuses an unknown resource, a missing view and a missing param', () => {
    expect(() => pathOf(list, 'nope')).toThrow('Unknown resource "nope"');
    expect(() => pathOf(list, 'users', 'show')).toThrow('Resource "users" has no "show" view');
    expect(() => pathOf(list, 'users', 'edit')).toThrow('":id"');
  });
});

describe('the composition of the domain factories', () => {
  // Every src/dataProvider/api/<domain>.ts factory, found by its shape: `<domain>Api(http, ctx)`.
  const modules = import.meta.glob<Record<string, unknown>>('/src/dataProvider/api/*.ts', { eager: true });
  const factories = Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(([name, value]) => /^[a-z][A-Za-z]*Api$/.test(name) && typeof value === 'function')
      .map(([name, value]) => ({ file, name, methods: Object.keys((value as (h: HttpClient, c: unknown) => object)(fakeHttp().http, createApiContext('/api', () => 1))) })),
  );

  it('gives every named method one owner (a spread would silently replace a duplicate)', () => {
    expect(factories.length).toBeGreaterThan(5);
    const owners = new Map<string, string[]>();
    for (const { name, methods } of factories) for (const method of methods) owners.set(method, [...(owners.get(method) ?? []), name]);
    expect([...owners].filter(([, by]) => by.length > 1)).toEqual([]);
  });

  it('puts every factory’s methods on the portal dataProvider', async () => {
    const { createDataProvider } = await import('@/dataProvider');
    const provider = createDataProvider('/api', fakeHttp().http, { getMerchantId: () => 1 });
    const missing = factories.flatMap(({ name, methods }) => methods.filter((m) => !(m in provider)).map((m) => `${name}.${m}`));
    expect(missing).toEqual([]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createDataProvider, parseEndpoint } from '@/dataProvider';
import type { HttpClient, RequestOptions } from '@/dataProvider/httpClient';
import { resources } from '@/resources';
import type { ResourceConfig } from '@/resources';
import type { StoreListItem } from '@/domain/api';

/** A fake httpClient: records (url, options) and answers with the queued data. */
function fakeHttp(...answers: unknown[]) {
  const calls: Array<{ url: string; options: RequestOptions }> = [];
  const http = vi.fn(async (url: string, options: RequestOptions = {}) => {
    calls.push({ url, options });
    return { data: answers.shift(), message: '', status: 0, httpStatus: 200, headers: new Headers() };
  });
  return { http: http as unknown as HttpClient, calls };
}

const Icon = () => null;
const testResources: ResourceConfig[] = [
  // The fixture below stands in for the real users resource (it exercises every endpoint kind).
  ...resources.filter((r) => r.name !== 'users'),
  {
    name: 'users',
    routeCodes: ['MERCHANT_USER_MANAGEMENT'],
    paths: { list: 'user-management', create: 'user-management/create', edit: 'user-management/user/:id' },
    endpoints: {
      list: 'GET /authorization/v2/merchants/:merchantId/users',
      sortable: true,
      getOne: 'GET /authorization/v2/merchants/:merchantId/users/:id',
      create: 'POST /authorization/v2/merchants/:merchantId/users',
      update: 'POST /authorization/v2/merchants/:merchantId/users/:id',
      delete: 'DELETE /authorization/v2/merchants/:merchantId/users/:id',
    },
    icon: Icon,
  },
  { name: 'tags', routeCodes: [], paths: { list: 'tags' }, endpoints: { list: 'GET /tags', getMany: 'GET /tags/by-ids' }, icon: Icon },
];

function provider(answers: unknown[] = [], merchantId: number | null = 101) {
  const { http, calls } = fakeHttp(...answers);
  const dataProvider = createDataProvider('/api/', http, { resources: testResources, getMerchantId: () => merchantId });
  return { dataProvider, calls };
}

const page = (content: unknown[], totalElements = content.length) => ({ content, totalElements, pageNumber: 0, pageSize: 20 });

describe('dataProvider: CRUD from resource endpoints', () => {
  it('getList: fills :merchantId, maps 1-based page to 0-based pageNumber and filter to query', async () => {
    const { dataProvider, calls } = provider([page([{ id: 1, storeName: 'A' }], 41)]);
    const result = await dataProvider.getList('stores', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'storeName', order: 'DESC' },
      filter: { keyword: 'cà phê', isActive: 'true', empty: '', tags: ['a', 'b'], none: [] },
    });
    expect(result).toEqual({ data: [{ id: 1, storeName: 'A' }], total: 41 });
    const [{ url, options }] = calls;
    expect(url).toBe('/api/profile/v2/merchants/101/stores');
    expect(options).toMatchObject({
      method: 'GET',
      merchantScoped: true,
      merchantId: 101,
      showError: false,
      query: { pageNumber: 2, pageSize: 20, keyword: 'cà phê', isActive: 'true', tags: ['a', 'b'] },
    });
    // The stores endpoint declares no sort: the API would refuse the parameter.
    expect(options.query).not.toHaveProperty('sort');
    expect(options.query).not.toHaveProperty('empty');
    expect(options.query).not.toHaveProperty('none');
  });

  it('getList: store rows keep the rowIndex and name the server adds (spec §3)', async () => {
    const row = { id: 7, storeName: 'Cà Phê Sáng Q1', rowIndex: 21, name: 'Cà Phê Sáng Q1' };
    const { dataProvider } = provider([{ content: [row], totalElements: 45, pageNumber: 1, pageSize: 20 }]);
    const result = await dataProvider.getList<StoreListItem>('stores', { pagination: { page: 2, perPage: 20 }, sort: { field: 'id', order: 'DESC' }, filter: {} });
    expect(result.data).toEqual([row]);
    expect(result.data[0].rowIndex).toBe(21);
  });

  it('getList: sends sort as field,direction where the endpoint is sortable', async () => {
    const { dataProvider, calls } = provider([page([]), page([])]);
    await dataProvider.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'fullname', order: 'DESC' }, filter: {} });
    await dataProvider.getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(calls.map((c) => c.options.query?.sort)).toEqual(['fullname,desc', 'id,asc']);
  });

  it('getList: an empty page is an empty list', async () => {
    const { dataProvider } = provider([undefined]);
    await expect(dataProvider.getList('stores', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).resolves.toEqual({ data: [], total: 0 });
  });

  it('leaves the merchant id to the httpClient abort when none is chosen', async () => {
    const { dataProvider, calls } = provider([page([])], null);
    await dataProvider.getList('stores', { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(calls[0].options.merchantScoped).toBe(true);
    expect(calls[0].options.merchantId).toBeNull();
  });

  it('getOne fills :id (encoded)', async () => {
    const { dataProvider, calls } = provider([{ id: 'a/b', username: 'x' }]);
    const result = await dataProvider.getOne('users', { id: 'a/b' });
    expect(result.data).toEqual({ id: 'a/b', username: 'x' });
    expect(calls[0].url).toBe('/api/authorization/v2/merchants/101/users/a%2Fb');
  });

  it('getMany: uses the getMany endpoint with repeated ids, else getOne per id', async () => {
    const withMany = provider([[{ id: 1 }, { id: 2 }]]);
    await expect(withMany.dataProvider.getMany('tags', { ids: [1, 2] })).resolves.toEqual({ data: [{ id: 1 }, { id: 2 }] });
    expect(withMany.calls[0]).toMatchObject({ url: '/api/tags/by-ids', options: { query: { ids: ['1', '2'] } } });

    const perId = provider([{ id: 5 }, { id: 6 }]);
    await expect(perId.dataProvider.getMany('users', { ids: [5, 6] })).resolves.toEqual({ data: [{ id: 5 }, { id: 6 }] });
    expect(perId.calls.map((c) => c.url)).toEqual([
      '/api/authorization/v2/merchants/101/users/5',
      '/api/authorization/v2/merchants/101/users/6',
    ]);
  });

  it('getManyReference: the list endpoint with the target added to the filter', async () => {
    const { dataProvider, calls } = provider([page([{ id: 1 }])]);
    await dataProvider.getManyReference('users', {
      target: 'storeId',
      id: 9,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { status: 'ACTIVE' },
    });
    expect(calls[0].options.query).toMatchObject({ storeId: 9, status: 'ACTIVE', pageNumber: 0, pageSize: 10 });
  });

  it('create, update, delete use their endpoints and methods', async () => {
    const { dataProvider, calls } = provider([{ id: 3 }, { id: 3, fullname: 'B' }, null]);
    await expect(dataProvider.create('users', { data: { fullname: 'A' } })).resolves.toEqual({ data: { id: 3, fullname: 'A' } });
    await expect(
      dataProvider.update('users', { id: 3, data: { fullname: 'B' }, previousData: { id: 3, fullname: 'A' } }),
    ).resolves.toEqual({ data: { id: 3, fullname: 'B' } });
    await expect(dataProvider.delete('users', { id: 3, previousData: { id: 3 } })).resolves.toEqual({ data: { id: 3 } });
    expect(calls.map((c) => [c.options.method, c.url, c.options.body])).toEqual([
      ['POST', '/api/authorization/v2/merchants/101/users', { fullname: 'A' }],
      ['POST', '/api/authorization/v2/merchants/101/users/3', { fullname: 'B' }],
      ['DELETE', '/api/authorization/v2/merchants/101/users/3', undefined],
    ]);
  });

  it('updateMany and deleteMany go id by id', async () => {
    const { dataProvider, calls } = provider([null, null, null, null]);
    await expect(dataProvider.updateMany('users', { ids: [1, 2], data: { status: 'INACTIVE' } })).resolves.toEqual({ data: [1, 2] });
    await expect(dataProvider.deleteMany('users', { ids: [1, 2] })).resolves.toEqual({ data: [1, 2] });
    expect(calls).toHaveLength(4);
  });

  it('refuses an unknown resource and a missing endpoint with a clear error', async () => {
    const { dataProvider } = provider();
    await expect(dataProvider.getOne('nope', { id: 1 })).rejects.toThrow('Unknown resource "nope"');
    await expect(dataProvider.getOne('stores', { id: 1 })).rejects.toThrow('Resource "stores" has no "getOne" endpoint');
  });

  it('parses endpoints and refuses malformed ones', () => {
    expect(parseEndpoint('GET /a/:id')).toEqual({ method: 'GET', path: '/a/:id' });
    expect(() => parseEndpoint('/a')).toThrow('Invalid endpoint');
    expect(() => parseEndpoint('FETCH /a')).toThrow('Invalid endpoint');
  });
});

describe('dataProvider: named methods (contract table)', () => {
  it('login: POST without auth; the login page shows the error itself', async () => {
    const { dataProvider, calls } = provider([{ token: 't', username: 'u', name: 'N', email: null, phoneNumber: null }]);
    await expect(dataProvider.login({ username: 'u', password: 'p' })).resolves.toMatchObject({ token: 't' });
    expect(calls[0]).toEqual({
      url: '/api/authentication/v1/login',
      options: { method: 'POST', body: { username: 'u', password: 'p' }, noAuth: true, showError: false },
    });
  });

  it('logout: a silent POST', async () => {
    const { dataProvider, calls } = provider([null]);
    await dataProvider.logout();
    expect(calls[0]).toEqual({ url: '/api/authentication/v1/logout', options: { method: 'POST', silent: true } });
  });

  it('getMe, getMyServices', async () => {
    const { dataProvider, calls } = provider([{ id: 1 }, undefined]);
    await expect(dataProvider.getMe()).resolves.toEqual({ id: 1 });
    await expect(dataProvider.getMyServices()).resolves.toEqual([]);
    expect(calls.map((c) => c.url)).toEqual(['/api/profile/v1/me', '/api/profile/v1/me/services']);
  });

  it('getMerchants: LOGIN_MERCHANTS, paged', async () => {
    const { dataProvider, calls } = provider([page([{ id: 1 }])]);
    await expect(dataProvider.getMerchants({ pageNumber: 1, pageSize: 20 })).resolves.toMatchObject({ content: [{ id: 1 }] });
    expect(calls[0]).toMatchObject({
      url: '/api/profile/v2/merchants',
      options: { query: { requestType: 'LOGIN_MERCHANTS', pageNumber: 1, pageSize: 20 } },
    });
  });

  it('getMerchant: by id, acting on that merchant (it is not chosen yet)', async () => {
    const { dataProvider, calls } = provider([{ id: 202 }], null);
    await dataProvider.getMerchant(202);
    expect(calls[0]).toMatchObject({ url: '/api/profile/v2/merchants/202', options: { merchantScoped: true, merchantId: 202 } });
  });

  it('getRoles and getSidebars: merchantId as query and header', async () => {
    const { dataProvider, calls } = provider([{ id: 7 }, [{ code: 'MERCHANT_KYB', name: 'KYB' }]]);
    await dataProvider.getRoles(202);
    await expect(dataProvider.getSidebars(202)).resolves.toEqual([{ code: 'MERCHANT_KYB', name: 'KYB' }]);
    expect(calls[0]).toMatchObject({ url: '/api/authorization/v2/users/roles', options: { query: { merchantId: 202 }, merchantId: 202 } });
    expect(calls[1]).toMatchObject({ url: '/api/authorization/v2/users/sidebars', options: { query: { merchantId: 202 }, merchantId: 202 } });
  });

  it('getStoreOptions: SEARCH_BY_MERCHANT_CODE, fieldNames repeated, NO_PAGING', async () => {
    const { dataProvider, calls } = provider([[{ id: 1, storeName: 'A' }]]);
    await expect(dataProvider.getStoreOptions({ merchantCode: 'MC1', merchantId: 5 })).resolves.toEqual([{ id: 1, storeName: 'A' }]);
    expect(calls[0]).toMatchObject({
      url: '/api/profile/v2/stores',
      options: {
        query: { merchantCode: 'MC1', requestType: 'SEARCH_BY_MERCHANT_CODE', fieldNames: ['id', 'storeName'], pagingType: 'NO_PAGING' },
        merchantId: 5,
      },
    });
  });

  it('getHealth: no auth, silent', async () => {
    const { dataProvider, calls } = provider([{ db: 'ok' }]);
    await expect(dataProvider.getHealth()).resolves.toEqual({ db: 'ok' });
    expect(calls[0]).toEqual({ url: '/api/health', options: { noAuth: true, silent: true } });
  });
});

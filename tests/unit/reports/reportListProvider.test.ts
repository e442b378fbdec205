/** The report lists through the dataProvider: filtered totals in getList's meta, keyset cursors, exports. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider, HttpError } from '@/dataProvider';
import { forgetTotals } from '@/dataProvider/api/list-totals';
import type { HttpClient, RequestOptions } from '@/dataProvider/httpClient';
import { resources } from '@/resources';

/** A fake httpClient answering by path: records every call. */
function fakeHttp(answer: (path: string, options: RequestOptions) => unknown, httpStatus = 200) {
  const calls: Array<{ url: string; options: RequestOptions }> = [];
  const http = vi.fn(async (url: string, options: RequestOptions = {}) => {
    calls.push({ url, options });
    return { data: answer(url.replace(/^\/api/, ''), options), message: '', status: 0, httpStatus, headers: new Headers() };
  });
  return { http: http as unknown as HttpClient, calls };
}

const TX = '/transaction/v3/merchants/7/transaction-report';
const CARD = '/transaction/v2/merchants/7/reports/card-payment-report';
const totals = { count: 42, amount: 4_200_000, fee: 42_000, refundedAmount: 0, byStatus: [] };
const page = (ids: string[], nextCursor: string | null = null) => ({ content: ids.map((id) => ({ id })), totalElements: 42, pageNumber: 0, pageSize: 2, nextCursor });

function provider(answer: (path: string, options: RequestOptions) => unknown, httpStatus?: number) {
  const { http, calls } = fakeHttp(answer, httpStatus);
  return { dataProvider: createDataProvider('/api', http, { resources, getMerchantId: () => 7 }), calls };
}

const filter = { from: '2026-01-01', to: '2026-01-31', status: ['FAILED'], q: '' };

afterEach(() => forgetTotals());

describe('report lists through the dataProvider', () => {
  it('getList returns the filtered totals in meta, asked with the same filter (no paging) at endpoints.totals', async () => {
    const { dataProvider, calls } = provider((path) => (path === `${TX}/totals` ? totals : page(['1', '2'])));
    const result = await dataProvider.getList('transaction-report', { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'DESC' }, filter });
    expect(result).toEqual({ data: [{ id: '1' }, { id: '2' }], total: 42, meta: { totals } });
    const totalsCall = calls.find((c) => c.url === `/api${TX}/totals`)!;
    expect(totalsCall.options.query).toEqual({ from: '2026-01-01', to: '2026-01-31', status: ['FAILED'] });
    const listCall = calls.find((c) => c.url === `/api${TX}`)!;
    expect(listCall.options.query).toEqual({ from: '2026-01-01', to: '2026-01-31', status: ['FAILED'], pageNumber: 0, pageSize: 20 });
  });

  it('paging through one filter reuses its totals; another filter or a refund asks again', async () => {
    const { dataProvider, calls } = provider((path) => (path.endsWith('/totals') ? totals : path.endsWith('/refunds') ? { transaction: {} } : page(['1'])));
    const totalsCalls = () => calls.filter((c) => c.url.endsWith('/totals')).length;
    await dataProvider.getList('transaction-report', { pagination: { page: 1, perPage: 20 }, filter });
    await dataProvider.getList('transaction-report', { pagination: { page: 2, perPage: 20 }, filter });
    expect(totalsCalls()).toBe(1);
    await dataProvider.getList('transaction-report', { pagination: { page: 1, perPage: 20 }, filter: { ...filter, status: ['SUCCESS'] } });
    expect(totalsCalls()).toBe(2);
    await dataProvider.refundTransaction('1', { amount: 1000, reason: undefined }, 'key-12345678');
    await dataProvider.getList('transaction-report', { pagination: { page: 2, perPage: 20 }, filter });
    expect(totalsCalls()).toBe(3);
  });

  it('failed totals do not fail the rows: they come back as meta.totalsError, and the next call asks again', async () => {
    let failTotals = true;
    const { dataProvider, calls } = provider((path) => {
      if (path === `${TX}/totals`) {
        if (failTotals) throw new HttpError('Máy chủ lỗi', 500);
        return totals;
      }
      return page(['1']);
    });
    const failed = await dataProvider.getList('transaction-report', { pagination: { page: 1, perPage: 20 }, filter });
    expect(failed.data).toEqual([{ id: '1' }]);
    expect(failed.meta?.totals).toBeUndefined();
    expect(failed.meta?.totalsError).toBeInstanceOf(HttpError);
    expect((failed.meta?.totalsError as HttpError).status).toBe(500);
    failTotals = false;
    const again = await dataProvider.getList('transaction-report', { pagination: { page: 1, perPage: 20 }, filter });
    expect(again.meta).toEqual({ totals });
    expect(calls.filter((c) => c.url.endsWith('/totals'))).toHaveLength(2);
  });

  it('a failed list rejects with the failure (the list shows it), whatever the totals did', async () => {
    const { dataProvider } = provider((path) => {
      if (path === TX) throw new HttpError('Không tìm thấy dữ liệu', 503);
      return totals;
    });
    await expect(dataProvider.getList('transaction-report', { pagination: { page: 1, perPage: 20 }, filter })).rejects.toMatchObject({ status: 503 });
  });

  it('a list without endpoints.totals has no meta', async () => {
    const { dataProvider, calls } = provider(() => ({ content: [], totalElements: 0 }));
    const result = await dataProvider.getList('stores', { pagination: { page: 1, perPage: 20 }, filter: {} });
    expect(result).toEqual({ data: [], total: 0 });
    expect(calls).toHaveLength(1);
  });

  it('follows the server cursor: the next page is asked after the last row of the page before', async () => {
    const { dataProvider, calls } = provider((path, options) =>
      path.endsWith('/totals') ? totals : options.query?.cursor ? page(['3', '4']) : page(['1', '2'], 'CURSOR-2'),
    );
    await dataProvider.getList('transaction-report', { pagination: { page: 1, perPage: 2 }, filter });
    const second = await dataProvider.getList('transaction-report', { pagination: { page: 2, perPage: 2 }, filter });
    expect(second.data).toEqual([{ id: '3' }, { id: '4' }]);
    const lists = calls.filter((c) => c.url === `/api${TX}`);
    expect(lists[0].options.query?.cursor).toBeUndefined();
    expect(lists[1].options.query).toMatchObject({ cursor: 'CURSOR-2', pageNumber: 1, pageSize: 2 });
    // Another page size has no cursor for its page 2.
    await dataProvider.getList('transaction-report', { pagination: { page: 2, perPage: 10 }, filter });
    expect(calls.filter((c) => c.url === `/api${TX}`)[2].options.query?.cursor).toBeUndefined();
  });

  it('report-center lists use their resource name in the API path, with totals and the row detail', async () => {
    const cardTotals = { count: 3, sums: { amount: 300 }, byStatus: [] };
    const { dataProvider, calls } = provider((path) => (path === `${CARD}/totals` ? cardTotals : path === `${CARD}/CP1` ? { id: 'CP1' } : page(['CP1'])));
    const list = await dataProvider.getList('card-payment-report', { pagination: { page: 1, perPage: 20 }, filter: { fromDate: '2026-01-01', toDate: '2026-01-02' } });
    expect(list.meta).toEqual({ totals: cardTotals });
    expect((await dataProvider.getOne('card-payment-report', { id: 'CP1' })).data).toEqual({ id: 'CP1' });
    expect(calls.map((c) => c.url)).toEqual([`/api${CARD}/totals`, `/api${CARD}`, `/api${CARD}/CP1`]);
  });

  it('exportList POSTs the filter, the chosen columns and the format to endpoints.export; a 202 is a job', async () => {
    const job = { id: 'J1', status: 'QUEUED' };
    const { dataProvider, calls } = provider(() => job, 202);
    const outcome = await dataProvider.exportList('transaction-report', { filter, columns: ['id', 'amount'], format: 'csv' });
    expect(outcome).toEqual({ kind: 'job', job });
    expect(calls[0].url).toBe(`/api${TX}/exports`);
    expect(calls[0].options).toMatchObject({
      method: 'POST',
      responseType: 'blob',
      query: { from: '2026-01-01', to: '2026-01-31', status: ['FAILED'], columns: ['id', 'amount'], format: 'csv' },
    });
  });
});

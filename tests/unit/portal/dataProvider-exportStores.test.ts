/** dataProvider.exportStores: the file call behind the offline stores export, with a fake httpClient. */
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '@/dataProvider';
import type { HttpClient, RequestOptions } from '@/dataProvider/httpClient';

function provider(headers: Record<string, string>) {
  const calls: Array<{ url: string; options: RequestOptions }> = [];
  const blob = new Blob(['\uFEFFa,b\r\n'], { type: 'text/csv' });
  const http = vi.fn(async (url: string, options: RequestOptions = {}) => {
    calls.push({ url, options });
    return { data: blob, message: '', status: 0, httpStatus: 200, headers: new Headers(headers) };
  });
  const dataProvider = createDataProvider('/api/', http as unknown as HttpClient, { getMerchantId: () => 101 });
  return { dataProvider, calls, blob };
}

describe('dataProvider.exportStores', () => {
  it('asks for the chosen merchant’s stores as a blob with the list’s filter and sort, and names the file from the server', async () => {
    const { dataProvider, calls, blob } = provider({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="cua-hang_MC_SONGHAN_20261122-1030.csv"; filename*=UTF-8''cua-h%C3%A0ng.csv`,
    });
    const file = await dataProvider.exportStores({
      format: 'csv',
      filter: { keyword: 'cà phê', isActive: 'true', empty: '' },
      sort: { field: 'id', order: 'DESC' },
    });
    expect(file).toEqual({ blob, fileName: 'cua-hàng.csv', contentType: 'text/csv; charset=utf-8' });
    const [{ url, options }] = calls;
    expect(url).toBe('/api/profile/v2/merchants/101/stores/export');
    expect(options).toMatchObject({ responseType: 'blob', merchantScoped: true, merchantId: 101, showError: false });
    expect(options.query).toEqual({ format: 'csv', keyword: 'cà phê', isActive: 'true', sort: 'id,desc' });
  });

  it('leaves the sort to the server when the list has none, and the name unset when the server gives none', async () => {
    const { dataProvider, calls } = provider({});
    const file = await dataProvider.exportStores({ format: 'xlsx' });
    expect(calls[0].options.query).toEqual({ format: 'xlsx' });
    expect(file.fileName).toBeNull();
    expect(file.contentType).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { getFileSize, type HeadResponse } from '@/files';
import { translator } from './i18n';

function head(status: number, headers: Record<string, string> = {}): HeadResponse {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { ok: status >= 200 && status < 300, status, headers: { get: (name) => lower[name.toLowerCase()] ?? null } };
}

const URL_ = 'https://files.example.vn/hop-dong/HD-001.pdf';

describe('getFileSize', () => {
  it('reads Content-Length from a HEAD answer', async () => {
    const fetchHead = vi.fn(() => Promise.resolve(head(200, { 'Content-Length': '6291456' })));
    expect(await getFileSize(URL_, fetchHead, translator('vi'))).toEqual({ ok: true, size: 6291456 });
    expect(fetchHead).toHaveBeenCalledWith(URL_);
  });

  it('reads the total of a Content-Range when there is no length', async () => {
    expect(await getFileSize(URL_, () => Promise.resolve(head(206, { 'Content-Range': 'bytes 0-0/12345' })))).toEqual({ ok: true, size: 12345 });
  });

  it.each([
    ['no size header', {}],
    ['a negative length', { 'Content-Length': '-1' }],
    ['a non-numeric length', { 'Content-Length': 'abc' }],
    ['an unknown range total', { 'Content-Range': 'bytes 0-0/*' }],
    ['a length beyond 2^53', { 'Content-Length': '99999999999999999999' }],
  ])("says 'Không thể lấy được kích thước của file.' for %s", async (_name, headers) => {
    expect(await getFileSize(URL_, () => Promise.resolve(head(200, headers)), translator('vi'))).toEqual({
      ok: false,
      reason: 'sizeUnavailable',
      messageKey: 'portal.files.sizeUnavailable',
      message: 'Không thể lấy được kích thước của file.',
    });
  });

  it.each([
    ['a 404', () => Promise.resolve(head(404, { 'Content-Length': '10' }))],
    ['a 500', () => Promise.resolve(head(500))],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a fetcher that throws', () => { throw new Error('x'); }],
  ])("says 'Yêu cầu thất bại.' for %s", async (_name, fetchHead) => {
    expect(await getFileSize(URL_, fetchHead as () => Promise<HeadResponse>, translator('vi'))).toEqual({
      ok: false,
      reason: 'requestFailed',
      messageKey: 'portal.files.requestFailed',
      message: 'Yêu cầu thất bại.',
    });
  });

  it('gives the English texts, and the key without a translator', async () => {
    const failing = () => Promise.resolve(head(500));
    expect(await getFileSize(URL_, failing, translator('en'))).toMatchObject({ message: 'Request failed.' });
    expect(await getFileSize(URL_, () => Promise.resolve(head(200)), translator('en'))).toMatchObject({ message: 'Could not get the file size.' });
    expect(await getFileSize(URL_, failing)).toMatchObject({ message: 'portal.files.requestFailed' });
  });
});

/** The report lists' own rules: which picked ranges are no range, store names without the brand, why a load failed. */
import { describe, expect, it } from 'vitest';
import { HttpError } from '@/dataProvider';
import { loadFailureReason } from '@/features/report-list/loadFailure';
import { rangeProblem } from '@/features/report-list/storedFilter';
import { shortStoreName } from '@/features/report-list/storeName';
import vi from '@/i18n/vi/portal.json';

/** The portal's vi strings, interpolated as i18next does. */
const translate = (key: string, options: Record<string, unknown> = {}) => {
  let node: unknown = vi;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`missing ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(options[name]));
};

describe('rangeProblem', () => {
  it('an end before the start is out of order; one day and 366 days are ranges; 367 days is too long', () => {
    expect(rangeProblem({ from: '2026-03-10', to: '2026-03-09' })).toBe('order');
    expect(rangeProblem({ from: '2026-03-10', to: '2026-03-10' })).toBeNull();
    expect(rangeProblem({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' })).toBe('tooLong');
    expect(rangeProblem({ from: '2026-03-01', to: '2026-03-05' }, 4)).toBe('tooLong');
  });

  it('leaves half-typed days to the field (not a range problem)', () => {
    expect(rangeProblem({ from: '', to: '2026-03-09' })).toBeNull();
    expect(rangeProblem({ from: '2026-02-30', to: '2026-01-01' })).toBeNull();
  });
});

describe('shortStoreName', () => {
  it('takes off the brand every store starts with, with its separator', () => {
    expect(shortStoreName('Cà Phê Sông Hàn - Chi nhánh 12 Lê Lợi, Hải Châu', 'Cà Phê Sông Hàn')).toBe('Chi nhánh 12 Lê Lợi, Hải Châu');
    expect(shortStoreName('cà phê sông hàn: Quầy 2', 'Cà Phê Sông Hàn')).toBe('Quầy 2');
    // Decomposed input (NFD) still matches.
    expect(shortStoreName('Phở Việt – Cơ sở 3'.normalize('NFD'), 'Phở Việt')).toBe('Cơ sở 3');
  });

  it('keeps names that only look alike, the brand alone, and names without a brand', () => {
    expect(shortStoreName('Phở Việt Nam 24', 'Phở Việt')).toBe('Phở Việt Nam 24');
    expect(shortStoreName('Cà Phê Sông Hàn', 'Cà Phê Sông Hàn')).toBe('Cà Phê Sông Hàn');
    expect(shortStoreName('Cà Phê Sông Hàn - ', 'Cà Phê Sông Hàn')).toBe('Cà Phê Sông Hàn - ');
    expect(shortStoreName('Quầy 1', undefined)).toBe('Quầy 1');
    expect(shortStoreName('Quầy 1', '  ')).toBe('Quầy 1');
  });
});

describe('loadFailureReason', () => {
  it('gives the server field error first (an invalid date range), else its message', () => {
    const body = { status: 2, message: 'Dữ liệu không hợp lệ', data: { errors: [{ field: 'to', message: 'Đến ngày: Khoảng thời gian tối đa 366 ngày' }] } };
    expect(loadFailureReason(new HttpError('Dữ liệu không hợp lệ', 400, body, 2), translate)).toBe('Đến ngày: Khoảng thời gian tối đa 366 ngày');
    const plain = { status: 7, message: 'Không có quyền truy cập' };
    expect(loadFailureReason(new HttpError('Không có quyền truy cập', 403, plain, 7), translate)).toBe('Không có quyền truy cập');
  });

  it('says the server cannot be reached when nothing answered, and names a bare 5xx', () => {
    expect(loadFailureReason(new HttpError('Đã có lỗi xảy ra!', 0), translate)).toBe('Không kết nối được tới máy chủ. Vui lòng kiểm tra kết nối mạng.');
    const transient = 'Không tìm thấy dữ liệu. Vui lòng thử lại trong giây lát! (500)';
    expect(loadFailureReason(new HttpError(transient, 500, 'oops', undefined, 'Request failed with status code 500'), translate)).toBe(
      'Máy chủ đang gặp sự cố (500).',
    );
    // A timeout did get a status-less failure, but with a reason: its §8 text stays.
    const timeout = 'Không tìm thấy dữ liệu. Vui lòng thử lại trong giây lát! (0)';
    expect(loadFailureReason(new HttpError(timeout, 0, undefined, undefined, 'timeout of 60000ms exceeded'), translate)).toBe(timeout);
    expect(loadFailureReason(new Error('boom'), translate)).toBe('boom');
    expect(loadFailureReason(undefined, translate)).toBe('Đã có lỗi xảy ra!');
  });
});

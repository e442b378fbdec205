import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  cancelPendingErrorReports,
  configureErrorReporter,
  reportError,
  type ErrorDetails,
  type ErrorReportPayload,
} from '@/errorReport';

let user: unknown;
let merchantCode: string | null;
let sent: ErrorReportPayload[];
let send: Mock<(payload: ErrorReportPayload) => unknown>;

function details(overrides: Partial<ErrorDetails['response']> = {}, url = '/api/profile/v2/merchants/7/stores?pageNumber=0&lang=vi'): ErrorDetails {
  return {
    request: { method: 'GET', url },
    response: { httpStatus: 500, status: 500, message: 'Đã có lỗi xảy ra!', ...overrides },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  user = { username: 'chu_cua_hang' };
  merchantCode = 'MC000123';
  sent = [];
  send = vi.fn((payload: ErrorReportPayload) => {
    sent.push(payload);
    return Promise.resolve();
  });
  configureErrorReporter({ send, getUser: () => user, getMerchantCode: () => merchantCode });
  window.history.replaceState(null, '', '/portal/app/offline-stores');
});

afterEach(() => {
  configureErrorReporter(null);
  vi.useRealTimers();
});

describe('reportError', () => {
  it('sends once, 300 ms after the failure, with merchant, page and app version', () => {
    reportError(details());
    vi.advanceTimersByTime(299);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      {
        request: { method: 'GET', url: '/api/profile/v2/merchants/7/stores?pageNumber=0&lang=vi' },
        response: { httpStatus: 500, status: 500, message: 'Đã có lỗi xảy ra!' },
        appVersion: '1.25.100',
        page: `${window.location.origin}/portal/app/offline-stores`,
        merchantCode: 'MC000123',
      },
    ]);
  });

  it('collapses identical failures within 300 ms into one report, the latest', () => {
    reportError({ ...details(), page: 'first' });
    vi.advanceTimersByTime(200);
    reportError({ ...details(), page: 'second' });
    vi.advanceTimersByTime(200);
    reportError({ ...details(), page: 'third' });
    vi.advanceTimersByTime(299);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sent.map((p) => p.page)).toEqual(['third']);
    vi.advanceTimersByTime(5000);
    expect(send).toHaveBeenCalledOnce();
  });

  it('sends different failures separately', () => {
    reportError(details());
    reportError(details({ message: 'Lỗi khác' }));
    reportError(details({}, '/api/profile/v1/me'));
    vi.advanceTimersByTime(300);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('removes passwords, tokens and OTPs before sending', () => {
    reportError({
      request: {
        method: 'POST',
        url: '/api/authentication/v1/users/verify?token=tok-query&otp=654321&lang=vi',
        headers: { Authorization: 'Bearer tok-header', 'X-Request-Id': 'req-1' },
        body: { username: 'nhan_vien', password: 'S3cret!Pass', nested: [{ otp: '482913' }, { refreshToken: 'tok-body' }] },
      },
      response: { httpStatus: 400, status: 2, message: 'Dữ liệu không hợp lệ', body: { data: { accessToken: 'tok-response' } } },
      page: 'https://portal.example.vn/portal/app?access_token=tok-page',
    });
    vi.advanceTimersByTime(300);
    const text = JSON.stringify(sent);
    for (const secret of ['tok-query', '654321', 'tok-header', 'S3cret!Pass', '482913', 'tok-body', 'tok-response', 'tok-page']) {
      expect(text).not.toContain(secret);
    }
    expect(sent[0].request.body).toEqual({ username: 'nhan_vien', password: '[REDACTED]', nested: [{ otp: '[REDACTED]' }, { refreshToken: '[REDACTED]' }] });
    expect(sent[0].request.headers).toEqual({ Authorization: '[REDACTED]', 'X-Request-Id': 'req-1' });
    expect(sent[0].request.url).toBe('/api/authentication/v1/users/verify?token=[REDACTED]&otp=[REDACTED]&lang=vi');
  });

  it.each<[string, Partial<ErrorDetails['response']>]>([
    ['status 1326', { httpStatus: 401, status: 1326, message: 'Phiên đăng nhập đã hết hạn.' }],
    ['status 78', { httpStatus: 401, status: 78, message: 'x' }],
    ['status 78 in the body', { httpStatus: 401, status: undefined, message: 'x', body: { status: 78, message: 'x' } }],
    ["'Token'", { message: 'Token không hợp lệ' }],
    ["'Mật khẩu'", { message: 'Mật khẩu hoặc tên đăng nhập không chính xác' }],
    ["'Không tìm thấy tài khoản của số điện thoại này'", { message: 'Không tìm thấy tài khoản của số điện thoại này' }],
    ["'Network Error'", { httpStatus: 0, status: undefined, message: 'Network Error' }],
    ["'Không có quyền truy cập'", { httpStatus: 403, status: 3, message: 'Không có quyền truy cập doanh nghiệp này' }],
    ["'Mật khẩu' in the body", { message: undefined, body: '{"status":10,"message":"Mật khẩu không đúng"}' }],
  ])('sends nothing for %s', (_name, response) => {
    reportError(details(response));
    vi.advanceTimersByTime(1000);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends nothing without a user, or when the user signed out during the wait', () => {
    user = null;
    reportError(details());
    vi.advanceTimersByTime(1000);
    user = { username: 'chu_cua_hang' };
    reportError(details());
    user = null;
    vi.advanceTimersByTime(1000);
    expect(send).not.toHaveBeenCalled();
  });

  it('never reports its own failures, so a broken endpoint cannot loop', () => {
    send.mockImplementation((payload: ErrorReportPayload) => {
      sent.push(payload);
      // What the httpClient would do when POST /error-reports itself fails.
      reportError(details({ httpStatus: 500 }, '/api/error-reports?lang=vi'));
      return Promise.reject(new Error('Request failed with status code 500'));
    });
    reportError(details());
    vi.advanceTimersByTime(10_000);
    expect(send).toHaveBeenCalledOnce();
  });

  it('never throws: bad input, a throwing sender, throwing getters, no configuration', async () => {
    expect(() => reportError(null as unknown as ErrorDetails)).not.toThrow();
    expect(() => reportError({ request: {} } as unknown as ErrorDetails)).not.toThrow();

    send.mockImplementation(() => {
      throw new Error('sender broken');
    });
    reportError(details());
    expect(() => vi.advanceTimersByTime(300)).not.toThrow();

    configureErrorReporter({
      send,
      getUser: () => {
        throw new Error('storage unreadable');
      },
      getMerchantCode: () => {
        throw new Error('x');
      },
    });
    expect(() => reportError(details())).not.toThrow();

    configureErrorReporter(null);
    expect(() => reportError(details())).not.toThrow();
    vi.advanceTimersByTime(300);
  });

  it('swallows a rejected send (no unhandled rejection)', async () => {
    send.mockImplementation(() => Promise.reject(new Error('offline')));
    reportError(details());
    vi.advanceTimersByTime(300);
    await vi.runAllTimersAsync();
    expect(send).toHaveBeenCalledOnce();
  });

  it('fits the server limits: integer statuses only, long text cut, no empty merchant code', () => {
    merchantCode = null;
    reportError(details({ status: 1.5, httpStatus: Number.NaN, message: 'x'.repeat(5000) }));
    vi.advanceTimersByTime(300);
    expect(sent[0].response).toEqual({ message: 'x'.repeat(4000) });
    expect(sent[0]).not.toHaveProperty('merchantCode');
  });

  it('keeps at most 50 distinct reports waiting', () => {
    for (let i = 0; i < 60; i++) reportError(details({ message: `Lỗi ${i}` }));
    vi.advanceTimersByTime(300);
    expect(send).toHaveBeenCalledTimes(50);
  });

  it('drops waiting reports on cancel (logout) and on reconfiguration', () => {
    reportError(details());
    cancelPendingErrorReports();
    reportError(details({ message: 'b' }));
    configureErrorReporter({ send, getUser: () => user });
    vi.advanceTimersByTime(1000);
    expect(send).not.toHaveBeenCalled();
  });

  it('honours a custom debounce', () => {
    configureErrorReporter({ send, getUser: () => user, debounceMs: 1000 });
    reportError(details());
    vi.advanceTimersByTime(999);
    expect(send).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(send).toHaveBeenCalledOnce();
  });
});

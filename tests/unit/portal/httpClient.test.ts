import { describe, expect, it, vi } from 'vitest';
import {
  ABORT_MERCHANT_REQUIRED,
  ABORT_TOKEN_REQUIRED,
  buildQuery,
  createHttpClient,
  HttpError,
  type HttpClientDeps,
} from '@/dataProvider/httpClient';
import { fakeFetch, hangingReply, type FakeReply } from './helpers/fakeFetch';
import { translatorFor } from './helpers/i18n';

/** The spec §8 texts, written out: the tests fail if portal.json drifts from the spec. */
const VI = {
  success: 'Thành công',
  failed: 'Thất bại',
  transient: (status: number) => `Không tìm thấy dữ liệu. Vui lòng thử lại trong giây lát! (${status})`,
  error: 'Đã có lỗi xảy ra!',
};

function setup(replies: FakeReply[] = [], overrides: Partial<HttpClientDeps> = {}) {
  const { fetch, calls } = fakeFetch(...replies);
  const notify = vi.fn();
  const onAuthFailure = vi.fn();
  let id = 0;
  const deps: HttpClientDeps = {
    fetch,
    getToken: () => 'tok-123',
    getUsername: () => 'owner_demo',
    getMerchantId: () => 101,
    getLanguage: () => 'vi',
    translate: translatorFor('vi'),
    notify,
    onAuthFailure,
    requestId: () => `req-${++id}`,
    ...overrides,
  };
  return { http: createHttpClient(deps), calls, notify, onAuthFailure };
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected the call to fail');
}

const ok = (data: unknown, message = '') => ({ status: 200, body: { status: 0, message, data } });

describe('httpClient: request shape (spec §7, contract headers)', () => {
  it('sends the bearer token, method override, request id, user name and the lang param', async () => {
    const { http, calls } = setup([ok({ id: 1 })]);
    const response = await http<{ id: number }>('/api/profile/v1/me');
    expect(response.data).toEqual({ id: 1 });
    const [call] = calls;
    expect(call.path).toBe('/api/profile/v1/me');
    expect(call.method).toBe('GET');
    expect(call.headers.Authorization).toBe('Bearer tok-123');
    expect(call.headers['X-HTTP-Method-Override']).toBe('GET');
    expect(call.headers['X-Request-Id']).toBe('req-1');
    expect(call.headers['X-User-Name']).toBe('owner_demo');
    expect(call.headers['X-Merchant-Id']).toBeUndefined();
    expect(call.query.get('lang')).toBe('vi');
  });

  it('uses a new request id for every call', async () => {
    const { http, calls } = setup([ok(null), ok(null)]);
    await http('/api/a');
    await http('/api/b');
    expect(calls[0].headers['X-Request-Id']).not.toBe(calls[1].headers['X-Request-Id']);
  });

  it('generates random request ids when none is injected', async () => {
    const { fetch, calls } = fakeFetch(ok(null), ok(null));
    const http = createHttpClient({
      fetch,
      getToken: () => 't',
      getUsername: () => null,
      getMerchantId: () => null,
      getLanguage: () => 'vi',
      translate: (key) => key,
      notify: vi.fn(),
      onAuthFailure: vi.fn(),
    });
    await http('/api/a');
    await http('/api/a');
    expect(calls[0].headers['X-Request-Id']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(calls[0].headers['X-Request-Id']).not.toBe(calls[1].headers['X-Request-Id']);
    expect(calls[0].headers['X-User-Name']).toBeUndefined();
  });

  it('sends the current language (en) on every call', async () => {
    const { http, calls } = setup([ok(null)], { getLanguage: () => 'en' });
    await http('/api/a', { query: { keyword: 'cà phê' } });
    expect(calls[0].query.get('lang')).toBe('en');
    expect(calls[0].query.get('keyword')).toBe('cà phê');
  });

  it('keeps a lang the caller set explicitly and appends to an existing query string', async () => {
    const { http, calls } = setup([ok(null)]);
    await http('/api/a?x=1', { query: { lang: 'en' } });
    expect(calls[0].url).toBe('/api/a?x=1&lang=en');
  });

  it('sends arrays as repeated keys and leaves out null and undefined', async () => {
    const { http, calls } = setup([ok(null)]);
    await http('/api/stores', { query: { fieldNames: ['id', 'storeName'], a: [1, 2], none: null, missing: undefined, active: false } });
    expect(calls[0].query.getAll('fieldNames')).toEqual(['id', 'storeName']);
    expect(calls[0].query.getAll('a')).toEqual(['1', '2']);
    expect(calls[0].query.has('none')).toBe(false);
    expect(calls[0].query.has('missing')).toBe(false);
    expect(calls[0].query.get('active')).toBe('false');
    expect(buildQuery({ a: [1, 2] }, 'vi')).toBe('a=1&a=2&lang=vi');
  });

  it('marks the real method in the override header and JSON-encodes bodies', async () => {
    const { http, calls } = setup([ok(null)]);
    await http('/api/users', { method: 'POST', body: { username: 'an_nguyen' } });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].headers['X-HTTP-Method-Override']).toBe('POST');
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].body).toBe('{"username":"an_nguyen"}');
  });

  it('passes FormData through untouched (the browser sets the multipart boundary)', async () => {
    const { http, calls } = setup([ok(null)]);
    const form = new FormData();
    form.append('file', 'x');
    await http('/api/upload', { method: 'POST', body: form });
    expect(calls[0].body).toBe(form);
    expect(calls[0].headers['Content-Type']).toBeUndefined();
  });

  it('sends no Authorization header and needs no token for a noAuth call', async () => {
    const { http, calls } = setup([ok({ token: 't' })], { getToken: () => null });
    await http('/api/authentication/v1/login', { method: 'POST', noAuth: true, body: { username: 'a', password: 'b' } });
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it('sends X-Merchant-Id for merchant-scoped calls, from the chosen merchant or the one given', async () => {
    const { http, calls } = setup([ok(null), ok(null)]);
    await http('/api/x', { merchantScoped: true });
    await http('/api/y', { merchantScoped: true, merchantId: 202 });
    expect(calls[0].headers['X-Merchant-Id']).toBe('101');
    expect(calls[1].headers['X-Merchant-Id']).toBe('202');
  });
});

describe('httpClient: spec §5 aborts', () => {
  it("aborts a merchant-scoped call without a chosen merchant: 'Request aborted: Merchant ID is required'", async () => {
    const { http, calls, notify } = setup([], { getMerchantId: () => null });
    const error = await rejection(http('/api/profile/v2/merchants/:merchantId/stores', { merchantScoped: true }));
    expect(calls).toHaveLength(0);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.reason).toBe(ABORT_MERCHANT_REQUIRED);
    expect(ABORT_MERCHANT_REQUIRED).toBe('Request aborted: Merchant ID is required');
    // §8: a message with 'Request aborted' is shown as the "retry in a moment" text.
    expect(error.message).toBe(VI.transient(0));
    expect(notify).toHaveBeenCalledWith(VI.transient(0), { type: 'error' });
  });

  it('aborts a call that needs auth when there is no token, without a toast (the guards take over)', async () => {
    const { http, calls, notify, onAuthFailure } = setup([], { getToken: () => null });
    const error = await rejection(http('/api/profile/v1/me'));
    expect(calls).toHaveLength(0);
    expect(error.message).toBe(ABORT_TOKEN_REQUIRED);
    expect(error.status).toBe(0);
    expect(notify).not.toHaveBeenCalled();
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});

describe('httpClient: spec §8 success', () => {
  it('shows no toast unless asked', async () => {
    const { http, notify } = setup([ok(1, 'OK')]);
    await http('/api/a');
    expect(notify).not.toHaveBeenCalled();
  });

  it("shows 'Thành công' when asked and neither the call nor the body has a message", async () => {
    const { http, notify } = setup([ok(null)]);
    await http('/api/a', { showSuccess: true });
    expect(notify).toHaveBeenCalledWith(VI.success, { type: 'success' });
  });

  it("prefers the call's success message, then the body message", async () => {
    const { http, notify } = setup([ok(null, 'Lưu thành công'), ok(null, 'Lưu thành công')]);
    await http('/api/a', { showSuccess: true, successMessage: 'Đổi mật khẩu thành công' });
    await http('/api/a', { showSuccess: true });
    expect(notify).toHaveBeenNthCalledWith(1, 'Đổi mật khẩu thành công', { type: 'success' });
    expect(notify).toHaveBeenNthCalledWith(2, 'Lưu thành công', { type: 'success' });
  });

  it('returns envelope status and message beside the data', async () => {
    const { http } = setup([ok({ a: 1 }, 'Thành công')]);
    await expect(http('/api/a')).resolves.toMatchObject({ data: { a: 1 }, status: 0, message: 'Thành công', httpStatus: 200 });
  });

  it('accepts an empty 204 answer', async () => {
    const { http } = setup([{ status: 204 }]);
    await expect(http('/api/a', { method: 'DELETE' })).resolves.toMatchObject({ data: undefined, httpStatus: 204 });
  });

  it('returns a Blob for a file download', async () => {
    const { http } = setup([{ status: 200, body: 'a,b\n1,2', contentType: 'text/csv' }]);
    const response = await http<Blob>('/api/export', { responseType: 'blob' });
    expect(typeof response.data.text).toBe('function');
    expect(await response.data.text()).toBe('a,b\n1,2');
  });
});

describe('httpClient: spec §8 envelope failure (non-zero status)', () => {
  const failure = (status: number, message: string, http = 200) => ({ status: http, body: { status, message, data: { errors: [] } } });

  it('shows the body message and rejects with { message, status, data } and the envelope status as code', async () => {
    const { http, notify } = setup([failure(9, 'Cửa hàng đã tồn tại')]);
    const error = await rejection(http('/api/stores', { method: 'POST', body: {} }));
    expect(notify).toHaveBeenCalledWith('Cửa hàng đã tồn tại', { type: 'error' });
    expect(error.message).toBe('Cửa hàng đã tồn tại');
    expect(error.status).toBe(200);
    expect(error.code).toBe(9);
    expect(error.data).toEqual({ errors: [] });
  });

  it("falls back to 'Thất bại' when nothing else gives a text", async () => {
    const { http, notify } = setup([failure(1, '')]);
    const error = await rejection(http('/api/a'));
    expect(error.message).toBe(VI.failed);
    expect(notify).toHaveBeenCalledWith(VI.failed, { type: 'error' });
  });

  it("uses the per-status message first, then the call's message, then the body's", async () => {
    const { http } = setup([failure(9, 'body'), failure(9, 'body'), failure(9, 'body')]);
    expect((await rejection(http('/api/a', { statusMessages: { 9: 'mapped' }, errorMessage: 'call' }))).message).toBe('mapped');
    expect((await rejection(http('/api/a', { statusMessages: { 4: 'other' }, errorMessage: 'call' }))).message).toBe('call');
    expect((await rejection(http('/api/a'))).message).toBe('body');
  });

  it('shows no toast when the error notification is off, but still rejects', async () => {
    const { http, notify } = setup([failure(9, 'Trùng')]);
    await expect(http('/api/a', { showError: false })).rejects.toMatchObject({ message: 'Trùng', code: 9 });
    expect(notify).not.toHaveBeenCalled();
  });

  it('treats a 2xx body that is not an envelope as an error', async () => {
    const { http, notify } = setup([{ status: 200, body: '<html>proxy</html>', contentType: 'text/html' }]);
    const error = await rejection(http('/api/a'));
    expect(error.message).toBe(VI.error);
    expect(notify).toHaveBeenCalledWith(VI.error, { type: 'error' });
  });
});

describe('httpClient: spec §8 HTTP failure', () => {
  it("shows 'Không tìm thấy dữ liệu… ({status})' for a bare HTTP failure ('Request failed with status code')", async () => {
    const { http, notify } = setup([{ status: 404, body: '' }]);
    const error = await rejection(http('/api/missing'));
    expect(error.message).toBe(VI.transient(404));
    expect(error.status).toBe(404);
    expect(error.reason).toBe('Request failed with status code 404');
    expect(notify).toHaveBeenCalledWith(VI.transient(404), { type: 'error' });
  });

  it('shows the body message of an HTTP failure as it is', async () => {
    const { http, notify } = setup([{ status: 400, body: { status: 2, message: 'Tên đăng nhập: không hợp lệ', data: { errors: [{ field: 'username' }] } } }]);
    const error = await rejection(http('/api/a'));
    expect(error.message).toBe('Tên đăng nhập: không hợp lệ');
    expect(error.status).toBe(400);
    expect(error.code).toBe(2);
    expect(error.data).toEqual({ errors: [{ field: 'username' }] });
    expect(notify).toHaveBeenCalledWith('Tên đăng nhập: không hợp lệ', { type: 'error' });
  });

  it('maps by HTTP status first, then by envelope status', async () => {
    const { http } = setup([
      { status: 429, body: { status: 29, message: 'Quá nhiều yêu cầu' } },
      { status: 429, body: { status: 29, message: 'Quá nhiều yêu cầu' } },
    ]);
    expect((await rejection(http('/api/a', { statusMessages: { 429: 'by http', 29: 'by code' } }))).message).toBe('by http');
    expect((await rejection(http('/api/a', { statusMessages: { 29: 'by code' } }))).message).toBe('by code');
  });

  it("turns a call message mentioning 'timeout' into the retry text", async () => {
    const { http } = setup([{ status: 504, body: '' }]);
    expect((await rejection(http('/api/a', { errorMessage: 'Gateway timeout' }))).message).toBe(VI.transient(504));
  });

  it("shows 'Đã có lỗi xảy ra!' for a network failure (no status, no usable message)", async () => {
    const { http, notify } = setup([new TypeError('Failed to fetch')]);
    const error = await rejection(http('/api/a'));
    expect(error.message).toBe(VI.error);
    expect(error.status).toBe(0);
    expect(notify).toHaveBeenCalledWith(VI.error, { type: 'error' });
  });

  it('gives up after the time-out with the retry text', async () => {
    const { http, notify } = setup([hangingReply()]);
    const error = await rejection(http('/api/slow', { timeoutMs: 10 }));
    expect(error.reason).toBe('timeout of 10ms exceeded');
    expect(error.message).toBe(VI.transient(0));
    expect(notify).toHaveBeenCalledWith(VI.transient(0), { type: 'error' });
  });

  it('rejects silently when the caller cancels (a page left, a query superseded)', async () => {
    const { http, notify } = setup([hangingReply()]);
    const controller = new AbortController();
    const call = http('/api/a', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows nothing at all for a silent call', async () => {
    const { http, notify } = setup([{ status: 500, body: { status: 500, message: 'Lỗi hệ thống' } }]);
    await expect(http('/api/authentication/v1/logout', { method: 'POST', silent: true })).rejects.toBeInstanceOf(HttpError);
    expect(notify).not.toHaveBeenCalled();
  });

  it('uses the English texts in English', async () => {
    const { http } = setup([{ status: 404, body: '' }, new TypeError('x')], { translate: translatorFor('en') });
    expect((await rejection(http('/api/a'))).message).toBe('No data found. Please try again in a moment! (404)');
    expect((await rejection(http('/api/a'))).message).toBe('Something went wrong!');
  });
});

describe('httpClient: auth failures (spec §4, contract)', () => {
  it('logs out on HTTP 401, without a toast', async () => {
    const { http, notify, onAuthFailure } = setup([{ status: 401, body: { status: 78, message: 'Token không hợp lệ' } }]);
    const error = await rejection(http('/api/profile/v1/me'));
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
    expect(error.status).toBe(401);
  });

  it('logs out on envelope status 1326 (session expired), with HTTP 401 or 200', async () => {
    const { http, onAuthFailure } = setup([
      { status: 401, body: { status: 1326, message: 'Phiên đăng nhập hết hạn' } },
      { status: 200, body: { status: 1326, message: 'Phiên đăng nhập hết hạn' } },
    ]);
    await rejection(http('/api/a'));
    const error = await rejection(http('/api/b'));
    expect(onAuthFailure).toHaveBeenCalledTimes(2);
    expect(error.code).toBe(1326);
  });

  it('a late 401 of a session that already ended here (signed out, or someone else signed in) forces nobody out', async () => {
    // The token is read when the request leaves; by the time the answer comes, the session has changed.
    const tokens = ['tok-old', 'tok-next'];
    const { http, notify, onAuthFailure } = setup([{ status: 401, body: { status: 1326, message: 'Phiên đăng nhập hết hạn' } }], {
      getToken: () => (tokens.length > 1 ? tokens.shift()! : tokens[0]),
    });
    const error = await rejection(http('/api/notification/v1/user/notifications/summary'));
    expect(error.status).toBe(401);
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('does not log out on HTTP 403; the refusal is shown', async () => {
    const { http, notify, onAuthFailure } = setup([{ status: 403, body: { status: 3, message: 'Không có quyền truy cập' } }]);
    const error = await rejection(http('/api/profile/v2/merchants/999'));
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('Không có quyền truy cập', { type: 'error' });
    expect(error.status).toBe(403);
  });

  it('does not log out for a noAuth call (there is no session to end) or a silent one', async () => {
    const { http, onAuthFailure } = setup([
      { status: 401, body: { status: 10, message: 'Sai thông tin' } },
      { status: 401, body: { status: 1326, message: 'x' } },
    ]);
    await rejection(http('/api/authentication/v1/login', { method: 'POST', noAuth: true }));
    await rejection(http('/api/authentication/v1/logout', { method: 'POST', silent: true }));
    expect(onAuthFailure).not.toHaveBeenCalled();
  });
});

describe('httpClient: failures reach the error reporter', () => {
  it('reports an envelope failure with its request and response, and nothing on success', async () => {
    const onError = vi.fn();
    const { http } = setup(
      [ok({ id: 1 }), { status: 200, body: { status: 9, message: 'Xung đột dữ liệu' } }],
      { onError },
    );
    await http('/api/profile/v1/me');
    expect(onError).not.toHaveBeenCalled();
    await rejection(http('/api/x', { method: 'POST', body: { password: 'Secret@123' } }));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][0]).toMatchObject({
      request: { method: 'POST', url: '/api/x', body: { password: 'Secret@123' } },
      response: { status: 9, httpStatus: 200, message: 'Xung đột dữ liệu' },
    });
  });

  it('reports an HTTP failure with its statuses', async () => {
    const onError = vi.fn();
    const { http } = setup([{ status: 500, body: { status: 500, message: 'Lỗi hệ thống' } }], { onError });
    await rejection(http('/api/y'));
    expect(onError.mock.calls[0][0]).toMatchObject({ response: { status: 500, httpStatus: 500, message: 'Lỗi hệ thống' } });
  });
});

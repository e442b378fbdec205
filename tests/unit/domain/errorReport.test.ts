import { describe, expect, it } from 'vitest';
import { REDACTED, isSecretKey, redactSecrets, shouldReportError } from '@/domain/errorReport';

const SECRET = 'S3cret!value';

describe('isSecretKey', () => {
  it.each([
    'password', 'Password', 'newPassword', 'passwordConfirm', 'PASSWD', 'pwd', 'user_pwd', 'token', 'accessToken',
    'refresh_token', 'X-Auth-Token', 'otp', 'smartOtp', 'OTP_CODE', 'secret', 'clientSecret', 'Authorization',
    'proxy-authorization', 'cookie', 'Set-Cookie',
  ])('%s is secret', (key) => expect(isSecretKey(key)).toBe(true));

  it.each(['username', 'merchantId', 'status', 'message', 'phoneNumber', 'X-Request-Id', 'lang'])('%s is not', (key) =>
    expect(isSecretKey(key)).toBe(false),
  );
});

describe('redactSecrets', () => {
  it('redacts at any depth in objects and arrays, leaving the rest as is', () => {
    const input = {
      username: 'owner01',
      password: SECRET,
      nested: { deeper: [{ otp: '123456', keep: 1 }, { list: [{ refreshToken: SECRET }] }] },
      count: 3,
      ok: true,
      nothing: null,
    };
    expect(redactSecrets(input)).toEqual({
      username: 'owner01',
      password: REDACTED,
      nested: { deeper: [{ otp: REDACTED, keep: 1 }, { list: [{ refreshToken: REDACTED }] }] },
      count: 3,
      ok: true,
      nothing: null,
    });
  });

  it('never modifies its input', () => {
    const input = { password: SECRET, inner: { token: SECRET } };
    redactSecrets(input);
    expect(input).toEqual({ password: SECRET, inner: { token: SECRET } });
  });

  it('redacts a whole object held under a secret key', () => {
    expect(redactSecrets({ token: { access: SECRET, refresh: SECRET } })).toEqual({ token: REDACTED });
  });

  it('redacts secrets inside JSON carried as text, at any depth', () => {
    const body = JSON.stringify({ username: 'u', password: SECRET, data: { otp: '999999', items: [{ secret: SECRET }] } });
    const result = redactSecrets({ config: { data: body } }) as { config: { data: string } };
    expect(JSON.parse(result.config.data)).toEqual({
      username: 'u',
      password: REDACTED,
      data: { otp: REDACTED, items: [{ secret: REDACTED }] },
    });
    expect(result.config.data).not.toContain(SECRET);
  });

  it('redacts header maps: objects, fetch Headers, Maps and [name, value] lists', () => {
    const headers = new Headers({ Authorization: `Bearer ${SECRET}`, 'X-Request-Id': 'r1', Cookie: `sid=${SECRET}` });
    const result = redactSecrets({
      plain: { Authorization: `Bearer ${SECRET}`, 'X-Merchant-Id': '42' },
      fetchHeaders: headers,
      map: new Map([['x-auth-token', SECRET], ['accept', 'application/json']]),
      list: [['Authorization', `Bearer ${SECRET}`], ['Accept', 'text/html']],
    });
    expect(result).toEqual({
      plain: { Authorization: REDACTED, 'X-Merchant-Id': '42' },
      fetchHeaders: { authorization: REDACTED, cookie: REDACTED, 'x-request-id': 'r1' },
      map: { 'x-auth-token': REDACTED, accept: 'application/json' },
      list: [['Authorization', REDACTED], ['Accept', 'text/html']],
    });
  });

  it.each([
    [`https://api.example.vn/login?username=u&password=${SECRET}&lang=vi`, `https://api.example.vn/login?username=u&password=${REDACTED}&lang=vi`],
    [`/api/x?token=${SECRET}`, `/api/x?token=${REDACTED}`],
    [`https://x.vn/cb#access_token=${SECRET}&state=1`, `https://x.vn/cb#access_token=${REDACTED}&state=1`],
    [`https://x.vn/p?Pass%77ord=${SECRET}`, `https://x.vn/p?Pass%77ord=${REDACTED}`],
    [`https://x.vn/p?otp=1&otp=2`, `https://x.vn/p?otp=${REDACTED}&otp=${REDACTED}`],
    ['https://x.vn/p?page=1&size=20', 'https://x.vn/p?page=1&size=20'],
    ['https://x.vn/path#section', 'https://x.vn/path#section'],
    [`username=u&password=${SECRET}`, `username=u&password=${REDACTED}`],
  ])('redacts query strings: %s', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
    expect(redactSecrets({ url: input })).toEqual({ url: expected });
  });

  it('redacts URLs, header lines and bearer values inside free text', () => {
    const text = [
      `GET https://api.example.vn/users?token=${SECRET}&page=2 failed`,
      `Authorization: Bearer ${SECRET}`,
      `Cookie: sid=${SECRET}`,
      'X-Request-Id: abc',
      `then called /api/v1/me?otp=${SECRET} again with Bearer ${SECRET}`,
    ].join('\n');
    const result = redactSecrets(text);
    expect(result).not.toContain(SECRET);
    expect(result).toContain('page=2');
    expect(result).toContain('X-Request-Id: abc');
    expect(result).toContain(`Authorization: ${REDACTED}`);
  });

  it.each([
    [`login failed token=${SECRET} for owner01`, `login failed token=${REDACTED} for owner01`],
    [`retry with otp: ${SECRET}`, `retry with otp: ${REDACTED}`],
    [`{"username":"u","password":"${SECRET}","note":"trunc`, `{"username":"u","password":"${REDACTED}","note":"trunc`],
    [`body {"otp": 123456, "a": 1} (truncated`, `body {"otp": "${REDACTED}", "a": 1} (truncated`],
  ])('redacts pairs inside free text: %s', (input, expected) => expect(redactSecrets(input)).toBe(expected));

  it('leaves ordinary messages untouched', () => {
    for (const text of [
      'Thành công',
      'Không tìm thấy dữ liệu. Vui lòng thử lại trong giây lát! (500)',
      'Token expired, please sign in again',
      'Mật khẩu: không đúng',
      'a = b',
      '',
    ]) {
      expect(redactSecrets(text)).toBe(text);
    }
  });

  it('survives cycles, Dates, Errors and odd values', () => {
    const cyclic: Record<string, unknown> = { name: 'a', password: SECRET };
    cyclic.self = cyclic;
    const result = redactSecrets({ cyclic, at: new Date('2024-01-02T03:04:05Z'), error: new Error(`bad token=${SECRET}`), n: 5, u: undefined });
    expect(result).toEqual({
      cyclic: { name: 'a', password: REDACTED, self: '[Circular]' },
      at: '2024-01-02T03:04:05.000Z',
      error: { name: 'Error', message: `bad token=${REDACTED}` },
      n: 5,
      u: undefined,
    });
  });

  it('keeps shared (non-cyclic) references', () => {
    const shared = { id: 1 };
    expect(redactSecrets({ a: shared, b: shared })).toEqual({ a: { id: 1 }, b: { id: 1 } });
  });

  it('cuts very deep structures instead of overflowing the stack', () => {
    let deep: Record<string, unknown> = { password: SECRET };
    for (let i = 0; i < 1000; i++) deep = { next: deep };
    expect(JSON.stringify(redactSecrets(deep))).not.toContain(SECRET);
  });

  it('handles a realistic request/response pair', () => {
    const report = {
      request: {
        method: 'POST',
        url: '/api/authentication/v1/login?lang=vi',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${SECRET}` },
        body: JSON.stringify({ username: 'owner01', password: SECRET }),
      },
      response: { status: 400, data: { status: 10, message: 'Sai tên đăng nhập hoặc mật khẩu', data: { accessToken: SECRET } } },
    };
    const serialised = JSON.stringify(redactSecrets(report));
    expect(serialised).not.toContain(SECRET);
    expect(serialised).toContain('owner01');
    expect(serialised).toContain('Sai tên đăng nhập hoặc mật khẩu');
  });
});

describe('shouldReportError (§8)', () => {
  it.each([
    [{ status: 500, message: 'Đã có lỗi xảy ra!', hasUser: true }, true],
    [{ status: 2, message: 'Tên đăng nhập: không hợp lệ', hasUser: true }, true],
    [{ status: undefined, message: undefined, hasUser: true }, true],
    [{ status: 1326, message: 'Phiên đăng nhập hết hạn', hasUser: true }, false],
    [{ status: 78, message: 'x', hasUser: true }, false],
    [{ status: 500, message: 'x', hasUser: false }, false],
    [{ status: 500, message: 'Token expired', hasUser: true }, false],
    [{ status: 500, message: 'Invalid Token', hasUser: true }, false],
    [{ status: 500, message: 'Mật khẩu không đúng', hasUser: true }, false],
    [{ status: 500, message: 'Sai Mật khẩu', hasUser: true }, false],
    [{ status: 500, message: 'Không tìm thấy tài khoản của số điện thoại này', hasUser: true }, false],
    [{ status: 0, message: 'Network Error', hasUser: true }, false],
    [{ status: 403, message: 'Không có quyền truy cập', hasUser: true }, false],
    [{ status: 500, message: 'Ma\u0302\u0323t kha\u0302\u0309u sai', hasUser: true }, false],
    [{ status: 500, message: 'network error', hasUser: true }, true],
    [{ status: 500, message: 'mật khẩu', hasUser: true }, true],
    [{ status: 1327, message: 'x', hasUser: true }, true],
  ])('%o → %s', (candidate, expected) => expect(shouldReportError(candidate)).toBe(expected));
});

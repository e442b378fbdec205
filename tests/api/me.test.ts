/** GET /profile/v1/me and /profile/v1/me/services. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';

const ME = '/api/profile/v1/me';
const SERVICES = '/api/profile/v1/me/services';

describe('me', () => {
  let t: TestApp;
  let owner: string;
  let cashier: string;
  beforeAll(async () => {
    t = await makeApp();
    owner = await t.login('owner_demo');
    cashier = await t.login('cashier_demo');
  });
  afterAll(() => t.close());

  it('returns the signed-in user and nothing secret', async () => {
    const res = await t.call(owner, { method: 'GET', url: ME });
    expect(res.statusCode).toBe(200);
    const { data, status, message } = res.json();
    expect(status).toBe(0);
    expect(message).toBe('Thành công');
    expect(data).toMatchObject({
      username: 'owner_demo',
      name: 'Nguyễn Minh Anh',
      email: 'owner.demo@example.vn',
      phoneNumber: '0901234567',
      userType: 'M4B_USER',
      linkedSSO: true, // the seed links the demo accounts' demo-SSO identities
      twoFactorEnabled: false,
    });
    expect(Object.keys(data).sort()).toEqual(
      ['createdAt', 'email', 'id', 'lastLoginAt', 'linkedSSO', 'name', 'phoneNumber', 'twoFactorEnabled', 'userType', 'username'],
    );
    expect(new Date(data.lastLoginAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body).not.toMatch(/argon2|password/i);
  });

  it('answers each user with their own account', async () => {
    const res = await t.call(cashier, { method: 'GET', url: `${ME}?lang=en` });
    expect(res.json()).toMatchObject({ status: 0, message: 'Success', data: { username: 'cashier_demo' } });
  });

  it('refuses unknown query parameters and requires a token', async () => {
    const extra = await t.call(owner, { method: 'GET', url: `${ME}?fields=passwordHash` });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ status: 2, message: 'fields: Trường này không được hỗ trợ' });
    const anonymous = await t.call(null, { method: 'GET', url: ME });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(78);
  });

  it('field=userProfile answers only the profile part, field=id only the id, both when repeated', async () => {
    const whole = (await t.call(owner, { method: 'GET', url: ME })).json().data;
    const { id, ...profile } = whole;

    const onlyProfile = await t.call(owner, { method: 'GET', url: `${ME}?field=userProfile` });
    expect(onlyProfile.statusCode).toBe(200);
    expect(onlyProfile.json()).toEqual({ status: 0, message: 'Thành công', data: { userProfile: profile } });
    expect(profile).toMatchObject({ username: 'owner_demo', name: 'Nguyễn Minh Anh' });
    expect(profile).toHaveProperty('linkedSSO');

    const onlyId = await t.call(owner, { method: 'GET', url: `${ME}?field=id&lang=en` });
    expect(onlyId.json()).toEqual({ status: 0, message: 'Success', data: { id } });

    const both = await t.call(owner, { method: 'GET', url: `${ME}?field=id&field=userProfile` });
    expect(both.json().data).toEqual({ id, userProfile: profile });
  });

  it('refuses an unknown field with a 400 envelope naming it, in the caller’s language', async () => {
    for (const [url, field] of [
      [`${ME}?field=passwordHash`, 'field'],
      [`${ME}?field=userProfile&field=merchants`, 'field'],
      [`${ME}?field=`, 'field'],
    ] as const) {
      const res = await t.call(owner, { method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        status: 2,
        message: 'field: Giá trị không hợp lệ',
        data: { errors: [{ field, message: 'field: Giá trị không hợp lệ' }] },
      });
      expect(res.body).not.toContain('owner_demo');
    }
    const en = await t.call(owner, { method: 'GET', url: `${ME}?field=roles&lang=en` });
    expect(en.json()).toMatchObject({ status: 2, message: 'field: The value is not valid' });
  });

  it('lists the service catalogue with null registrations when no merchant is chosen', async () => {
    const res = await t.call(owner, { method: 'GET', url: SERVICES });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: null, code: 'PROMOTION', name: 'Khuyến mãi', status: null },
      { id: null, code: 'ADS', name: 'Quảng cáo', status: null },
      { id: null, code: 'PAYLATER', name: 'Mua trước trả sau', status: null },
    ]);
  });

  it('merges the chosen merchant’s registrations, names in the caller’s language', async () => {
    const res = await t.call(owner, {
      method: 'GET',
      url: `${SERVICES}?lang=en`,
      headers: { 'x-merchant-id': String(DemoMerchants.topBrand.id) },
    });
    const data = res.json().data as Array<{ id: number | null; code: string; name: string; status: string | null }>;
    expect(data.map((s) => [s.code, s.name, s.status])).toEqual([
      ['PROMOTION', 'Promotions', 'ACTIVE'],
      ['ADS', 'Advertising', 'INITIALIZED'],
      ['PAYLATER', 'Buy now, pay later', null],
    ]);
    expect(typeof data[0].id).toBe('number');
    expect(data[2].id).toBeNull();
  });

  it('refuses a merchant hint the caller does not belong to with 403 status 3, and a malformed one', async () => {
    for (const hint of [String(DemoMerchants.other.id), '999999', '9999999999', '0', 'abc', '1 OR 1=1']) {
      const res = await t.call(owner, { method: 'GET', url: SERVICES, headers: { 'x-merchant-id': hint } });
      expect(res.statusCode, hint).toBe(403);
      expect(res.json()).toEqual({ status: 3, message: 'Không có quyền truy cập doanh nghiệp này' });
    }
  });
});

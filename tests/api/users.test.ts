/** Team (user management): /authorization/v2/merchants/:merchantId/users and the invitee's invitations. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { verify } from '@node-rs/argon2';
import { auditEntries, invitations, memberships, membershipStores, stores, users, verifiedContacts } from '../../server/db/schema';
import { CASHIER_STORE_CODE, DemoMerchants, DemoUsers, storeCode } from '../../server/db/seed-fixtures';
import type { MerchantUser } from '../../src/domain/api';
import viValidation from '../../src/i18n/vi/validation.json';
import enValidation from '../../src/i18n/en/validation.json';
import viApi from '../../src/i18n/vi/api.json';
import enApi from '../../src/i18n/en/api.json';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const PASSWORD = 'Staff@2025';
const IP = '203.0.113.7';

const usersUrl = (merchantId: number, query = '') => `/api/authorization/v2/merchants/${merchantId}/users${query ? `?${query}` : ''}`;
const userUrl = (merchantId: number, userId: number | string, query = '') => `${usersUrl(merchantId)}/${userId}${query ? `?${query}` : ''}`;
const inviteUrl = (merchantId: number, query = '') => `${usersUrl(merchantId)}/invitations${query ? `?${query}` : ''}`;
const MY_INVITATIONS = '/api/authorization/v2/users/invitations';

let seq = 0;
/** A fresh valid username per call, so tests never collide with each other or the seed. */
const uniqueName = (prefix = 'staff') => `${prefix}_${Date.now().toString(36).slice(-5)}${seq++}`;

describe('users', () => {
  let t: TestApp;
  let owner: string;
  let admin: string;
  let accountant: string;
  let cashier: string;
  let storeA: number;
  let storeB: number;
  let otherStore: number;
  let ownerId: number;
  let adminId: number;

  const storeIdOf = async (merchantId: number, n: number) => {
    const [row] = await t.database.db.select({ id: stores.id }).from(stores).where(eq(stores.storeId, storeCode(merchantId, n)));
    return row.id;
  };
  const userIdOf = async (username: string) => {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    return row?.id;
  };
  const create = (token: string, body: Record<string, unknown>, merchantId = SME, query = '') =>
    t.call(token, { method: 'POST', url: usersUrl(merchantId, query), payload: body, remoteAddress: IP });
  const change = (token: string, userId: number, body: Record<string, unknown>, merchantId = SME) =>
    t.call(token, { method: 'POST', url: userUrl(merchantId, userId), payload: body, remoteAddress: IP });
  const validUser = (overrides: Record<string, unknown> = {}) => ({
    username: uniqueName(),
    fullname: 'Trần Văn Nam',
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    role: 'STORE_CASHIER',
    storeList: [storeA],
    email: 'nam@example.vn',
    ...overrides,
  });
  const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0].n;
  const membershipOfUser = async (merchantId: number, userId: number) =>
    (await t.database.db.select().from(memberships).where(and(eq(memberships.merchantId, merchantId), eq(memberships.userId, userId))))[0];
  const createOk = async (overrides: Record<string, unknown> = {}, token = owner): Promise<MerchantUser> => {
    const res = await create(token, validUser(overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await makeApp();
    [owner, admin, accountant, cashier] = await Promise.all([
      t.login(DemoUsers.owner.username),
      t.login(DemoUsers.admin.username),
      t.login(DemoUsers.accountant.username),
      t.login(DemoUsers.cashier.username),
    ]);
    storeA = await storeIdOf(SME, 1);
    storeB = await storeIdOf(SME, 2);
    otherStore = await storeIdOf(OTHER, 1);
    ownerId = (await userIdOf(DemoUsers.owner.username))!;
    adminId = (await userIdOf(DemoUsers.admin.username))!;
  });
  afterAll(() => t.close());

  describe('list', () => {
    it('pages the SME’s users 20 at a time with the spec fields, over several pages', async () => {
      const res = await t.call(owner, { method: 'GET', url: usersUrl(SME) });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.pageSize).toBe(20);
      expect(data.pageNumber).toBe(0);
      expect(data.content).toHaveLength(20);
      expect(data.totalElements).toBeGreaterThan(20);
      const [first] = data.content as MerchantUser[];
      for (const key of ['id', 'username', 'fullname', 'role', 'storeList', 'stores', 'status', 'invitationStatus']) expect(first).toHaveProperty(key);
      const second = (await t.call(owner, { method: 'GET', url: usersUrl(SME, 'pageNumber=1&pageSize=20') })).json().data;
      const ids = new Set([...data.content, ...second.content].map((u: MerchantUser) => u.id));
      expect(ids.size).toBe(data.content.length + second.content.length);
    });

    it('accepts only the §9 page sizes', async () => {
      for (const size of [10, 50, 100]) {
        expect((await t.call(owner, { method: 'GET', url: usersUrl(SME, `pageSize=${size}`) })).json().data.pageSize).toBe(size);
      }
      const res = await t.call(owner, { method: 'GET', url: usersUrl(SME, 'pageSize=30') });
      expect(res.statusCode).toBe(400);
      expect(res.json().status).toBe(2);
    });

    it('filters by role, status, invitation status, store and keyword', async () => {
      const byRole = (await t.call(owner, { method: 'GET', url: usersUrl(SME, 'role=STORE_CASHIER&pageSize=100') })).json().data.content as MerchantUser[];
      expect(byRole.length).toBeGreaterThan(0);
      expect(byRole.every((u) => u.roles.includes('STORE_CASHIER'))).toBe(true);

      const inactive = (await t.call(owner, { method: 'GET', url: usersUrl(SME, 'status=INACTIVE&pageSize=100') })).json().data.content as MerchantUser[];
      expect(inactive.length).toBeGreaterThan(0);
      expect(inactive.every((u) => u.status === 'INACTIVE')).toBe(true);

      const waiting = (await t.call(owner, { method: 'GET', url: usersUrl(SME, 'invitationStatus=WAITING') })).json().data.content as MerchantUser[];
      expect(waiting.every((u) => u.invitationStatus === 'WAITING')).toBe(true);

      const byStore = (await t.call(owner, { method: 'GET', url: usersUrl(SME, `storeId=${storeA}`) })).json().data.content as MerchantUser[];
      expect(byStore.map((u) => u.username)).toContain(DemoUsers.cashier.username);
      expect(byStore.every((u) => u.storeList.includes(storeA))).toBe(true);
      expect(byStore.find((u) => u.username === DemoUsers.cashier.username)!.stores[0]).toEqual({ id: storeA, storeName: expect.any(String) });

      for (const keyword of ['CASHIER_DEMO', 'Lê Văn', 'cashier.demo@']) {
        const found = (await t.call(owner, { method: 'GET', url: usersUrl(SME, `keyword=${encodeURIComponent(keyword)}`) })).json().data.content as MerchantUser[];
        expect(found.map((u) => u.username)).toEqual([DemoUsers.cashier.username]);
      }
    });

    it('sorts by username both ways and refuses unknown sort fields', async () => {
      const asc = (await t.call(owner, { method: 'GET', url: usersUrl(SME, 'sort=username,asc&pageSize=100') })).json().data.content as MerchantUser[];
      const names = asc.map((u) => u.username.toLowerCase());
      expect(names).toEqual([...names].sort());
      const desc = (await t.call(owner, { method: 'GET', url: usersUrl(SME, 'sort=username,desc&pageSize=100') })).json().data.content as MerchantUser[];
      expect(desc[0].username).toBe(asc[asc.length - 1].username);
      expect((await t.call(owner, { method: 'GET', url: usersUrl(SME, 'sort=passwordHash,asc') })).statusCode).toBe(400);
    });

    it('is for user managers only: others get 403 status 3, never 401', async () => {
      for (const token of [accountant, cashier]) {
        const res = await t.call(token, { method: 'GET', url: usersUrl(SME) });
        expect(res.statusCode).toBe(403);
        expect(res.json().status).toBe(3);
      }
      expect((await t.call(admin, { method: 'GET', url: usersUrl(SME) })).statusCode).toBe(200);
    });

    it('refuses a merchant the caller does not belong to', async () => {
      const res = await t.call(owner, { method: 'GET', url: usersUrl(OTHER) });
      expect(res.statusCode).toBe(403);
      expect(res.json().status).toBe(3);
    });
  });

  describe('create', () => {
    it('creates a store cashier who signs in and sees only their store', async () => {
      const body = validUser({ storeList: [storeB] });
      const res = await create(owner, body);
      expect(res.statusCode, res.body).toBe(200);
      const created = res.json().data as MerchantUser;
      expect(created).toMatchObject({ username: body.username, fullname: body.fullname, role: 'STORE_CASHIER', storeList: [storeB], status: 'ACTIVE', invitationStatus: 'ACCEPT' });
      expect(created).not.toHaveProperty('password');

      const [row] = await t.database.db.select().from(users).where(eq(users.id, created.id));
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verify(row.passwordHash, PASSWORD)).toBe(true);
      expect(t.logs.some((line) => line.includes(PASSWORD))).toBe(false);

      const token = await t.login(body.username, PASSWORD);
      const list = (await t.call(token, { method: 'GET', url: `/api/profile/v2/merchants/${SME}/stores` })).json().data;
      expect(list.content.map((s: { id: number }) => s.id)).toEqual([storeB]);
      expect((await t.call(token, { method: 'GET', url: usersUrl(SME) })).statusCode).toBe(403);
    });

    it('keeps no store for a merchant-wide role and accepts an empty e-mail', async () => {
      const created = await createOk({ role: 'SUB_ACCOUNTANT', storeList: [storeA], email: '' });
      expect(created.storeList).toEqual([]);
      expect(created.email).toBeNull();
    });

    it('writes an audit entry with the actor, the merchant and the IP', async () => {
      const created = await createOk();
      const [entry] = await t.database.db.select().from(auditEntries).where(eq(auditEntries.targetUserId, created.id));
      expect(entry).toMatchObject({ merchantId: SME, actorUserId: ownerId, action: 'CREATE', ip: IP });
      expect(entry.details).toMatchObject({ role: 'STORE_CASHIER', storeList: [storeA] });
      expect(JSON.stringify(entry.details)).not.toContain(PASSWORD);
    });

    const badInputs: Array<[string, Record<string, unknown>, string, string]> = [
      ['username too short', { username: 'abc' }, 'username', 'validation.username'],
      ['username all digits', { username: '12345678' }, 'username', 'validation.username'],
      ['username with a space', { username: 'nhan vien' }, 'username', 'validation.username'],
      ['username missing', { username: undefined }, 'username', 'validation.required'],
      ['fullname blank', { fullname: '   ' }, 'fullname', 'validation.required'],
      ['fullname missing', { fullname: undefined }, 'fullname', 'validation.required'],
      ['password too weak', { password: 'abcdefgh', passwordConfirm: 'abcdefgh' }, 'password', 'validation.password'],
      ['password too long', { password: 'Abcdefgh@12345678', passwordConfirm: 'Abcdefgh@12345678' }, 'password', 'validation.password'],
      ['password confirm mismatch', { passwordConfirm: 'Other@2025' }, 'passwordConfirm', 'validation.passwordConfirm'],
      ['password confirm missing', { passwordConfirm: undefined }, 'passwordConfirm', 'validation.required'],
      ['bad e-mail', { email: 'nam@example' }, 'email', 'validation.email'],
      ['role missing', { role: undefined }, 'role', 'validation.required'],
      ['non-assignable role', { role: 'MERCHANT_OWNER' }, 'role', 'validation.invalid'],
      ['unknown role', { role: 'SUPER_USER' }, 'role', 'validation.invalid'],
      ['store role without store', { storeList: [] }, 'storeList', 'validation.required'],
      ['store role with no store list', { storeList: undefined }, 'storeList', 'validation.required'],
      ['store list of text', { storeList: ['abc'] }, 'storeList.0', 'validation.invalid'],
    ];
    it.each(badInputs)('refuses %s with the field named and writes nothing', async (_name, overrides, field, key) => {
      const before = await userCount();
      const res = await create(owner, validUser(overrides));
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.status).toBe(2);
      const error = body.data.errors.find((e: { field: string }) => e.field === field);
      const rule = (viValidation.validation as unknown as Record<string, string>)[key.replace('validation.', '')];
      expect(error?.message, body.message).toContain(rule);
      expect(await userCount()).toBe(before);
    });

    it('answers validation messages in English with lang=en', async () => {
      const res = await create(owner, validUser({ username: 'abc', passwordConfirm: 'Other@2025' }), SME, 'lang=en');
      const messages = res.json().data.errors.map((e: { message: string }) => e.message);
      expect(messages).toContain(`Username: ${enValidation.validation.username}`);
      expect(messages).toContain(`${enApi.fields.passwordConfirm}: ${enValidation.validation.passwordConfirm}`);
      const vi = await create(owner, validUser({ fullname: '' }));
      expect(vi.json().message).toBe(`${viApi.fields.fullname}: ${viValidation.validation.required}`);
    });

    it('refuses unknown fields', async () => {
      const res = await create(owner, { ...validUser(), isAdmin: true });
      expect(res.statusCode).toBe(400);
    });

    it('refuses an unknown store and another merchant’s store, writing nothing', async () => {
      const before = await userCount();
      for (const storeList of [[999_999], [otherStore], [storeA, otherStore]]) {
        const res = await create(owner, validUser({ storeList }));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(viApi.users.unknownStore);
      }
      expect(await userCount()).toBe(before);
    });

    it('refuses a username already taken, whatever its case', async () => {
      const res = await create(owner, validUser({ username: DemoUsers.cashier.username.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(viApi.users.usernameTaken);
    });

    it('refuses non-managers with 403 status 3 and writes nothing', async () => {
      const before = await userCount();
      for (const token of [accountant, cashier]) {
        const res = await create(token, validUser());
        expect(res.statusCode).toBe(403);
        expect(res.json().status).toBe(3);
      }
      expect(await userCount()).toBe(before);
    });

    it('lets an ADMINISTRATOR create up to ADMINISTRATOR, and a USER_ROLE_MANAGER not an ADMINISTRATOR', async () => {
      expect((await create(admin, validUser({ role: 'ADMINISTRATOR' }))).statusCode).toBe(200);
      const manager = await createOk({ role: 'USER_ROLE_MANAGER' });
      const managerToken = await t.login(manager.username, PASSWORD);
      const before = await userCount();
      const res = await create(managerToken, validUser({ role: 'ADMINISTRATOR' }));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(viApi.users.roleAboveCaller);
      expect(await userCount()).toBe(before);
      expect((await create(managerToken, validUser({ role: 'MARKETING' }))).statusCode).toBe(200);
    });

    it('never lets anyone create a MERCHANT_OWNER (not assignable)', async () => {
      const res = await create(admin, validUser({ role: 'MERCHANT_OWNER', storeList: [] }));
      expect(res.statusCode).toBe(400);
    });
  });

  describe('detail, update, remove', () => {
    it('shows one user with the audit trail', async () => {
      const created = await createOk();
      await change(owner, created.id, { reqType: 'update', fullname: 'Tên Mới' });
      const res = await t.call(owner, { method: 'GET', url: userUrl(SME, created.id) });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as MerchantUser;
      expect(data.fullname).toBe('Tên Mới');
      expect(data.audit!.map((a) => a.action)).toEqual(['UPDATE', 'CREATE']);
      expect(data.audit![0]).toMatchObject({ actorUsername: DemoUsers.owner.username, ip: IP, details: { fullname: 'Tên Mới' } });
    });

    it('answers 404 for another merchant’s user id and an unknown id, changing nothing', async () => {
      const otherCashierId = (await userIdOf(DemoUsers.otherCashier.username))!;
      for (const id of [otherCashierId, 2_000_000]) {
        expect((await t.call(owner, { method: 'GET', url: userUrl(SME, id) })).statusCode).toBe(404);
        for (const body of [{ reqType: 'update', fullname: 'Hacked' }, { reqType: 'remove' }, { reqType: 'deactivate' }]) {
          const res = await change(owner, id, body);
          expect(res.statusCode).toBe(404);
          expect(res.json().status).toBe(4);
        }
      }
      const [row] = await t.database.db.select().from(users).where(eq(users.id, otherCashierId));
      expect(row.name).toBe(DemoUsers.otherCashier.name);
      expect(await membershipOfUser(OTHER, otherCashierId)).toBeDefined();
    });

    it('updates role and stores; a store role keeps at least one store', async () => {
      const created = await createOk();
      const res = await change(owner, created.id, { reqType: 'update', role: 'STORE_OWNER', storeList: [storeA, storeB] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ role: 'STORE_OWNER', storeList: expect.arrayContaining([storeA, storeB]) });
      const empty = await change(owner, created.id, { reqType: 'update', storeList: [] });
      expect(empty.statusCode).toBe(400);
      const foreign = await change(owner, created.id, { reqType: 'update', storeList: [otherStore] });
      expect(foreign.statusCode).toBe(400);
      const wide = await change(owner, created.id, { reqType: 'update', role: 'MARKETING' });
      expect(wide.json().data).toMatchObject({ role: 'MARKETING', storeList: [] });
    });

    it('refuses non-managers’ update and remove with 403 and changes nothing', async () => {
      const created = await createOk();
      for (const token of [accountant, cashier]) {
        for (const body of [{ reqType: 'update', fullname: 'Hacked', role: 'ADMINISTRATOR' }, { reqType: 'remove' }, { reqType: 'deactivate' }]) {
          const res = await change(token, created.id, body);
          expect(res.statusCode).toBe(403);
          expect(res.json().status).toBe(3);
        }
      }
      const membership = await membershipOfUser(SME, created.id);
      expect(membership).toMatchObject({ roles: ['STORE_CASHIER'], status: 'ACTIVE' });
      const [row] = await t.database.db.select().from(users).where(eq(users.id, created.id));
      expect(row.name).toBe('Trần Văn Nam');
    });

    it('refuses escalation: an ADMINISTRATOR cannot touch the owner, nobody changes their own role', async () => {
      const toOwner = await change(admin, ownerId, { reqType: 'update', fullname: 'Not the owner' });
      expect(toOwner.statusCode).toBe(403);
      expect(toOwner.json().message).toBe(viApi.users.targetAboveCaller);
      expect((await change(admin, ownerId, { reqType: 'remove' })).statusCode).toBe(403);

      const own = await change(admin, adminId, { reqType: 'update', role: 'STORE_CASHIER', storeList: [storeA] });
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe(viApi.users.ownRole);
      expect((await membershipOfUser(SME, adminId)).roles).toEqual(['ADMINISTRATOR']);
      // A user may still correct their own name.
      expect((await change(admin, adminId, { reqType: 'update', fullname: DemoUsers.admin.name })).statusCode).toBe(200);
      expect((await change(admin, adminId, { reqType: 'remove' })).json().message).toBe(viApi.users.removeSelf);
    });

    it('an owner can neither remove nor deactivate themselves', async () => {
      for (const reqType of ['remove', 'deactivate']) {
        const res = await change(owner, ownerId, { reqType });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(viApi.users.removeSelf);
      }
      expect((await membershipOfUser(SME, ownerId)).status).toBe('ACTIVE');
    });

    it('refuses removing the last owner even when asked by another manager of equal rank', async () => {
      // A second owner can only come from the seed; demote-by-proxy is checked through an owner-ranked
      // caller: MERCHANT_OWNER_DONATION shares the owner's rank but is not an owner.
      const [row] = await t.database.db
        .insert(users)
        .values({ username: uniqueName('proxy'), name: 'Proxy', passwordHash: (await t.database.db.select().from(users).where(eq(users.id, ownerId)))[0].passwordHash })
        .returning({ id: users.id, username: users.username });
      await t.database.db.insert(memberships).values({ merchantId: SME, userId: row.id, roles: ['MERCHANT_OWNER_DONATION', 'ADMINISTRATOR'] });
      const proxy = await t.login(row.username);
      const res = await change(proxy, ownerId, { reqType: 'remove' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(viApi.users.lastOwner);
      expect((await change(proxy, ownerId, { reqType: 'deactivate' })).json().message).toBe(viApi.users.lastOwner);
      expect(await membershipOfUser(SME, ownerId)).toMatchObject({ status: 'ACTIVE', roles: ['MERCHANT_OWNER'] });
    });

    it('deactivates (access ends) and reactivates, with audit entries', async () => {
      const created = await createOk();
      const token = await t.login(created.username, PASSWORD);
      expect((await change(owner, created.id, { reqType: 'deactivate' })).json().data.status).toBe('INACTIVE');
      expect((await t.call(token, { method: 'GET', url: `/api/profile/v2/merchants/${SME}/stores` })).statusCode).toBe(403);
      expect((await change(owner, created.id, { reqType: 'reactivate' })).json().data.status).toBe('ACTIVE');
      expect((await t.call(token, { method: 'GET', url: `/api/profile/v2/merchants/${SME}/stores` })).statusCode).toBe(200);
      const actions = (await t.database.db.select().from(auditEntries).where(eq(auditEntries.targetUserId, created.id))).map((a) => a.action);
      expect(actions).toEqual(expect.arrayContaining(['CREATE', 'DEACTIVATE', 'REACTIVATE']));
    });

    it('removes a user: the membership and stores go, the audit trail stays', async () => {
      const created = await createOk();
      const res = await change(owner, created.id, { reqType: 'remove' });
      expect(res.statusCode).toBe(200);
      expect(await membershipOfUser(SME, created.id)).toBeUndefined();
      const assigned = await t.database.db.select().from(membershipStores).where(eq(membershipStores.userId, created.id));
      expect(assigned).toEqual([]);
      expect((await t.call(owner, { method: 'GET', url: userUrl(SME, created.id) })).statusCode).toBe(404);
      const [entry] = await t.database.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.targetUserId, created.id), eq(auditEntries.action, 'REMOVE')));
      expect(entry).toMatchObject({ merchantId: SME, actorUserId: ownerId, ip: IP });
    });

    it('refuses an unknown reqType', async () => {
      const created = await createOk();
      expect((await change(owner, created.id, { reqType: 'promote' })).statusCode).toBe(400);
      expect((await change(owner, created.id, { reqType: 'update', email: 'bad@' })).json().data.errors[0].field).toBe('email');
    });
  });

  describe('invitations', () => {
    const invite = (token: string, body: Record<string, unknown>, merchantId = SME) =>
      t.call(token, { method: 'POST', url: inviteUrl(merchantId), payload: body, remoteAddress: IP });
    const myInvitations = async (token: string) => (await t.call(token, { method: 'GET', url: MY_INVITATIONS })).json().data as Array<{ id: number; merchantId: number }>;
    const answer = (token: string, id: number, action: string) =>
      t.call(token, { method: 'POST', url: `${MY_INVITATIONS}/${id}`, payload: { action }, remoteAddress: IP });

    /** A wallet user who belongs to no merchant yet. */
    const walletUser = async () => {
      const username = uniqueName('wallet');
      const [row] = await t.database.db
        .insert(users)
        .values({ username, name: 'Khách Ví', phone: `09${String(Date.now()).slice(-8)}`, passwordHash: (await t.database.db.select().from(users).where(eq(users.id, ownerId)))[0].passwordHash })
        .returning();
      return { ...row, token: await t.login(username) };
    };

    it('WAITING → ACCEPT: the invitee lists, accepts and becomes a member with their stores', async () => {
      const invitee = await walletUser();
      const res = await invite(owner, { account: invitee.username, role: 'STORE_CASHIER', storeList: [storeA] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ invitationStatus: 'WAITING', role: 'STORE_CASHIER' });
      const expiresAt = new Date(res.json().data.invitationExpiresAt).getTime();
      expect(expiresAt - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
      expect((await t.call(invitee.token, { method: 'GET', url: `/api/profile/v2/merchants/${SME}/stores` })).statusCode).toBe(403);

      const [mine] = await myInvitations(invitee.token);
      expect(mine).toMatchObject({ merchantId: SME, role: 'STORE_CASHIER', invitedBy: DemoUsers.owner.username });
      expect((await answer(invitee.token, mine.id, 'accept')).statusCode).toBe(200);
      expect(await myInvitations(invitee.token)).toEqual([]);
      const stores = (await t.call(invitee.token, { method: 'GET', url: `/api/profile/v2/merchants/${SME}/stores` })).json().data.content;
      expect(stores.map((s: { id: number }) => s.id)).toEqual([storeA]);
      const detail = (await t.call(owner, { method: 'GET', url: userUrl(SME, invitee.id) })).json().data as MerchantUser;
      expect(detail.invitationStatus).toBe('ACCEPT');
      expect(detail.audit!.map((a) => a.action)).toEqual(['ACCEPT_INVITATION', 'INVITE']);
      expect((await invite(owner, { account: invitee.username, role: 'MARKETING' })).json().message).toBe(viApi.users.alreadyMember);
    });

    it('WAITING → REJECT, found by its verified phone number; the invitation cannot be answered twice', async () => {
      const invitee = await walletUser();
      // Invitations by phone reach only a phone its owner proved with a code.
      await t.database.db.insert(verifiedContacts).values({ userId: invitee.id, channel: 'SMS', address: invitee.phone! });
      expect((await invite(admin, { account: invitee.phone, role: 'MARKETING' })).statusCode).toBe(200);
      expect((await invite(admin, { account: invitee.phone, role: 'MARKETING' })).json().message).toBe(viApi.users.alreadyInvited);
      const [mine] = await myInvitations(invitee.token);
      expect((await answer(invitee.token, mine.id, 'reject')).statusCode).toBe(200);
      expect((await answer(invitee.token, mine.id, 'accept')).statusCode).toBe(404);
      expect(await membershipOfUser(SME, invitee.id)).toMatchObject({ invitationStatus: 'REJECT', status: 'INACTIVE' });
      // A rejected user may be invited again.
      expect((await invite(admin, { account: invitee.username, role: 'MARKETING' })).json().data.invitationStatus).toBe('WAITING');
    });

    it('takes the phone as people type it (+84, spaces, dots) and shows the holder masked before confirming', async () => {
      const invitee = await walletUser();
      await t.database.db.insert(verifiedContacts).values({ userId: invitee.id, channel: 'SMS', address: invitee.phone! });
      const national = invitee.phone!;
      const typed = `+84 ${national.slice(1, 4)}.${national.slice(4, 7)} ${national.slice(7)}`;
      const holderUrl = `${inviteUrl(SME)}/holder`;
      const lookUp = (token: string, account: string, query = '') =>
        t.call(token, { method: 'POST', url: `${holderUrl}${query}`, payload: { account }, remoteAddress: IP });
      const found = await lookUp(admin, typed);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().data).toEqual({ maskedName: 'K••• Ví', maskedPhone: `${national.slice(0, 4)}•••${national.slice(-3)}` });
      // The full name and the number never leave the server.
      expect(found.body).not.toContain('Khách');
      expect(found.body).not.toContain(national);
      // A phone nobody verified, an unknown username: the reason, in the caller's language.
      expect((await lookUp(admin, '+84 388 000 111')).json()).toMatchObject({ message: viApi.users.contactNotVerified });
      expect((await lookUp(admin, '0388 000 111', '?lang=en')).json()).toMatchObject({ message: enApi.users.contactNotVerified });
      expect((await lookUp(admin, 'nobody_here_01')).statusCode).toBe(404);
      expect((await lookUp(admin, 'nobody_here_01')).json().message).toBe(viApi.users.accountNotFound);
      expect((await lookUp(admin, '+84 463 123 411')).statusCode).toBe(400);
      // Only managers may ask whose wallet a number is.
      expect((await lookUp(accountant, typed)).statusCode).toBe(403);
      expect((await lookUp(cashier, typed)).statusCode).toBe(403);

      // The invitation itself reads the same number.
      const res = await invite(admin, { account: `84${national.slice(1)}`, role: 'MARKETING' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: invitee.id, invitationStatus: 'WAITING' });
    });

    it('a waiting invitee is not listed as an active (or inactive) user', async () => {
      const invitee = await walletUser();
      expect((await invite(owner, { account: invitee.username, role: 'MARKETING' })).statusCode).toBe(200);
      const listed = async (query: string) =>
        ((await t.call(owner, { method: 'GET', url: usersUrl(SME, `keyword=${invitee.username}${query}`) })).json().data.content as MerchantUser[]).map((u) => u.id);
      expect(await listed('')).toEqual([invitee.id]);
      expect(await listed('&status=ACTIVE')).toEqual([]);
      expect(await listed('&status=INACTIVE')).toEqual([]);
      expect(await listed('&invitationStatus=WAITING')).toEqual([invitee.id]);
      const [mine] = await myInvitations(invitee.token);
      expect((await answer(invitee.token, mine.id, 'accept')).statusCode).toBe(200);
      expect(await listed('&status=ACTIVE')).toEqual([invitee.id]);
    });

    it('expires after its lifetime and shows EXPIRED; an expired invitation cannot be accepted', async () => {
      const invitee = await walletUser();
      await invite(owner, { account: invitee.username, role: 'SUB_ACCOUNTANT' });
      const [mine] = await myInvitations(invitee.token);
      await t.database.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.userId, invitee.id));
      const listed = (await t.call(owner, { method: 'GET', url: usersUrl(SME, `keyword=${invitee.username}`) })).json().data.content;
      expect(listed[0].invitationStatus).toBe('EXPIRED');
      expect(await myInvitations(invitee.token)).toEqual([]);
      expect((await answer(invitee.token, mine.id, 'accept')).statusCode).toBe(404);
      expect((await t.call(invitee.token, { method: 'GET', url: `/api/profile/v2/merchants/${SME}/stores` })).statusCode).toBe(403);
    });

    it('the inviter cancels (CANCEL); the invitee then has nothing to answer', async () => {
      const invitee = await walletUser();
      await invite(owner, { account: invitee.username, role: 'LEGAL' });
      const [mine] = await myInvitations(invitee.token);
      const res = await change(owner, invitee.id, { reqType: 'cancelInvitation' });
      expect(res.json().data).toMatchObject({ invitationStatus: 'CANCEL', status: 'INACTIVE' });
      expect((await answer(invitee.token, mine.id, 'accept')).statusCode).toBe(404);
      expect((await change(owner, invitee.id, { reqType: 'cancelInvitation' })).statusCode).toBe(409);
      const actions = (await t.database.db.select().from(auditEntries).where(eq(auditEntries.targetUserId, invitee.id))).map((a) => a.action);
      expect(actions).toEqual(['INVITE', 'CANCEL_INVITATION']);
    });

    it('refuses another user’s invitation id, unknown accounts, non-managers and bad bodies', async () => {
      const invitee = await walletUser();
      await invite(owner, { account: invitee.username, role: 'LEGAL' });
      const [mine] = await myInvitations(invitee.token);
      expect((await answer(cashier, mine.id, 'accept')).statusCode).toBe(404);
      expect((await answer(invitee.token, mine.id, 'maybe')).statusCode).toBe(400);
      const unknown = await invite(owner, { account: 'nobody_here_x', role: 'LEGAL' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(viApi.users.accountNotFound);
      expect((await t.call(owner, { method: 'POST', url: inviteUrl(SME, 'lang=en'), payload: { account: 'nobody_here_x', role: 'LEGAL' } })).json().message).toBe(enApi.users.accountNotFound);
      const before = (await t.database.db.select({ n: count() }).from(invitations))[0].n;
      expect((await invite(accountant, { account: invitee.username, role: 'LEGAL' })).statusCode).toBe(403);
      expect((await invite(owner, { account: invitee.username, role: 'STORE_CASHIER', storeList: [] })).statusCode).toBe(400);
      expect((await invite(owner, { account: invitee.username, role: 'MERCHANT_OWNER' })).statusCode).toBe(400);
      expect((await t.database.db.select({ n: count() }).from(invitations))[0].n).toBe(before);
    });
  });

  it('the demo cashier is limited to their store', async () => {
    const list = (await t.call(cashier, { method: 'GET', url: `/api/profile/v2/merchants/${SME}/stores` })).json().data;
    expect(list.content.map((s: { storeId: string }) => s.storeId)).toEqual([CASHIER_STORE_CODE]);
  });
});

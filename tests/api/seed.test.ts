/** The demo data: fixtures present, generated data valid, deterministic and seeded only once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { asc, count, eq, sql } from 'drizzle-orm';
import { Roles } from '@/domain/roles';
import { isValidPhone, isValidUsername } from '@/domain/validation';
import { seedSizeFor } from '../../server/config';
import { pgliteDatabase, pgliteExtensions, rows, type Database } from '../../server/db/client';
import { memberships, membershipStores, merchants, stores, users } from '../../server/db/schema';
import { seedIfEmpty } from '../../server/db/seed';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { openTemplateDatabase } from './helpers';

describe('seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTemplateDatabase();
  });
  afterAll(() => database.close());

  it('does nothing on a database that has data', async () => {
    const before = await database.db.select({ n: count() }).from(stores);
    expect(await seedIfEmpty(database.db, seedSizeFor('small'))).toBeNull();
    expect(await database.db.select({ n: count() }).from(stores)).toEqual(before);
  });

  it('creates the demo accounts with their memberships', async () => {
    const all = await rows<{ username: string; merchant_id: number; roles: string[] }>(
      database.db,
      sql`select u.username, m.merchant_id, m.roles from users u join memberships m on m.user_id = u.id
          where m.status = 'ACTIVE' and m.invitation_status = 'ACCEPT' order by m.merchant_id`,
    );
    const of = (username: string) => all.filter((r) => r.username === username).map((r) => [r.merchant_id, r.roles]);
    expect(of(DemoUsers.owner.username)).toEqual([
      [DemoMerchants.sme.id, ['MERCHANT_OWNER']],
      [DemoMerchants.topBrand.id, ['MERCHANT_OWNER', 'NEWTON_REPORT', 'BAMBOO_REPORT']],
      [DemoMerchants.p2m.id, ['MERCHANT_OWNER']],
      [DemoMerchants.pagoda.id, ['MERCHANT_OWNER_DONATION']],
    ]);
    expect(of('nfc_demo')).toEqual([[DemoMerchants.nfc.id, ['MERCHANT_OWNER']]]);
    expect(of('nomerchant_demo')).toEqual([]);
    const [nomerchant] = await database.db.select().from(users).where(eq(users.username, 'nomerchant_demo'));
    expect(nomerchant).toBeDefined();
    const cashierStores = await rows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from membership_stores ms join users u on u.id = ms.user_id where u.username = 'cashier_demo'`,
    );
    expect(cashierStores[0].n).toBe(1);
  });

  it('gives the SME users of every role, several pages of stores and pending invitations', async () => {
    const roleRows = await rows<{ role: string }>(
      database.db,
      sql`select distinct unnest(roles) as role from memberships where merchant_id = ${DemoMerchants.sme.id}`,
    );
    const smeRoles = roleRows.map((r) => r.role);
    for (const role of Roles) expect(smeRoles, role).toContain(role);
    const [{ n }] = await database.db.select({ n: count() }).from(stores).where(eq(stores.merchantId, DemoMerchants.sme.id));
    expect(n).toBeGreaterThanOrEqual(45);
    const invitations = await rows<{ invitation_status: string }>(
      database.db,
      sql`select distinct invitation_status from memberships where merchant_id = ${DemoMerchants.sme.id}`,
    );
    expect(invitations.map((i) => i.invitation_status).sort()).toEqual(['ACCEPT', 'CANCEL', 'EXPIRED', 'REJECT', 'WAITING']);
  });

  it('has merchants of every type in several KYB states', async () => {
    const all = await database.db.select().from(merchants);
    expect(new Set(all.map((m) => m.type))).toEqual(new Set(['SME', 'BPU', 'BUDDHIST_SANGHA', 'TOP_BRAND', 'P2M']));
    expect(new Set(all.map((m) => m.stateCode)).size).toBeGreaterThanOrEqual(8);
    // The identity sequence continues after the explicit ids.
    const [next] = await rows<{ id: number }>(database.db, sql`select nextval(pg_get_serial_sequence('merchants', 'id'))::int as id`);
    expect(next.id).toBeGreaterThan(Math.max(...all.map((m) => m.id)));
  });

  it('generates valid usernames and phones and Vietnamese store names', async () => {
    const allUsers = await database.db.select().from(users);
    for (const u of allUsers) {
      expect(isValidUsername(u.username), u.username).toBe(true);
      if (u.phone) expect(isValidPhone(u.phone), u.phone).toBe(true);
    }
    const allStores = await database.db.select().from(stores);
    expect(allStores.filter((s) => /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệịỉĩọỏốồổỗộớờởỡợụủũứừửữựỳỷỹỵ]/i.test(s.storeName)).length).toBeGreaterThan(allStores.length / 2);
    for (const s of allStores) if (s.phone) expect(isValidPhone(s.phone), s.phone).toBe(true);
  });

  it('cannot assign a user to another merchant’s store', async () => {
    const [otherStore] = await database.db.select().from(stores).where(eq(stores.merchantId, DemoMerchants.other.id)).limit(1);
    const [cashier] = await database.db.select().from(users).where(eq(users.username, 'cashier_demo'));
    await expect(
      database.db.insert(membershipStores).values({ merchantId: DemoMerchants.sme.id, userId: cashier.id, storeId: otherStore.id }),
    ).rejects.toThrow();
  });

  it('produces the same data on every run', async () => {
    const fresh = pgliteDatabase(await PGlite.create({ extensions: pgliteExtensions }));
    try {
      await fresh.migrate();
      await seedIfEmpty(fresh.db, seedSizeFor('small'));
      const snapshot = async (d: Database) => ({
        users: await d.db.select({ u: users.username, n: users.name, p: users.phone }).from(users).orderBy(asc(users.id)),
        stores: await d.db.select({ c: stores.storeId, n: stores.storeName, a: stores.address, act: stores.isActive }).from(stores).orderBy(asc(stores.id)),
        memberships: await d.db.select({ m: memberships.merchantId, u: memberships.userId, r: memberships.roles }).from(memberships).orderBy(asc(memberships.id)),
      });
      expect(await snapshot(fresh)).toEqual(await snapshot(database));
    } finally {
      await fresh.close();
    }
    // A fresh embedded database migrated and seeded from nothing: tens of seconds on a busy machine.
  }, 120_000);
});

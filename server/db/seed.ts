/**
 * Demo data: the fixed accounts of seed-fixtures.ts and generated bulk data around them. Deterministic
 * (fixed faker seed, fixed reference date) and run only on an empty database, in one transaction, so
 * an interrupted seed leaves nothing behind and is simply redone on the next start.
 */
import { hash } from '@node-rs/argon2';
import { count, sql } from 'drizzle-orm';
import type { Role } from '@/domain/roles';
import type { SeedPreset, SeedSize } from '../config';
import type { Db } from './client';
import { DOMAIN_SEEDS } from './seed-domains';
import {
  memberships,
  membershipStores,
  merchants,
  merchantServices,
  services,
  stores,
  users,
} from './schema';
import {
  DEMO_PASSWORD,
  DEMO_SERVICE_REGISTRATIONS,
  DemoMerchants,
  DemoUsers,
  GENERATED_MERCHANT_STATES,
  SERVICE_CODES,
  storeCode,
  type DemoMerchant,
  type DemoMerchantKey,
} from './seed-fixtures';
import { Generator, insertChunked, type MembershipRow, type StoreRow, type UserRow } from './seed-generator';

interface Scale {
  /** Stores of the demo SME (several pages at the default page size of 20 even when small). */
  smeStores: number;
  /** Stores of each other demo merchant. */
  demoMerchantStores: number;
  generatedMerchants: number;
  storesPerGeneratedMerchant: number;
  /** Generated staff of the demo SME, beyond one user per role. */
  smeExtraStaff: number;
  staffPerGeneratedMerchant: number;
}

const SCALES: Record<SeedPreset, Scale> = {
  small: {
    smeStores: 48,
    demoMerchantStores: 12,
    generatedMerchants: 12,
    storesPerGeneratedMerchant: 4,
    smeExtraStaff: 12,
    staffPerGeneratedMerchant: 2,
  },
  medium: {
    smeStores: 240,
    demoMerchantStores: 40,
    generatedMerchants: 60,
    storesPerGeneratedMerchant: 15,
    smeExtraStaff: 60,
    staffPerGeneratedMerchant: 4,
  },
  large: {
    smeStores: 1_200,
    demoMerchantStores: 120,
    generatedMerchants: 300,
    storesPerGeneratedMerchant: 40,
    smeExtraStaff: 250,
    staffPerGeneratedMerchant: 8,
  },
};

/** Every date is relative to this, so the data does not depend on the day it was seeded. */
const REFERENCE_DATE = new Date('2025-06-30T10:00:00+07:00');

/** Roles every generated staff user may get on the SME (the demo accounts cover the others). */
const SME_ROLE_PER_USER: Role[][] = [
  ['STORE_OWNER'],
  ['STORE_ACCOUNTANT'],
  ['BASIC_ACCOUNT'],
  ['LEGAL'],
  ['MARKETING'],
  ['USER_ROLE_MANAGER'],
  ['DEVELOPER'],
  ['CUSTOMER_SERVICE'],
  ['SUB_ACCOUNTANT'],
  ['MIG_ACC1'],
  ['MIG_ACC2'],
  ['MIG_ACC3'],
  ['MIG_DEV'],
  ['MERCHANT_ACCOUNTANT', 'BAMBOO_REPORT'],
  ['MERCHANT_ACCOUNTANT', 'NEWTON_REPORT'],
  ['MERCHANT_OWNER_DONATION'],
];
const GENERATED_STAFF_ROLES: Role[][] = [
  ['MERCHANT_ACCOUNTANT'],
  ['STORE_CASHIER'],
  ['ADMINISTRATOR'],
  ['STORE_OWNER'],
  ['SUB_ACCOUNTANT'],
  ['MARKETING'],
  ['CUSTOMER_SERVICE'],
  ['DEVELOPER'],
];
/** Invitations that are not (or no longer) accepted, so user lists show every spec §4 state. */
const PENDING_INVITATIONS: Array<{ status: 'ACTIVE' | 'INACTIVE'; invitationStatus: string }> = [
  { status: 'ACTIVE', invitationStatus: 'WAITING' },
  { status: 'ACTIVE', invitationStatus: 'EXPIRED' },
  { status: 'INACTIVE', invitationStatus: 'REJECT' },
  { status: 'INACTIVE', invitationStatus: 'CANCEL' },
  { status: 'INACTIVE', invitationStatus: 'ACCEPT' },
];

export interface SeedSummary {
  merchants: number;
  users: number;
  stores: number;
}

/** Seeds an empty database; returns null (and changes nothing) when there are users already. */
export async function seedIfEmpty(db: Db, size: SeedSize): Promise<SeedSummary | null> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return null;

  const scale = SCALES[size.preset];
  // Loaded only when seeding: faker is the slowest module to load, and later starts never need it.
  const { Faker: FakerClass, base, en, vi } = await import('@faker-js/faker');
  const gen = new Generator(new FakerClass({ locale: [vi, en, base] }));
  // One hash for every demo account: argon2id is deliberately slow (~40 ms).
  const passwordHash = await hash(DEMO_PASSWORD);
  const since = (days: number) => new Date(REFERENCE_DATE.getTime() - days * 86_400_000);

  return db.transaction(async (tx) => {
    // Merchants: the demo ones with fixed ids, then generated ones in every KYB state.
    const merchantRows: Array<typeof merchants.$inferInsert> = Object.values(DemoMerchants).map((m: DemoMerchant) => ({
      ...m,
      todoActions: [...m.todoActions],
      linkedWithMaster: false,
      createdAt: since(400 - m.id),
    }));
    const firstGeneratedId = Math.max(...merchantRows.map((m) => m.id ?? 0)) + 1;
    const types = ['SME', 'SME', 'TOP_BRAND', 'BPU', 'SME', 'BUDDHIST_SANGHA'] as const;
    for (let i = 0; i < scale.generatedMerchants; i++) {
      const id = firstGeneratedId + i;
      const { name, brandName } = gen.companyName();
      const linked = i % 5 === 4;
      merchantRows.push({
        id,
        partnerCode: `MC${String(id).padStart(6, '0')}`,
        name,
        brandName,
        type: types[i % types.length],
        stateCode: GENERATED_MERCHANT_STATES[i % GENERATED_MERCHANT_STATES.length],
        relationshipRole: linked ? 'SATELLITE' : null,
        linkedWithMaster: linked,
        masterMerchantId: linked ? DemoMerchants.sme.id : null,
        internalGroupCode: null,
        todoActions: i % 7 === 3 ? ['SIGN_CONTRACT'] : [],
        payoutPeriod: i % 2 ? 'SRP.0000' : 'SRP.0001',
        payoutWallet: i % 3 ? 'BANK' : 'GOLDEN_POCKET',
        createdAt: since(300 - i),
      });
    }
    await insertChunked((rows) => tx.insert(merchants).values(rows), merchantRows);
    // Explicit ids bypass the identity sequence; move it past them for rows created later.
    await tx.execute(sql`select setval(pg_get_serial_sequence('merchants', 'id'), (select max(id) from merchants))`);

    // Stores: created in merchant order so ids grow with creation time.
    const storeRows: StoreRow[] = [];
    for (const m of merchantRows) {
      const total =
        m.id === DemoMerchants.sme.id
          ? scale.smeStores
          : (m.id ?? 0) < firstGeneratedId
            ? scale.demoMerchantStores
            : scale.storesPerGeneratedMerchant;
      storeRows.push(...gen.stores(m.id!, m.brandName, total, since(365)));
    }
    await insertChunked((rows) => tx.insert(stores).values(rows), storeRows);
    const storeIds = new Map<string, number>();
    for (const s of await tx.select({ id: stores.id, code: stores.storeId }).from(stores)) storeIds.set(s.code, s.id);

    // Users: the demo accounts, one user per remaining role on the SME, generated staff.
    type PlannedUser = UserRow & {
      plan: Array<{ merchantId: number; roles: Role[]; storeSeqs?: readonly number[]; status?: string; invitationStatus?: string }>;
    };
    const planned: PlannedUser[] = [];
    for (const u of Object.values(DemoUsers)) {
      gen.reserveUsername(u.username);
      planned.push({
        username: u.username,
        name: u.name,
        email: u.email,
        phone: u.phone,
        passwordHash,
        ...('userType' in u ? { userType: u.userType } : {}),
        createdAt: since(200),
        plan: u.memberships.map((ms: { merchant: DemoMerchantKey; roles: readonly Role[]; storeSeqs?: readonly number[] }) => ({
          merchantId: DemoMerchants[ms.merchant].id,
          roles: [...ms.roles],
          storeSeqs: ms.storeSeqs,
        })),
      });
    }
    const staff = (merchantId: number, roles: Role[], storeSeqs?: number[], invitation?: (typeof PENDING_INVITATIONS)[number]) => {
      const name = gen.personName();
      const username = gen.username(name);
      planned.push({
        username,
        name,
        email: `${username}@example.vn`,
        phone: gen.phone(),
        passwordHash,
        createdAt: since(gen.faker.number.int({ min: 1, max: 180 })),
        plan: [{ merchantId, roles, storeSeqs, ...invitation }],
      });
    };
    const sme = DemoMerchants.sme.id;
    SME_ROLE_PER_USER.forEach((roles) =>
      staff(sme, roles, roles[0] === 'STORE_OWNER' ? [2, 3, 4] : roles[0] === 'STORE_ACCOUNTANT' ? [5, 6] : undefined),
    );
    PENDING_INVITATIONS.forEach((invitation, i) => staff(sme, [GENERATED_STAFF_ROLES[i % GENERATED_STAFF_ROLES.length][0]], undefined, invitation));
    for (let i = 0; i < scale.smeExtraStaff; i++) {
      const roles = GENERATED_STAFF_ROLES[i % GENERATED_STAFF_ROLES.length];
      const storeRole = roles[0] === 'STORE_CASHIER' || roles[0] === 'STORE_OWNER';
      staff(sme, roles, storeRole ? [7 + (i % (scale.smeStores - 7))] : undefined);
    }
    for (const m of merchantRows.filter((row) => (row.id ?? 0) >= firstGeneratedId)) {
      staff(m.id!, ['MERCHANT_OWNER']);
      for (let i = 0; i < scale.staffPerGeneratedMerchant; i++) {
        const roles = GENERATED_STAFF_ROLES[i % GENERATED_STAFF_ROLES.length];
        const storeRole = roles[0] === 'STORE_CASHIER' || roles[0] === 'STORE_OWNER';
        staff(m.id!, roles, storeRole ? [1 + (i % scale.storesPerGeneratedMerchant)] : undefined);
      }
    }
    const other = DemoMerchants.other.id;
    staff(other, ['MERCHANT_ACCOUNTANT']);
    staff(other, ['ADMINISTRATOR']);

    await insertChunked(
      (rows) => tx.insert(users).values(rows),
      planned.map(({ plan: _plan, ...user }) => user),
    );
    const userIds = new Map<string, number>();
    for (const u of await tx.select({ id: users.id, username: users.username }).from(users)) userIds.set(u.username, u.id);

    const membershipRows: MembershipRow[] = [];
    const assignments: Array<typeof membershipStores.$inferInsert> = [];
    for (const u of planned) {
      const userId = userIds.get(u.username)!;
      for (const p of u.plan) {
        membershipRows.push({
          merchantId: p.merchantId,
          userId,
          roles: p.roles,
          status: p.status ?? 'ACTIVE',
          invitationStatus: p.invitationStatus ?? 'ACCEPT',
          createdAt: u.createdAt,
        });
        for (const seq of p.storeSeqs ?? []) {
          assignments.push({ merchantId: p.merchantId, userId, storeId: storeIds.get(storeCode(p.merchantId, seq))! });
        }
      }
    }
    await insertChunked((rows) => tx.insert(memberships).values(rows), membershipRows);
    await insertChunked((rows) => tx.insert(membershipStores).values(rows), assignments);

    // Services and the demo merchants' registrations.
    await tx.insert(services).values(SERVICE_CODES.map((code, i) => ({ code, sortOrder: i + 1 })));
    const serviceIds = new Map((await tx.select({ id: services.id, code: services.code }).from(services)).map((s) => [s.code, s.id]));
    const registrations = Object.entries(DEMO_SERVICE_REGISTRATIONS).flatMap(([key, byCode]) =>
      Object.entries(byCode ?? {}).map(([code, status]) => ({
        merchantId: DemoMerchants[key as DemoMerchantKey].id,
        serviceId: serviceIds.get(code)!,
        status: status!,
      })),
    );
    if (registrations.length) await tx.insert(merchantServices).values(registrations);

    const context = {
      size,
      faker: gen.faker,
      referenceDate: REFERENCE_DATE,
      merchantIds: merchantRows.map((m) => m.id!),
      userIdByUsername: userIds,
      storeIdByCode: storeIds,
      demoPasswordHash: passwordHash,
    };
    for (const seedDomain of DOMAIN_SEEDS) await seedDomain(tx, context);

    return { merchants: merchantRows.length, users: planned.length, stores: storeRows.length };
  });
}

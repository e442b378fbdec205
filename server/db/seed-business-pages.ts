/**
 * Business pages of the demo merchants and the wallet customers who follow them.
 * - Pages: the SME has an ACTIVE page (two stores attached, a MARKETING user as EDITOR and a
 *   CUSTOMER_SERVICE user as CHAT_AGENT) and a DRAFT page; the Top Brand one PENDING_REVIEW; the other
 *   merchant an ACTIVE page; the BPU a SUSPENDED one.
 * - Customers: 2,000 (small) or 6,000 (large) from the seeded faker (birth years 1955–2008, genders,
 *   provinces weighted by population, last activity), plus `customer_demo` (demo password, the only kind
 *   of customer with a password hash). Follows spread over the 12 months before the seeding day, about
 *   one in eight later unfollowed. Batched multi-row inserts.
 */
import { eq, inArray } from 'drizzle-orm';
import type { OpeningHours } from '@/domain/businessPages';
import { businessPageFollows, businessPageMembers, businessPages, businessPageStores, customers, memberships, stores } from './schema';
import { DemoMerchants } from './seed-fixtures';
import type { DomainSeed } from './seed-types';

const DAY = 86_400_000;
const BATCH = 1000;

/** Provinces and cities of Vietnam with rough population weights (customers cluster in the big cities). */
const PROVINCES: ReadonlyArray<readonly [string, number]> = [
  ['TP. Hồ Chí Minh', 20],
  ['Hà Nội', 16],
  ['Đà Nẵng', 5],
  ['Hải Phòng', 4],
  ['Cần Thơ', 3],
  ['Bình Dương', 5],
  ['Đồng Nai', 4],
  ['Khánh Hoà', 2],
  ['Thừa Thiên Huế', 2],
  ['Nghệ An', 3],
  ['Thanh Hoá', 3],
  ['Quảng Ninh', 2],
  ['Bắc Ninh', 2],
  ['Lâm Đồng', 2],
  ['An Giang', 2],
  ['Bà Rịa - Vũng Tàu', 2],
  ['Long An', 2],
  ['Đắk Lắk', 2],
  ['Quảng Nam', 1],
  ['Kiên Giang', 1],
];
const GENDERS: ReadonlyArray<readonly [string, number]> = [
  ['FEMALE', 52],
  ['MALE', 46],
  ['OTHER', 2],
];

const HOURS: OpeningHours = {
  mon: { open: '07:00', close: '22:00' },
  tue: { open: '07:00', close: '22:00' },
  wed: { open: '07:00', close: '22:00' },
  thu: { open: '07:00', close: '22:00' },
  fri: { open: '07:00', close: '22:30' },
  sat: { open: '08:00', close: '23:00' },
  sun: { open: '08:00', close: '21:00' },
};

interface PageSeed {
  merchantId: number;
  name: string;
  slug: string;
  status: string;
  category: string;
  description: string;
  rejectReason?: string;
}

const PAGES: PageSeed[] = [
  {
    merchantId: DemoMerchants.sme.id,
    name: 'Cà Phê Sông Hàn',
    slug: 'ca_phe_song_han',
    status: 'ACTIVE',
    category: 'FOOD_BEVERAGE',
    description: 'Cà phê rang xay tại Đà Nẵng từ 2012. Thanh toán bằng ví để nhận ưu đãi mỗi tuần.',
  },
  {
    merchantId: DemoMerchants.sme.id,
    name: 'Sông Hàn Bakery',
    slug: 'song_han_bakery',
    status: 'DRAFT',
    category: 'FOOD_BEVERAGE',
    description: 'Bánh mì và bánh ngọt nướng mỗi sáng.',
    rejectReason: 'Ảnh đại diện chưa rõ thương hiệu, vui lòng cập nhật.',
  },
  {
    merchantId: DemoMerchants.topBrand.id,
    name: 'Phở Việt',
    slug: 'pho_viet',
    status: 'PENDING_REVIEW',
    category: 'FOOD_BEVERAGE',
    description: 'Chuỗi phở bò truyền thống.',
  },
  {
    merchantId: DemoMerchants.other.id,
    name: 'Hải Sản Hạ Long',
    slug: 'hai_san_ha_long',
    status: 'ACTIVE',
    category: 'FOOD_BEVERAGE',
    description: 'Hải sản tươi sống mỗi ngày từ vịnh Hạ Long.',
  },
  {
    merchantId: DemoMerchants.bpu.id,
    name: 'Nước sạch Gia Định',
    slug: 'nuoc_sach_gia_dinh',
    status: 'SUSPENDED',
    category: 'SERVICES',
    description: 'Thông tin dịch vụ cấp nước.',
  },
];

async function insertBatched<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export const seedBusinessPages: DomainSeed = async (tx, ctx) => {
  const { faker } = ctx;
  const present = new Set(ctx.merchantIds);
  const pageSeeds = PAGES.filter((p) => present.has(p.merchantId));
  if (!pageSeeds.length) return;
  const owner = ctx.userIdByUsername.get('owner_demo') ?? null;
  const ref = ctx.referenceDate;
  const pages = await tx
    .insert(businessPages)
    .values(
      pageSeeds.map((p) => ({
        ...p,
        rejectReason: p.rejectReason ?? null,
        hotline: '19001234',
        website: 'https://example.vn',
        facebook: 'https://www.facebook.com/' + p.slug,
        openingHours: HOURS,
        submittedAt: p.status === 'DRAFT' ? null : ref,
        reviewedAt: p.status === 'ACTIVE' || p.status === 'SUSPENDED' || p.rejectReason ? ref : null,
        createdBy: p.merchantId === DemoMerchants.sme.id ? owner : null,
        createdAt: new Date(ref.getTime() - 30 * DAY),
        updatedAt: ref,
      })),
    )
    .returning({ id: businessPages.id, merchantId: businessPages.merchantId, status: businessPages.status });

  // The SME's live page: two stores (marked claimed) and two staff with page roles.
  const smePage = pages.find((p) => p.merchantId === DemoMerchants.sme.id && p.status === 'ACTIVE');
  if (smePage) {
    const smeStores = await tx.select({ id: stores.id }).from(stores).where(eq(stores.merchantId, smePage.merchantId)).orderBy(stores.id).limit(2);
    if (smeStores.length) {
      await tx.insert(businessPageStores).values(smeStores.map((s) => ({ merchantId: smePage.merchantId, pageId: smePage.id, storeId: s.id })));
      await tx
        .update(stores)
        .set({ isClaimedOa: true, officialAccountId: String(smePage.id) })
        .where(inArray(stores.id, smeStores.map((s) => s.id)));
    }
    const staff = await tx
      .select({ userId: memberships.userId, roles: memberships.roles })
      .from(memberships)
      .where(eq(memberships.merchantId, smePage.merchantId))
      .orderBy(memberships.userId);
    const marketing = staff.find((m) => (m.roles as string[]).includes('MARKETING'));
    const care = staff.find((m) => (m.roles as string[]).includes('CUSTOMER_SERVICE'));
    const grants = [
      ...(marketing ? [{ pageId: smePage.id, userId: marketing.userId, pageRole: 'EDITOR', grantedBy: owner }] : []),
      ...(care ? [{ pageId: smePage.id, userId: care.userId, pageRole: 'CHAT_AGENT', grantedBy: owner }] : []),
    ];
    if (grants.length) await tx.insert(businessPageMembers).values(grants);
  }

  // Customers.
  const total = ctx.size.preset === 'large' ? 6000 : 2000;
  const now = Date.now();
  const year = new Date(now).getFullYear();
  const rows: (typeof customers.$inferInsert)[] = [
    {
      username: 'customer_demo',
      fullName: 'Nguyễn Minh Khách',
      phone: '0901234567',
      birthYear: 1995,
      gender: 'FEMALE',
      province: 'TP. Hồ Chí Minh',
      passwordHash: ctx.demoPasswordHash,
      lastActiveAt: new Date(now - DAY),
      createdAt: new Date(now - 400 * DAY),
    },
  ];
  for (let i = 1; i < total; i += 1) {
    const gender = faker.helpers.weightedArrayElement(GENDERS.map(([value, weight]) => ({ value, weight })));
    const createdAgo = faker.number.int({ min: 1, max: 720 });
    rows.push({
      username: `kh${String(i).padStart(6, '0')}`,
      fullName: faker.person.fullName({ sex: gender === 'MALE' ? 'male' : 'female' }),
      phone: `09${faker.string.numeric(8)}`,
      birthYear: faker.number.int({ min: Math.min(1955, year - 70), max: year - 17 }),
      gender,
      province: faker.helpers.weightedArrayElement(PROVINCES.map(([value, weight]) => ({ value, weight }))),
      passwordHash: null,
      lastActiveAt: new Date(now - faker.number.int({ min: 0, max: Math.min(createdAgo, 90) }) * DAY - faker.number.int({ min: 0, max: DAY - 1 })),
      createdAt: new Date(now - createdAgo * DAY),
    });
  }
  const ids: number[] = [];
  await insertBatched(rows, async (chunk) => {
    const inserted = await tx.insert(customers).values(chunk).returning({ id: customers.id });
    ids.push(...inserted.map((r) => r.id));
  });

  // Follows over the last 12 months, on pages customers can see (ACTIVE, and the page suspended since).
  const followable = pages.filter((p) => p.status === 'ACTIVE' || p.status === 'SUSPENDED');
  const follows: (typeof businessPageFollows.$inferInsert)[] = [];
  for (const [index, customerId] of ids.entries()) {
    for (const page of followable) {
      // The SME's page is the popular one; customer_demo follows nothing, so the demo can follow.
      const chance = page.merchantId === DemoMerchants.sme.id ? 0.55 : 0.2;
      if (index === 0 || !faker.datatype.boolean(chance)) continue;
      const followedAt = new Date(now - faker.number.int({ min: 0, max: 364 * DAY }));
      const unfollowed = faker.datatype.boolean(0.12);
      const unfollowedAt = unfollowed ? new Date(followedAt.getTime() + faker.number.int({ min: DAY, max: 90 * DAY })) : null;
      follows.push({ pageId: page.id, customerId, followedAt, unfollowedAt: unfollowedAt && unfollowedAt.getTime() < now ? unfollowedAt : null });
    }
  }
  await insertBatched(follows, (chunk) => tx.insert(businessPageFollows).values(chunk));
};

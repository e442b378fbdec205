/**
 * The generator of the bulk demo data around the fixed accounts: Vietnamese-looking names, phones,
 * usernames and stores from a seeded faker, so every fresh database gets the same rows.
 */
import type { Faker } from '@faker-js/faker';
import type { memberships, stores, users } from './schema';
import { DEMO_FAKER_SEED, storeCode } from './seed-fixtures';

const STREETS = [
  'Nguyễn Huệ', 'Lê Lợi', 'Hai Bà Trưng', 'Trần Hưng Đạo', 'Lý Thường Kiệt', 'Nguyễn Trãi', 'Điện Biên Phủ',
  'Cách Mạng Tháng Tám', 'Võ Văn Tần', 'Pasteur', 'Nguyễn Thị Minh Khai', 'Lê Duẩn', 'Phan Đình Phùng',
  'Bạch Đằng', 'Hoàng Diệu', 'Trần Phú', 'Quang Trung', 'Nguyễn Văn Linh', 'Hùng Vương', 'Phạm Ngũ Lão',
];
const AREAS: Array<{ district: string; city: string }> = [
  { district: 'Quận 1', city: 'TP. Hồ Chí Minh' },
  { district: 'Quận 3', city: 'TP. Hồ Chí Minh' },
  { district: 'Quận Bình Thạnh', city: 'TP. Hồ Chí Minh' },
  { district: 'TP. Thủ Đức', city: 'TP. Hồ Chí Minh' },
  { district: 'Quận Hoàn Kiếm', city: 'Hà Nội' },
  { district: 'Quận Cầu Giấy', city: 'Hà Nội' },
  { district: 'Quận Đống Đa', city: 'Hà Nội' },
  { district: 'Quận Hải Châu', city: 'Đà Nẵng' },
  { district: 'Quận Sơn Trà', city: 'Đà Nẵng' },
  { district: 'Quận Ninh Kiều', city: 'Cần Thơ' },
  { district: 'TP. Nha Trang', city: 'Khánh Hoà' },
  { district: 'TP. Huế', city: 'Thừa Thiên Huế' },
];
const BRANCH_WORDS = ['Chi nhánh', 'Cửa hàng', 'Quầy', 'Điểm bán'];
const COMPANY_KINDS = ['Công ty TNHH', 'Công ty Cổ phần', 'Hộ kinh doanh', 'Công ty TNHH MTV'];
const COMPANY_TRADES = ['Thương mại', 'Dịch vụ ăn uống', 'Thời trang', 'Mỹ phẩm', 'Điện máy', 'Nông sản', 'Du lịch', 'Giáo dục'];
const MOBILE_PREFIXES = ['032', '033', '034', '035', '036', '037', '038', '039', '070', '076', '077', '078', '079', '081', '083', '084', '085', '086', '088', '089', '090', '091', '093', '094', '096', '097', '098'];

/** 'Cà Phê Sông Hàn' → 'ca-phe-song-han'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export type StoreRow = typeof stores.$inferInsert;
export type UserRow = typeof users.$inferInsert;
export type MembershipRow = typeof memberships.$inferInsert;

export class Generator {
  private usernames = new Set<string>();

  constructor(readonly faker: Faker) {
    this.faker.seed(DEMO_FAKER_SEED);
  }

  pick<T>(items: readonly T[]): T {
    return this.faker.helpers.arrayElement(items);
  }

  phone(): string {
    return `${this.pick(MOBILE_PREFIXES)}${this.faker.string.numeric(7)}`;
  }

  personName(): string {
    return `${this.faker.person.lastName()} ${this.faker.person.firstName()}`;
  }

  reserveUsername(name: string): void {
    this.usernames.add(name.toLowerCase());
  }

  /** A username from the person's name, within the 6-20 letters/digits/underscore rule, unique. */
  username(name: string): string {
    const stem = slugify(name).replace(/-/g, '').slice(0, 14) || 'user';
    for (;;) {
      const candidate = `${stem}${this.faker.string.numeric(2)}`.padEnd(6, '0').slice(0, 20);
      if (!this.usernames.has(candidate)) {
        this.usernames.add(candidate);
        return candidate;
      }
    }
  }

  stores(merchantId: number, brandName: string, total: number, createdFrom: Date): StoreRow[] {
    const rows: StoreRow[] = [];
    for (let seq = 1; seq <= total; seq++) {
      const area = this.pick(AREAS);
      const street = this.pick(STREETS);
      const storeName = `${brandName} - ${this.pick(BRANCH_WORDS)} ${street}, ${area.district}`;
      const isClaimedOa = this.faker.number.float() < 0.3;
      rows.push({
        merchantId,
        storeId: storeCode(merchantId, seq),
        storeName,
        isActive: this.faker.number.float() < 0.85,
        isClaimedOa,
        phone: this.faker.number.float() < 0.9 ? this.phone() : null,
        slug: `${slugify(storeName)}-${seq}`,
        stateCode: this.faker.number.float() < 0.9 ? 1 : 0,
        officialAccountId: isClaimedOa ? `OA${this.faker.string.numeric(12)}` : null,
        address: `${this.faker.number.int({ min: 1, max: 399 })} ${street}, ${area.district}, ${area.city}`,
        // Creation order follows the sequence, so "newest first" is the same by id and by date.
        createdAt: new Date(createdFrom.getTime() + seq * 3_600_000),
      });
    }
    return rows;
  }

  companyName(): { name: string; brandName: string } {
    const family = this.faker.person.lastName();
    const trade = this.pick(COMPANY_TRADES);
    const brandName = `${trade} ${family} ${this.faker.location.city()}`.replace(/\s+/g, ' ');
    return { name: `${this.pick(COMPANY_KINDS)} ${brandName}`, brandName };
  }
}

export async function insertChunked<T extends Record<string, unknown>>(
  write: (rows: T[]) => Promise<unknown>,
  rows: T[],
  size = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

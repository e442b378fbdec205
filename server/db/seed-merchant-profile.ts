/**
 * Merchant info and KYB demo data: the form's categories, profiles and documents of the demo merchants,
 * and `kyb_demo`, the owner of one merchant in each §4 display state (new, waiting update, waiting
 * approve, done, reject, locked, other) so every state can be seen and tested. Deterministic.
 */
import { createHash } from 'node:crypto';
import { deflateSync, crc32 } from 'node:zlib';
import type { MerchantDocumentType } from '@/domain/merchantInfo';
import type { DomainSeed } from './seed-types';
import { memberships, merchantCategories, merchantDocuments, merchantProfiles, merchants, storedFiles, users } from './schema';
import { DemoMerchants, type DemoMerchantKey } from './seed-fixtures';

export const KYB_DEMO_USERNAME = 'kyb_demo';

/** One merchant per display state; `kyb_demo` owns them all. */
export const KybDemoMerchants = {
  new: { partnerCode: 'MC_KYB_HOASEN', name: 'Công ty TNHH Hoa Sen Mới', brandName: 'Hoa Sen', stateCode: 101, type: 'SME' },
  waitingUpdate: { partnerCode: 'MC_KYB_TRAXANH', name: 'Công ty TNHH Trà Xanh Đà Lạt', brandName: 'Trà Xanh Đà Lạt', stateCode: 106, type: 'SME' },
  waitingApprove: { partnerCode: 'MC_KYB_BANHMI', name: 'Công ty TNHH Bánh Mì Sài Gòn', brandName: 'Bánh Mì Sài Gòn', stateCode: 110, type: 'SME' },
  done: { partnerCode: 'MC_KYB_GAONGOC', name: 'Công ty Cổ phần Gạo Ngọc', brandName: 'Gạo Ngọc', stateCode: 210, type: 'TOP_BRAND' },
  reject: { partnerCode: 'MC_KYB_GOVIET', name: 'Công ty TNHH Nội Thất Gỗ Việt', brandName: 'Gỗ Việt', stateCode: 202, type: 'SME' },
  locked: { partnerCode: 'MC_KYB_PHUONGNAM', name: 'Công ty TNHH Điện Máy Phương Nam', brandName: 'Điện Máy Phương Nam', stateCode: 204, type: 'SME' },
  other: { partnerCode: 'MC_KYB_BENTHANH', name: 'Hộ kinh doanh Tạp hoá Bến Thành', brandName: 'Tạp hoá Bến Thành', stateCode: 102, type: 'BPU' },
} as const;
export type KybDemoKey = keyof typeof KybDemoMerchants;

export const MERCHANT_CATEGORY_SEED = {
  INDUSTRY: [
    { code: 'FNB', vi: 'Ăn uống, nhà hàng, quán cà phê', en: 'Food and beverage', mcc: '5812' },
    { code: 'GROCERY', vi: 'Tạp hoá, siêu thị', en: 'Grocery and supermarkets', mcc: '5411' },
    { code: 'FASHION', vi: 'Thời trang, phụ kiện', en: 'Fashion and accessories', mcc: '5651' },
    { code: 'ELECTRONICS', vi: 'Điện máy, điện tử', en: 'Electronics', mcc: '5732' },
    { code: 'FURNITURE', vi: 'Nội thất, gia dụng', en: 'Furniture and home goods', mcc: '5712' },
    { code: 'PHARMACY', vi: 'Nhà thuốc, thiết bị y tế', en: 'Pharmacy and medical supplies', mcc: '5912' },
    { code: 'EDUCATION', vi: 'Giáo dục, đào tạo', en: 'Education', mcc: '8299' },
    { code: 'TRAVEL', vi: 'Du lịch, lữ hành', en: 'Travel agencies', mcc: '4722' },
    { code: 'HOTEL', vi: 'Khách sạn, lưu trú', en: 'Hotels and lodging', mcc: '7011' },
    { code: 'BEAUTY', vi: 'Làm đẹp, spa', en: 'Beauty and spa', mcc: '7230' },
    { code: 'UTILITIES', vi: 'Điện, nước, dịch vụ công cộng', en: 'Utilities', mcc: '4900' },
    { code: 'TRANSPORT', vi: 'Vận tải, giao nhận', en: 'Transport and delivery', mcc: '4215' },
    { code: 'RELIGIOUS', vi: 'Tôn giáo, từ thiện', en: 'Religious and charitable organisations', mcc: '8661' },
    { code: 'OTHER', vi: 'Ngành nghề khác', en: 'Other', mcc: '5999' },
  ],
  COMPANY_TYPE: [
    { code: 'LLC_ONE', vi: 'Công ty TNHH một thành viên', en: 'Single-member limited liability company' },
    { code: 'LLC_MULTI', vi: 'Công ty TNHH hai thành viên trở lên', en: 'Multi-member limited liability company' },
    { code: 'JSC', vi: 'Công ty cổ phần', en: 'Joint-stock company' },
    { code: 'PARTNERSHIP', vi: 'Công ty hợp danh', en: 'Partnership' },
    { code: 'PRIVATE', vi: 'Doanh nghiệp tư nhân', en: 'Private enterprise' },
    { code: 'HOUSEHOLD', vi: 'Hộ kinh doanh', en: 'Household business' },
    { code: 'RELIGIOUS_ORG', vi: 'Cơ sở tôn giáo', en: 'Religious establishment' },
  ],
} as const;

/** A solid-colour PNG (valid, viewable), so seeded documents preview like real scans. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from(rgb))]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a title line. */
export function simplePdf(title: string): Buffer {
  const ascii = title.replace(/[^\x20-\x7e]/g, '?').replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${ascii}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const COLOURS: Record<string, [number, number, number]> = {
  'Document-KYB-B1': [46, 125, 50],
  'Document-KYB-B2': [21, 101, 192],
  Logo: [165, 0, 100],
};

const FILE_NAMES: Record<MerchantDocumentType, string> = {
  'Document-KYB-B1': 'cccd-mat-truoc.png',
  'Document-KYB-B2': 'cccd-mat-sau.png',
  'Document-KYB-A': 'giay-phep-kinh-doanh.pdf',
  'Document-KYB-E': 'giay-uy-quyen.pdf',
  'Business Contract': 'hop-dong-dich-vu.pdf',
  Logo: 'logo.png',
  OTHER_PRIVATE_DOCUMENT: 'bao-cao-tai-chinh.pdf',
  OTHER_PUBLIC_DOCUMENT: 'gioi-thieu.pdf',
};

const FULL_SET: MerchantDocumentType[] = ['Document-KYB-B1', 'Document-KYB-B2', 'Document-KYB-A', 'Logo'];
const KYB_SET: MerchantDocumentType[] = ['Document-KYB-B1', 'Document-KYB-B2', 'Document-KYB-A'];

const DEMO_DOCUMENTS: Partial<Record<DemoMerchantKey, MerchantDocumentType[]>> = {
  sme: [...FULL_SET, 'OTHER_PUBLIC_DOCUMENT'],
  topBrand: [...FULL_SET, 'Document-KYB-E', 'Business Contract'],
  pagoda: KYB_SET,
  nfc: KYB_SET,
  other: [...KYB_SET, 'OTHER_PRIVATE_DOCUMENT'],
  bpu: KYB_SET,
};
const KYB_DEMO_DOCUMENTS: Record<KybDemoKey, MerchantDocumentType[]> = {
  new: [],
  waitingUpdate: ['Document-KYB-B1'],
  waitingApprove: KYB_SET,
  done: FULL_SET,
  reject: KYB_SET,
  locked: KYB_SET,
  other: KYB_SET,
};

export const seedMerchantProfile: DomainSeed = async (tx, ctx) => {
  const { faker } = ctx;
  await tx.insert(merchantCategories).values(
    Object.entries(MERCHANT_CATEGORY_SEED).flatMap(([type, list]) =>
      list.map((c, i) => ({ type, code: c.code, nameVi: c.vi, nameEn: c.en, mcc: 'mcc' in c ? c.mcc : null, sortOrder: i })),
    ),
  );

  // kyb_demo and its merchants (ids from the identity sequence, after the generated ones).
  const [kybUser] = await tx
    .insert(users)
    .values({ username: KYB_DEMO_USERNAME, name: 'Trịnh Khánh Vy', email: 'kyb.demo@example.vn', phone: '0909112233', passwordHash: ctx.demoPasswordHash })
    .returning({ id: users.id });
  const kybRows = await tx
    .insert(merchants)
    .values(
      Object.values(KybDemoMerchants).map((m) => ({
        partnerCode: m.partnerCode,
        name: m.name,
        brandName: m.brandName,
        type: m.type,
        stateCode: m.stateCode,
        relationshipRole: null,
        internalGroupCode: null,
        todoActions: [],
        payoutPeriod: 'SRP.0001',
        payoutWallet: 'BANK',
        createdAt: ctx.referenceDate,
      })),
    )
    .returning({ id: merchants.id, partnerCode: merchants.partnerCode });
  const kybIds = new Map(kybRows.map((r) => [r.partnerCode, r.id]));
  await tx.insert(memberships).values(kybRows.map((r) => ({ merchantId: r.id, userId: kybUser.id, roles: ['MERCHANT_OWNER'] })));

  const companyType = (type: string) =>
    type === 'BPU' ? 'HOUSEHOLD' : type === 'BUDDHIST_SANGHA' ? 'RELIGIOUS_ORG' : type === 'TOP_BRAND' ? 'JSC' : 'LLC_ONE';
  const industries = MERCHANT_CATEGORY_SEED.INDUSTRY.map((c) => c.code);
  const profiles: Array<typeof merchantProfiles.$inferInsert> = [];
  const documentPlan: Array<{ merchantId: number; types: MerchantDocumentType[] }> = [];
  const addMerchant = (merchantId: number, type: string, index: number, types: MerchantDocumentType[], withProfile: boolean) => {
    if (withProfile) {
      profiles.push({
        merchantId,
        companyTypeCode: companyType(type),
        industryCode: type === 'BPU' ? 'UTILITIES' : type === 'BUDDHIST_SANGHA' ? 'RELIGIOUS' : industries[index % industries.length],
        taxCode: String(310_000_0000 + merchantId * 7919).padStart(10, '0').slice(0, 10),
        businessAddress: `${faker.location.streetAddress()}, ${faker.location.city()}`,
        representativeName: faker.person.fullName(),
        contactPhone: `09${String(10_000_000 + merchantId * 3571).slice(-8)}`,
        contactEmail: `ketoan${merchantId}@example.vn`,
        website: index % 2 === 0 ? `https://merchant${merchantId}.example.vn` : null,
        sellingChannel: (['OFFLINE', 'BOTH', 'ONLINE'] as const)[index % 3],
        updatedAt: ctx.referenceDate,
      });
    }
    documentPlan.push({ merchantId, types });
  };
  Object.entries(DemoMerchants).forEach(([key, m], i) => addMerchant(m.id, m.type, i, DEMO_DOCUMENTS[key as DemoMerchantKey] ?? [], true));
  (Object.keys(KybDemoMerchants) as KybDemoKey[]).forEach((key, i) => {
    const m = KybDemoMerchants[key];
    // A brand-new merchant has sent nothing yet: no profile, no documents.
    addMerchant(kybIds.get(m.partnerCode)!, m.type, i + 3, KYB_DEMO_DOCUMENTS[key], key !== 'new');
  });
  await tx.insert(merchantProfiles).values(profiles);

  const ownerId = ctx.userIdByUsername.get('owner_demo') ?? null;
  for (const { merchantId, types } of documentPlan) {
    for (const type of types) {
      const isImage = type === 'Document-KYB-B1' || type === 'Document-KYB-B2' || type === 'Logo';
      const content = isImage ? solidPng(type === 'Logo' ? 128 : 320, type === 'Logo' ? 128 : 200, COLOURS[type]) : simplePdf(`${type} #${merchantId}`);
      // Deterministic storage names for seeded rows (uploads get random ones).
      const storageName = `seed-${merchantId}-${type.replace(/[^A-Za-z0-9]/g, '').toLowerCase()}.${isImage ? 'png' : 'pdf'}`;
      await tx.insert(storedFiles).values({ storageName, content });
      await tx.insert(merchantDocuments).values({
        merchantId,
        docType: type,
        storageName,
        fileName: FILE_NAMES[type],
        contentType: isImage ? 'image/png' : 'application/pdf',
        sizeBytes: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        uploadedBy: ownerId,
        createdAt: ctx.referenceDate,
        updatedAt: ctx.referenceDate,
      });
    }
  }
};

/**
 * Contract templates (versioned) and e-contracts of the merchants: the TOP_BRAND's pending payment-service
 * contract (its SIGN_CONTRACT todo), several pages of signed contracts and addenda for the SME, one signed
 * contract for every other merchant, and a pending one for each generated merchant with SIGN_CONTRACT.
 * Deterministic: dates count back from the seed's reference date; hashes are computed from the content.
 */
import { eq, inArray } from 'drizzle-orm';
import { contractTemplates, econtractEvents, econtracts, merchants, users } from './schema';
import type { DomainSeed } from './seed-types';
import { DemoMerchants, DemoUsers } from './seed-fixtures';
import { contentHashOf, renderContract, type TemplateSection } from '../routes/econtracts/document';
import { partiesOf } from '../routes/econtracts/repository';

const DAY = 86_400_000;

const PARTIES_SECTION = (version: string): TemplateSection => ({
  heading: 'Các bên tham gia',
  paragraphs: [
    'Bên A (Bên cung cấp dịch vụ): Công ty Cổ phần Ví Xanh, mã số doanh nghiệp 0109876543, trụ sở tại 10 Phạm Văn Bạch, phường Cầu Giấy, Hà Nội.',
    'Bên B (Doanh nghiệp): ${merchantName}, thương hiệu ${brandName}, mã đối tác ${partnerCode}, loại hình ${merchantType}, do ông/bà ${representative} làm đại diện theo pháp luật.',
    `Hợp đồng số \${contractNo} được lập ngày \${issuedDate} theo mẫu phiên bản ${version}.`,
  ],
});

const SIGNATURE_SECTION: TemplateSection = {
  heading: 'Hiệu lực và chữ ký điện tử',
  paragraphs: [
    'Hợp đồng có hiệu lực kể từ thời điểm Bên B ký điện tử bằng mã xác thực một lần (OTP) gửi tới số điện thoại của người đại diện. Chữ ký điện tử có giá trị như chữ ký tay theo Luật Giao dịch điện tử.',
    'Nội dung hợp đồng được lưu kèm mã băm SHA-256; mọi thay đổi sau khi ký đều làm mã băm không còn khớp.',
  ],
};

interface TemplateSeed {
  type: 'PAYMENT_SERVICE' | 'ADDENDUM' | 'PROMOTION_SERVICE';
  version: string;
  title: string;
  effectiveFrom: string;
  body: TemplateSection[];
}

const TEMPLATES: TemplateSeed[] = [
  {
    type: 'PAYMENT_SERVICE',
    version: '2024.1',
    title: 'Hợp đồng dịch vụ thanh toán',
    effectiveFrom: '2024-01-01T00:00:00+07:00',
    body: [
      {
        heading: 'Điều 1. Phạm vi dịch vụ',
        paragraphs: [
          'Bên A cung cấp cho Bên B dịch vụ nhận thanh toán qua ví điện tử tại cửa hàng và trực tuyến, gồm mã QR, liên kết thanh toán và cổng tích hợp.',
        ],
      },
      {
        heading: 'Điều 2. Phí dịch vụ và đối soát',
        paragraphs: [
          'Phí dịch vụ là 1,1% giá trị mỗi giao dịch thành công, chưa gồm thuế giá trị gia tăng.',
          'Bên A đối soát và chuyển tiền cho Bên B theo chu kỳ T+1 vào tài khoản Bên B đã đăng ký.',
        ],
      },
      {
        heading: 'Điều 3. Quyền và nghĩa vụ',
        paragraphs: [
          'Bên B cung cấp thông tin doanh nghiệp trung thực, cập nhật khi có thay đổi và không dùng dịch vụ cho hàng hoá, dịch vụ bị cấm kinh doanh.',
          'Bên A bảo mật thông tin giao dịch và thông tin doanh nghiệp theo quy định pháp luật.',
        ],
      },
    ],
  },
  {
    type: 'PAYMENT_SERVICE',
    version: '2025.1',
    title: 'Hợp đồng dịch vụ thanh toán',
    effectiveFrom: '2025-01-01T00:00:00+07:00',
    body: [
      {
        heading: 'Điều 1. Phạm vi dịch vụ',
        paragraphs: [
          'Bên A cung cấp cho Bên B dịch vụ nhận thanh toán qua ví điện tử: mã QR đa năng tại cửa hàng, liên kết thanh toán, cổng tích hợp trực tuyến và chi hộ.',
        ],
      },
      {
        heading: 'Điều 2. Phí dịch vụ và đối soát',
        paragraphs: [
          'Phí dịch vụ là 1,0% giá trị mỗi giao dịch thành công, chưa gồm thuế giá trị gia tăng; giao dịch hoàn tiền không tính phí.',
          'Bên A đối soát và chuyển tiền theo chu kỳ Bên B chọn (tức thời hoặc T+1) vào nơi nhận tiền Bên B đã đăng ký trên cổng thông tin.',
        ],
      },
      {
        heading: 'Điều 3. Quyền và nghĩa vụ',
        paragraphs: [
          'Bên B cung cấp thông tin doanh nghiệp trung thực, hoàn tất xác thực doanh nghiệp (KYB) và không dùng dịch vụ cho hàng hoá, dịch vụ bị cấm kinh doanh.',
          'Bên A bảo mật thông tin giao dịch, thông tin doanh nghiệp và dữ liệu cá nhân theo Nghị định 13/2023/NĐ-CP.',
        ],
      },
      {
        heading: 'Điều 4. Chấm dứt hợp đồng',
        paragraphs: ['Mỗi bên có thể chấm dứt hợp đồng bằng thông báo trước 30 ngày; các giao dịch đã phát sinh vẫn được đối soát đầy đủ.'],
      },
    ],
  },
  {
    type: 'ADDENDUM',
    version: '2025.1',
    title: 'Phụ lục hợp đồng dịch vụ thanh toán',
    effectiveFrom: '2024-06-01T00:00:00+07:00',
    body: [
      {
        heading: 'Điều 1. Nội dung sửa đổi',
        paragraphs: ['Hai bên thống nhất cập nhật biểu phí, hạn mức giao dịch và thông tin nhận tiền của Bên B theo đề nghị trên cổng thông tin.'],
      },
      {
        heading: 'Điều 2. Điều khoản thi hành',
        paragraphs: ['Các điều khoản khác của hợp đồng dịch vụ thanh toán giữ nguyên hiệu lực.'],
      },
    ],
  },
  {
    type: 'PROMOTION_SERVICE',
    version: '2025.1',
    title: 'Thoả thuận dịch vụ khuyến mãi',
    effectiveFrom: '2024-06-01T00:00:00+07:00',
    body: [
      {
        heading: 'Điều 1. Dịch vụ khuyến mãi',
        paragraphs: ['Bên A cho phép Bên B tạo chương trình khuyến mãi và phát voucher tới người dùng ví trong ngân sách Bên B đặt ra.'],
      },
      {
        heading: 'Điều 2. Ngân sách và quyết toán',
        paragraphs: ['Giá trị voucher đã sử dụng được khấu trừ vào tiền đối soát của Bên B; ngân sách chưa dùng không bị tính phí.'],
      },
    ],
  },
];

export const seedContracts: DomainSeed = async (tx, ctx) => {
  const templateRows = await tx
    .insert(contractTemplates)
    .values(
      TEMPLATES.map((t) => ({
        type: t.type,
        version: t.version,
        title: t.title,
        sections: [PARTIES_SECTION(t.version), ...t.body, SIGNATURE_SECTION],
        effectiveFrom: new Date(t.effectiveFrom),
      })),
    )
    .returning();
  const template = (type: TemplateSeed['type'], version: string) => templateRows.find((t) => t.type === type && t.version === version)!;

  const allMerchants = await tx.select({ id: merchants.id, partnerCode: merchants.partnerCode, todo: merchants.todoActions }).from(merchants);
  const ownerUsernames = [DemoUsers.owner.username, DemoUsers.otherOwner.username, DemoUsers.nfc.username, DemoUsers.bpuOwner.username];
  const owners = await tx.select({ id: users.id, username: users.username, name: users.name }).from(users).where(inArray(users.username, ownerUsernames));
  const ownerOf = (merchantId: number) => {
    const username =
      merchantId === DemoMerchants.other.id
        ? DemoUsers.otherOwner.username
        : merchantId === DemoMerchants.nfc.id
          ? DemoUsers.nfc.username
          : merchantId === DemoMerchants.bpu.id
            ? DemoUsers.bpuOwner.username
            : DemoUsers.owner.username;
    return owners.find((o) => o.username === username)!;
  };

  type Plan = { type: TemplateSeed['type']; version: string; status: 'PENDING' | 'SIGNED' | 'CANCELLED' | 'EXPIRED'; daysAgo: number };
  const plans = new Map<number, Plan[]>();
  const sme: Plan[] = [
    { type: 'PAYMENT_SERVICE', version: '2024.1', status: 'SIGNED', daysAgo: 540 },
    { type: 'PAYMENT_SERVICE', version: '2025.1', status: 'SIGNED', daysAgo: 170 },
    { type: 'PROMOTION_SERVICE', version: '2025.1', status: 'SIGNED', daysAgo: 300 },
    { type: 'ADDENDUM', version: '2025.1', status: 'CANCELLED', daysAgo: 260 },
    { type: 'ADDENDUM', version: '2025.1', status: 'EXPIRED', daysAgo: 250 },
  ];
  // Addenda over the years: enough rows for several pages of the list.
  for (let i = 0; i < 42; i++) sme.push({ type: 'ADDENDUM', version: '2025.1', status: 'SIGNED', daysAgo: 10 + i * 9 });
  plans.set(DemoMerchants.sme.id, sme);
  plans.set(DemoMerchants.topBrand.id, [
    { type: 'PAYMENT_SERVICE', version: '2024.1', status: 'SIGNED', daysAgo: 400 },
    { type: 'PAYMENT_SERVICE', version: '2025.1', status: 'PENDING', daysAgo: 3 },
  ]);
  for (const m of allMerchants) {
    if (plans.has(m.id) || m.id === DemoMerchants.p2m.id) continue;
    const list: Plan[] = [{ type: 'PAYMENT_SERVICE', version: '2024.1', status: 'SIGNED', daysAgo: 200 + (m.id % 50) }];
    if (m.todo.includes('SIGN_CONTRACT')) list.push({ type: 'PAYMENT_SERVICE', version: '2025.1', status: 'PENDING', daysAgo: 5 + (m.id % 7) });
    plans.set(m.id, list);
  }

  const reference = ctx.referenceDate.getTime();
  for (const m of allMerchants) {
    const list = plans.get(m.id);
    if (!list) continue;
    const parties = await partiesOf(tx, m.id);
    if (!parties) continue;
    const owner = ownerOf(m.id);
    // Oldest first, so contract numbers grow with time.
    const ordered = [...list].sort((a, b) => b.daysAgo - a.daysAgo);
    for (const [index, plan] of ordered.entries()) {
      const tpl = template(plan.type, plan.version);
      const issuedAt = new Date(reference - plan.daysAgo * DAY);
      const contractNo = `HD-${m.partnerCode}-${String(index + 1).padStart(4, '0')}`;
      const signed = plan.status === 'SIGNED';
      const signedAt = new Date(issuedAt.getTime() + 2 * DAY + (index % 5) * 3_600_000);
      const rendered = renderContract({
        contractNo,
        type: tpl.type,
        version: tpl.version,
        title: tpl.title,
        sections: tpl.sections as TemplateSection[],
        issuedAt,
        parties,
      });
      const [row] = await tx
        .insert(econtracts)
        .values({
          merchantId: m.id,
          templateId: tpl.id,
          contractNo,
          status: plan.status,
          issuedAt,
          snapshot: signed ? parties : null,
          signedAt: signed ? signedAt : null,
          signedBy: signed ? owner.id : null,
          signerUsername: signed ? owner.username : null,
          signerName: signed ? owner.name : null,
          signerIp: signed ? '203.0.113.10' : null,
          contentHash: signed ? contentHashOf(rendered) : null,
          createdAt: issuedAt,
        })
        .returning({ id: econtracts.id });
      const events: Array<typeof econtractEvents.$inferInsert> = [
        { contractId: row.id, merchantId: m.id, action: 'ISSUED', createdAt: issuedAt },
      ];
      if (signed) {
        const actor = { actorUserId: owner.id, actorUsername: owner.username, actorName: owner.name, ip: '203.0.113.10' };
        events.push({ contractId: row.id, merchantId: m.id, action: 'OTP_SENT', ...actor, createdAt: new Date(signedAt.getTime() - 60_000) });
        events.push({ contractId: row.id, merchantId: m.id, action: 'SIGNED', ...actor, createdAt: signedAt });
      }
      if (plan.status === 'CANCELLED') events.push({ contractId: row.id, merchantId: m.id, action: 'CANCELLED', createdAt: new Date(issuedAt.getTime() + 5 * DAY) });
      await tx.insert(econtractEvents).values(events);
    }
  }

  // A merchant with SIGN_CONTRACT must have a contract to sign (and only then): keep the two in step.
  const pendingMerchants = [...plans.entries()].filter(([, list]) => list.some((p) => p.status === 'PENDING')).map(([id]) => id);
  for (const m of allMerchants) {
    if (m.todo.includes('SIGN_CONTRACT') && !pendingMerchants.includes(m.id)) {
      await tx
        .update(merchants)
        .set({ todoActions: m.todo.filter((a) => a !== 'SIGN_CONTRACT') })
        .where(eq(merchants.id, m.id));
    }
  }
};

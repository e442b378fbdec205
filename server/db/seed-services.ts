/**
 * Service catalogue details (names, landing pages, PAYLATER terms) and promotion campaigns of the demo
 * merchants that run the PROMOTION service. A fixed generator, and dates relative to the day of seeding
 * (~7 months back to ~2.5 years ahead), so a demo seeded any day has ended, running and upcoming campaigns.
 */
import { eq } from 'drizzle-orm';
import type { PaylaterTerms } from '@/domain/services';
import { addDays, dayKeyOf, dayStart } from '@/domain/time';
import { merchantServices, promotionCampaigns, promotionGifts, serviceDetails, services } from './schema';
import type { DomainSeed } from './seed-types';
import { DemoMerchants } from './seed-fixtures';

interface Landing {
  title: string;
  benefits: string[];
  steps: string[];
}

const CATALOGUE: Record<string, { vi: [string, string, Landing]; en: [string, string, Landing] }> = {
  PROMOTION: {
    vi: [
      'Khuyến mãi',
      'Tạo chương trình khuyến mãi, phát voucher cho khách hàng trên ví.',
      {
        title: 'Thu hút khách hàng bằng voucher trên ví',
        benefits: [
          'Tự tạo chương trình và voucher giảm giá trong vài phút',
          'Kiểm soát ngân sách: không bao giờ chi quá số tiền đã đặt',
          'Theo dõi số voucher đã phát và đã sử dụng theo thời gian thực',
        ],
        steps: ['Đăng ký dịch vụ Khuyến mãi', 'Tạo chương trình với ngân sách và thời gian', 'Thêm quà tặng (voucher) và theo dõi kết quả'],
      },
    ],
    en: [
      'Promotions',
      'Create promotion campaigns and give vouchers to wallet customers.',
      {
        title: 'Win customers with wallet vouchers',
        benefits: [
          'Create campaigns and discount vouchers in minutes',
          'Budget control: never spend more than you set',
          'See vouchers issued and redeemed in real time',
        ],
        steps: ['Register the Promotions service', 'Create a campaign with a budget and dates', 'Add gifts (vouchers) and follow the results'],
      },
    ],
  },
  ADS: {
    vi: [
      'Quảng cáo',
      'Hiển thị thương hiệu của doanh nghiệp tới hàng triệu người dùng ví.',
      {
        title: 'Đưa thương hiệu đến hàng triệu người dùng',
        benefits: ['Hiển thị trên trang chủ và mục ưu đãi của ví', 'Nhắm đúng khách hàng theo khu vực', 'Báo cáo lượt xem và lượt nhấp'],
        steps: ['Đăng ký dịch vụ Quảng cáo', 'Chờ Ví Xanh duyệt hồ sơ', 'Tạo chiến dịch quảng cáo đầu tiên'],
      },
    ],
    en: [
      'Advertising',
      'Show your brand to millions of wallet users.',
      {
        title: 'Bring your brand to millions of users',
        benefits: ['Placements on the wallet home and deals pages', 'Target customers by area', 'Views and clicks reports'],
        steps: ['Register the Advertising service', 'Wait for the provider’s review', 'Create your first ad campaign'],
      },
    ],
  },
  PAYLATER: {
    vi: [
      'Mua trước trả sau',
      'Khách hàng mua ngay, trả góp sau; doanh nghiệp nhận đủ tiền.',
      {
        title: 'Bán được nhiều hơn với Mua trước trả sau',
        benefits: [
          'Khách hàng trả góp 3-12 tháng, doanh nghiệp nhận đủ tiền theo kỳ đối soát',
          'Không chịu rủi ro thu hồi nợ',
          'Tăng giá trị đơn hàng trung bình',
        ],
        steps: ['Đăng ký dịch vụ Mua trước trả sau', 'Ví Xanh thẩm định doanh nghiệp', 'Bật hình thức thanh toán tại cửa hàng'],
      },
    ],
    en: [
      'Buy now, pay later',
      'Customers buy now and pay in instalments; you are paid in full.',
      {
        title: 'Sell more with Buy now, pay later',
        benefits: ['Customers pay over 3-12 months; you are paid in full at settlement', 'No collection risk', 'Higher average order value'],
        steps: ['Register Buy now, pay later', 'The provider reviews the merchant', 'Turn the payment method on in your stores'],
      },
    ],
  },
};

const PAYLATER_TERMS: PaylaterTerms = {
  installmentMonths: [3, 6, 9, 12],
  merchantFeeBps: 250,
  minOrderAmount: 500_000,
  maxOrderAmount: 30_000_000,
  settlementPeriod: 'SRP.0001',
};

const GIFT_NAMES = ['Giảm 20.000đ', 'Giảm 50.000đ', 'Voucher cuối tuần', 'Quà chào bạn mới', 'Giảm giá giờ vàng', 'Voucher sinh nhật'];
const CAMPAIGN_NAMES = ['Khai trương', 'Mừng sinh nhật', 'Cuối tuần vui vẻ', 'Giờ vàng', 'Tri ân khách hàng', 'Mùa lễ hội', 'Back to school', 'Hè rực rỡ', 'Tết sum vầy'];

/** Demo merchants with campaigns, and how many (enough for several pages of 20). */
const CAMPAIGNS_PER_MERCHANT: Array<[number, number]> = [
  [DemoMerchants.topBrand.id, 45],
  [DemoMerchants.other.id, 27],
];

const DAY_MS = 86_400_000;

/** A tiny deterministic generator (LCG) so this seed never shifts the shared faker's sequence. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % n;
  };
}

export const seedServices: DomainSeed = async (tx) => {
  const rows = await tx.select({ id: services.id, code: services.code }).from(services);
  const details = rows
    .filter((row) => CATALOGUE[row.code])
    .map((row) => {
      const { vi, en } = CATALOGUE[row.code];
      return {
        serviceId: row.id,
        nameVi: vi[0],
        nameEn: en[0],
        summaryVi: vi[1],
        summaryEn: en[1],
        landing: { vi: vi[2], en: en[2] },
        terms: row.code === 'PAYLATER' ? PAYLATER_TERMS : {},
      };
    });
  if (details.length) await tx.insert(serviceDetails).values(details);

  // Campaigns only for merchants whose PROMOTION registration exists.
  const promotion = rows.find((row) => row.code === 'PROMOTION');
  if (!promotion) return;
  const promotionRegistrations = await tx
    .select({ merchantId: merchantServices.merchantId })
    .from(merchantServices)
    .where(eq(merchantServices.serviceId, promotion.id));
  const withPromotion = new Set(promotionRegistrations.map((r) => r.merchantId));

  const random = generator(20_251_122);
  // Campaign dates follow the day the demo is seeded (not the fixed reference date), so a demo seeded
  // today still has campaigns that have ended, run now and start later, whatever today is.
  const seededOn = new Date();
  const seededAt = seededOn.getTime();
  for (const [merchantId, total] of CAMPAIGNS_PER_MERCHANT) {
    if (!withPromotion.has(merchantId)) continue;
    const campaigns = [];
    const giftPlans: Array<Array<{ name: string; discountAmount: number; minOrderAmount: number; quantity: number; issued: number; redeemed: number }>> = [];
    for (let i = 0; i < total; i++) {
      // 00:00 in Vietnam (UTC+7) of a day between ~7 months before and ~2.5 years after the seeding day.
      const startAt = dayStart(addDays(dayKeyOf(seededOn), i * 25 - 200));
      const endAt = new Date(startAt.getTime() + (14 + random(107)) * DAY_MS);
      const gifts = Array.from({ length: 1 + random(4) }, (_, g) => {
        const discountAmount = (1 + random(10)) * 10_000;
        const quantity = (1 + random(20)) * 50;
        const issued = Math.floor((quantity * random(101)) / 100);
        const redeemed = Math.floor((issued * random(101)) / 100);
        return {
          name: GIFT_NAMES[(i + g) % GIFT_NAMES.length],
          discountAmount,
          minOrderAmount: discountAmount * (2 + random(4)),
          quantity,
          issued,
          redeemed,
        };
      });
      const cost = gifts.reduce((sum, g) => sum + g.discountAmount * g.quantity, 0);
      campaigns.push({
        merchantId,
        code: `KM${String(merchantId).padStart(4, '0')}${String(i + 1).padStart(4, '0')}`,
        name: `${CAMPAIGN_NAMES[i % CAMPAIGN_NAMES.length]} ${i + 1}`,
        description: i % 3 === 0 ? null : `Chương trình khuyến mãi số ${i + 1}`,
        startAt,
        endAt,
        // Budgets cover every voucher, rounded up to 100.000 đ, sometimes with headroom.
        budget: Math.ceil((cost * (100 + random(50))) / 100 / 100_000) * 100_000,
        cancelledAt: i % 11 === 5 ? new Date(startAt.getTime() - DAY_MS) : null,
        createdAt: new Date(startAt.getTime() - 10 * DAY_MS),
      });
      giftPlans.push(gifts);
    }
    const inserted = await tx.insert(promotionCampaigns).values(campaigns).returning({ id: promotionCampaigns.id, code: promotionCampaigns.code });
    const idByCode = new Map(inserted.map((row) => [row.code, row.id]));
    const gifts = campaigns.flatMap((campaign, i) =>
      giftPlans[i].map((g, n) => ({
        merchantId,
        campaignId: idByCode.get(campaign.code)!,
        code: `${campaign.code}-${n + 1}`,
        name: g.name,
        discountAmount: g.discountAmount,
        minOrderAmount: g.minOrderAmount,
        quantity: g.quantity,
        // Cancelled campaigns and those not started yet have given nothing away.
        issuedCount: campaign.cancelledAt || campaign.startAt.getTime() > seededAt ? 0 : g.issued,
        redeemedCount: campaign.cancelledAt || campaign.startAt.getTime() > seededAt ? 0 : g.redeemed,
        createdAt: campaign.createdAt,
      })),
    );
    await tx.insert(promotionGifts).values(gifts);
  }
};

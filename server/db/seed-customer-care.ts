/**
 * Demo broadcasts of the SME's public page (ca_phe_song_han), so customer care has something to show
 * (and every screen, the detail included, can be opened): one scheduled weeks ahead of the day of seeding
 * to a small audience (followers aged 55 and over in Đà Nẵng), which can still be cancelled, and one
 * that was cancelled. Neither sends anything while a demo or a test suite runs; no chat is touched.
 */
import { eq } from 'drizzle-orm';
import { EMPTY_AUDIENCE } from '@/domain/audience';
import { addDays, vietnamTime, vietnamToday } from '@/domain/time';
import { broadcasts, businessPages } from './schema';
import type { DomainSeed } from './seed-types';

const SLUG = 'ca_phe_song_han';

export const seedCustomerCare: DomainSeed = async (tx, ctx) => {
  const [page] = await tx.select({ id: businessPages.id, merchantId: businessPages.merchantId }).from(businessPages).where(eq(businessPages.slug, SLUG));
  if (!page) return;
  const owner = ctx.userIdByUsername.get('owner_demo') ?? null;
  // Dated from the day of seeding (not the fixed reference date): a demo seeded today still has it ahead.
  const today = vietnamToday();
  await tx.insert(broadcasts).values([
    {
      merchantId: page.merchantId,
      pageId: page.id,
      name: 'Tri ân khách hàng thân thiết',
      audience: { ...EMPTY_AUDIENCE, ageBands: ['AGE_55_PLUS'], provinces: ['Đà Nẵng'], followers: 'ONLY' },
      message: 'Chào ${name}, ${page} gửi tặng bạn ly cà phê muối miễn phí khi ghé quán tuần này!',
      scheduledAt: vietnamTime(addDays(today, 85), 9),
      createdBy: owner,
    },
    {
      merchantId: page.merchantId,
      pageId: page.id,
      name: 'Khai trương chi nhánh mới',
      audience: { ...EMPTY_AUDIENCE, followers: 'ONLY' },
      message: 'Chào ${name}, ${page} khai trương chi nhánh mới, mời bạn ghé thăm!',
      status: 'CANCELLED',
      scheduledAt: vietnamTime(addDays(today, -3), 10),
      cancelledAt: vietnamTime(addDays(today, -4), 16),
      cancelledBy: owner,
      createdBy: owner,
      createdAt: vietnamTime(addDays(today, -5), 15),
    },
  ]);
};

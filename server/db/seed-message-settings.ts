/**
 * Demo message management of the SME's public page (ca_phe_song_han), so its screens and the inbox's
 * quick replies have something to show: two chat templates, two tags (on nobody yet), two FAQ entries
 * and a quick menu pointing to them. No automatic message is switched on: a demo or a test chatting with
 * the page gets only the messages it sends.
 */
import { eq } from 'drizzle-orm';
import { businessPages, chatTemplates, pageFaqEntries, pageQuickMenuItems, pageTags } from './schema';
import type { DomainSeed } from './seed-types';

const SLUG = 'ca_phe_song_han';

export const seedMessageSettings: DomainSeed = async (tx, ctx) => {
  const [page] = await tx.select({ id: businessPages.id, merchantId: businessPages.merchantId }).from(businessPages).where(eq(businessPages.slug, SLUG));
  if (!page) return;
  const owner = ctx.userIdByUsername.get('owner_demo') ?? null;
  const base = { merchantId: page.merchantId, pageId: page.id };
  await tx.insert(chatTemplates).values([
    { ...base, title: 'Chào khách', shortcut: 'chao', body: 'Chào ${name}, ${page} có thể giúp gì cho bạn ạ?', createdBy: owner },
    { ...base, title: 'Cảm ơn', shortcut: 'camon', body: 'Cảm ơn ${name} đã ghé ${page}, hẹn gặp lại bạn!', createdBy: owner },
  ]);
  await tx.insert(pageTags).values([
    { ...base, name: 'Khách quen', color: '#2e7d32', createdBy: owner },
    { ...base, name: 'Đặt bàn', color: '#1565c0', createdBy: owner },
  ]);
  const [hours, parking] = await tx
    .insert(pageFaqEntries)
    .values([
      { ...base, question: 'Quán mở cửa lúc mấy giờ?', answer: 'Dạ ${name}, ${page} mở cửa từ 7:00 đến 22:00 mỗi ngày ạ.', position: 0 },
      { ...base, question: 'Quán có chỗ gửi xe không?', answer: 'Dạ có, ${page} giữ xe máy miễn phí cho khách ạ.', position: 1 },
    ])
    .returning({ id: pageFaqEntries.id });
  await tx.insert(pageQuickMenuItems).values([
    { ...base, label: 'Giờ mở cửa', faqId: hours!.id, position: 0 },
    { ...base, label: 'Gửi xe', faqId: parking!.id, position: 1 },
  ]);
};

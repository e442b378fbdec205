/**
 * Help centre articles (MERCHANT_HELP_CENTER), in Vietnamese and English, seeded by
 * server/db/seed-help-center.ts. `search` is an accent-free tsvector of both languages made by the
 * database itself (translate() of Vietnamese letters, then lower()), so "thanh toan" finds
 * "thanh toán"; queries fold their words with the same VI_ACCENTED → VI_PLAIN map.
 */
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Every accented Vietnamese letter (NFC, lower and upper case) and its plain letter, position by position. */
export const VI_ACCENTED =
  'àÀáÁảẢãÃạẠăĂằẰắẮẳẲẵẴặẶâÂầẦấẤẩẨẫẪậẬèÈéÉẻẺẽẼẹẸêÊềỀếẾểỂễỄệỆìÌíÍỉỈĩĨịỊòÒóÓỏỎõÕọỌôÔồỒốỐổỔỗỖộỘơƠờỜớỚởỞỡỠợỢùÙúÚủỦũŨụỤưƯừỪứỨửỬữỮựỰỳỲýÝỷỶỹỸỵỴđĐ';
export const VI_PLAIN =
  'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeeeeeeeiiiiiiiiiioooooooooooooooooooooooooooooooooouuuuuuuuuuuuuuuuuuuuuuyyyyyyyyyydd';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export const HELP_ARTICLE_SEARCH_SQL = sql.raw(
  `to_tsvector('simple'::regconfig, lower(translate(coalesce(title_vi, '') || ' ' || coalesce(title_en, '') || ' ' || coalesce(summary_vi, '') || ' ' || coalesce(summary_en, '') || ' ' || coalesce(body_vi, '') || ' ' || coalesce(body_en, ''), '${VI_ACCENTED}', '${VI_PLAIN}')))`,
);

export const helpArticles = pgTable(
  'help_articles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Stable key of a seeded article (re-seeding updates it in place). */
    slug: text('slug').notNull(),
    category: text('category').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    titleVi: text('title_vi').notNull(),
    titleEn: text('title_en').notNull(),
    summaryVi: text('summary_vi').notNull(),
    summaryEn: text('summary_en').notNull(),
    /** Plain text: paragraphs separated by blank lines; lines starting "1. " are steps. */
    bodyVi: text('body_vi').notNull(),
    bodyEn: text('body_en').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(HELP_ARTICLE_SEARCH_SQL),
  },
  (t) => [
    uniqueIndex('help_articles_slug_uq').on(t.slug),
    index('help_articles_category_idx').on(t.category, t.sortOrder),
    index('help_articles_search_idx').using('gin', t.search),
  ],
);

/**
 * Help articles: categories, a page by category and/or search words, one article with related ones,
 * in one language. Search needs no extension (PGlite lacks unaccent): the table's generated `search`
 * tsvector folds Vietnamese letters with translate(), and searchTermsOf folds the query's words with the
 * same VI_ACCENTED → VI_PLAIN map; every word must match as a prefix ("doi soat" finds "Đối soát").
 */
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { HELP_CATEGORIES, HELP_RELATED_MAX, type HelpArticle, type HelpArticleSummary, type HelpCategory, type HelpCategorySummary } from '@/domain/helpCenter';
import type { Db } from '../../db/client';
import { helpArticles, VI_ACCENTED, VI_PLAIN } from '../../db/schema/help-center';
import type { Lang } from '../../i18n';
import { offsetOf, type PageRequest } from '../../pagination';

const FOLD = new Map([...VI_ACCENTED].map((ch, i) => [ch, VI_PLAIN[i]]));
const MAX_TERMS = 10;

/** The search words as the `search` column holds them: NFC, Vietnamese letters folded, lower case, letters and digits only. */
export function searchTermsOf(text: string): string[] {
  const folded = [...text.normalize('NFC')].map((ch) => FOLD.get(ch) ?? ch).join('').toLowerCase();
  return folded.split(/[^a-z0-9]+/).filter(Boolean).slice(0, MAX_TERMS);
}

type Row = typeof helpArticles.$inferSelect;
type SummaryRow = Pick<Row, 'id' | 'category' | 'titleVi' | 'titleEn' | 'summaryVi' | 'summaryEn' | 'updatedAt'>;

const summaryColumns = {
  id: helpArticles.id,
  category: helpArticles.category,
  titleVi: helpArticles.titleVi,
  titleEn: helpArticles.titleEn,
  summaryVi: helpArticles.summaryVi,
  summaryEn: helpArticles.summaryEn,
  updatedAt: helpArticles.updatedAt,
};

const summaryOf = (r: SummaryRow, lang: Lang): HelpArticleSummary => ({
  id: r.id,
  category: r.category as HelpCategory,
  title: lang === 'en' ? r.titleEn : r.titleVi,
  summary: lang === 'en' ? r.summaryEn : r.summaryVi,
  updatedAt: r.updatedAt.toISOString(),
});

/** Categories in HELP_CATEGORIES order (a constant list, never user input). */
const categoryOrder = sql`array_position(${sql.raw(`ARRAY[${HELP_CATEGORIES.map((c) => `'${c}'`).join(',')}]::text[]`)}, ${helpArticles.category})`;

export interface HelpSearch {
  category?: HelpCategory;
  q?: string;
}

export function helpArticlesRepository(db: Db) {
  return {
    async categories(): Promise<HelpCategorySummary[]> {
      const rows = await db.select({ category: helpArticles.category, n: count() }).from(helpArticles).groupBy(helpArticles.category);
      const counts = new Map(rows.map((r) => [r.category, Number(r.n)]));
      return HELP_CATEGORIES.filter((c) => counts.has(c)).map((code) => ({ code, articleCount: counts.get(code)! }));
    },

    /** Best match first when searching, else by category and order. */
    async page({ category, q }: HelpSearch, page: PageRequest, lang: Lang): Promise<{ rows: HelpArticleSummary[]; total: number }> {
      const terms = searchTermsOf(q ?? '');
      // Words that fold to nothing (only punctuation) match nothing rather than everything.
      if (q && q.trim() !== '' && terms.length === 0) return { rows: [], total: 0 };
      const tsquery = terms.length ? sql`to_tsquery('simple'::regconfig, ${terms.map((w) => `${w}:*`).join(' & ')})` : null;
      const where: SQL[] = [];
      if (category) where.push(eq(helpArticles.category, category));
      if (tsquery) where.push(sql`${helpArticles.search} @@ ${tsquery}`);
      const filter = where.length ? and(...where) : undefined;
      const byPlace = [asc(categoryOrder), asc(helpArticles.sortOrder), asc(helpArticles.id)];
      const order = tsquery ? [desc(sql`ts_rank(${helpArticles.search}, ${tsquery})`), ...byPlace] : byPlace;
      const rows = await db.select(summaryColumns).from(helpArticles).where(filter).orderBy(...order).limit(page.pageSize).offset(offsetOf(page));
      const [{ n }] = await db.select({ n: count() }).from(helpArticles).where(filter);
      return { rows: rows.map((r) => summaryOf(r, lang)), total: Number(n) };
    },

    async detail(id: number, lang: Lang): Promise<HelpArticle | null> {
      const [row] = await db.select().from(helpArticles).where(eq(helpArticles.id, id));
      if (!row) return null;
      const related = await db
        .select(summaryColumns)
        .from(helpArticles)
        .where(and(eq(helpArticles.category, row.category), ne(helpArticles.id, row.id)))
        .orderBy(asc(helpArticles.sortOrder), asc(helpArticles.id))
        .limit(HELP_RELATED_MAX);
      return { ...summaryOf(row, lang), body: lang === 'en' ? row.bodyEn : row.bodyVi, related: related.map((r) => summaryOf(r, lang)) };
    },
  };
}

import { HelpCenterApiPaths as Paths, type Page } from '@/domain/api';
import type { HelpArticle, HelpArticleSummary, HelpCategory, HelpCategorySummary } from '@/domain/helpCenter';
import type { HttpClient } from '../httpClient';
import { apiCall, filterToQuery, type ApiContext } from './context';

export interface HelpArticleQuery {
  category?: HelpCategory;
  q?: string;
  pageNumber: number;
  pageSize: number;
}

/** Help centre (server/routes/help-center): the provider's articles, in the portal's language; no merchant. */
export function helpCenterApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async listHelpCategories(): Promise<HelpCategorySummary[]> {
      return (await call<HelpCategorySummary[]>(Paths.categories, { showError: false })).data;
    },
    async listHelpArticles(query: HelpArticleQuery): Promise<Page<HelpArticleSummary>> {
      return (await call<Page<HelpArticleSummary>>(Paths.articles, { query: filterToQuery({ ...query }), showError: false })).data;
    },
    async getHelpArticle(id: number): Promise<HelpArticle> {
      return (await call<HelpArticle>(Paths.article, { params: { id }, showError: false })).data;
    },
  };
}

import { PageReportApiPaths as Paths, type Page } from '@/domain/api';
import type { CustomerMessageReport, PageOverview, PageReconciliation, PageReportTab, PostReportRow, PostReportSortField } from '@/domain/pageReports';
import type { DayRange } from '@/domain/time';
import { fetchedFileOf, type FetchedFile } from '@/files';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** A page whose reports the caller may open. */
export interface ReportPage {
  id: number;
  name: string;
  slug: string;
  status: string;
}

export interface PostReportQuery {
  pageNumber: number;
  pageSize: number;
  sort: { field: PostReportSortField; order: 'ASC' | 'DESC' };
}

const EXPORTS: Record<PageReportTab, string> = {
  overview: Paths.overviewExport,
  post: Paths.postsExport,
  'customer-message': Paths.customerMessagesExport,
  reconciliation: Paths.reconciliationExport,
};

const rangeQuery = (range: DayRange) => ({ fromDate: range.from, toDate: range.to });

/** Page reports (server/routes/report-management): overview, posts, customer messages, reconciliation, CSV of each. */
export function reportManagementApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getReportPages(): Promise<ReportPage[]> {
      return (await call<ReportPage[]>(Paths.pages)).data;
    },
    async getPageOverview(pageId: number, range: DayRange): Promise<PageOverview> {
      return (await call<PageOverview>(Paths.overview, { params: { pageId }, query: rangeQuery(range) })).data;
    },
    async getPostReport(pageId: number, range: DayRange, { pageNumber, pageSize, sort }: PostReportQuery): Promise<Page<PostReportRow>> {
      const query = { ...rangeQuery(range), pageNumber, pageSize, sort: `${sort.field},${sort.order.toLowerCase()}` };
      return (await call<Page<PostReportRow>>(Paths.posts, { params: { pageId }, query })).data;
    },
    async getCustomerMessageReport(pageId: number, range: DayRange): Promise<CustomerMessageReport> {
      return (await call<CustomerMessageReport>(Paths.customerMessages, { params: { pageId }, query: rangeQuery(range) })).data;
    },
    async getPageReconciliation(pageId: number, range: DayRange): Promise<PageReconciliation> {
      return (await call<PageReconciliation>(Paths.reconciliation, { params: { pageId }, query: rangeQuery(range) })).data;
    },
    /** One report as CSV; the caller (downloadFile) tells the user the outcome. */
    async exportPageReport(pageId: number, tab: PageReportTab, range: DayRange): Promise<FetchedFile> {
      return fetchedFileOf(await call<Blob>(EXPORTS[tab], { params: { pageId }, query: rangeQuery(range), responseType: 'blob', showError: false }));
    },
  };
}

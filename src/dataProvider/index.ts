import type {
  CreateParams,
  DataProvider,
  DeleteManyParams,
  DeleteParams,
  GetListParams,
  GetManyParams,
  GetManyReferenceParams,
  GetOneParams,
  RaRecord,
  UpdateManyParams,
  UpdateParams,
} from 'react-admin';
import type { Page } from '@/domain/api';
import { API_BASE_URL } from '@/config';
// Types only: the resource list itself is handed in by the composition root (src/pages/app/AdminApp.tsx).
import type { ResourceConfig, ResourceEndpoints } from '@/resourceConfig';
import { getChosenMerchantId } from '@/authProvider/session';
import { httpClient as defaultHttpClient, type HttpClient, type HttpMethod, type QueryParams } from './httpClient';
import { apiCall, createApiContext, filterToQuery, sortToQuery, type ApiContext } from './api/context';
import { authApi } from './api/auth';
import { meApi } from './api/me';
import { merchantsApi } from './api/merchants';
import { accessApi } from './api/access';
import { storesApi } from './api/stores';
import { healthApi } from './api/health';
import { usersApi } from './api/users';
import { servicesApi } from './api/services';
import { promotionsApi } from './api/promotions';
import { merchantInfoApi } from './api/merchant-info';
import { payoutsApi } from './api/payouts';
import { econtractsApi } from './api/econtracts';
import { nfcApi } from './api/nfc';
import { reportJobsApi, type ExportOutcome } from './api/report-jobs';
import { reportViewsApi } from './api/report-views';
import { transactionReportApi } from './api/transaction-report';
import { reportCenterApi } from './api/report-center';
import { dashboardApi } from './api/dashboard';
import { contactsApi } from './api/contacts';
import { paymentLinksApi } from './api/paymentLinks';
import { settlementApi } from './api/settlement';
import { paymentIntegrationApi } from './api/paymentIntegration';
import { disbursementsApi } from './api/disbursements';
import { pageContentApi } from './api/pageContent';
import { businessPagesApi } from './api/businessPages';
import { reportManagementApi } from './api/reportManagement';
import { ticketsApi } from './api/tickets';
import { transactionControlApi } from './api/transactionControl';
import { helpCenterApi } from './api/helpCenter';
import { notificationsApi } from './api/notifications';
import { liveChatApi } from './api/liveChat';
import { marketingBudgetApi } from './api/marketingBudget';
import { marketingCampaignsApi } from './api/marketingCampaigns';
import { customerCareApi } from './api/customerCare';
import { messageManagementApi } from './api/messageManagement';
import { cachedTotals } from './api/list-totals';
import type { ExportFormat } from '@/domain/transactionReport';

export type { ApiContext } from './api/context';
// The rejection of every failed call, for code that reads its envelope status (the authProvider).
export { HttpError } from './httpClient';
export type { ExportStoresParams, StoreExportFormat } from './api/stores';
export type { GiftDetail } from './api/promotions';

/**
 * The dataProvider factory `(apiUrl, httpClient, { resources }) => DataProvider`. CRUD methods are driven
 * by each resource config's `endpoints` ('METHOD /path' templates filled by fillPath; `:merchantId` is the
 * chosen merchant, `:id` the record). Non-CRUD calls are named, typed methods: one factory per domain in
 * ./api/<domain>.ts (`<domain>Api(http, ctx)`), spread in below. docs/contract.md lists every call.
 *
 * CRUD calls do not toast errors themselves: react-admin notifies the rejection's message (the §8 text).
 */
type DomainApis = ReturnType<typeof authApi> &
  ReturnType<typeof meApi> &
  ReturnType<typeof merchantsApi> &
  ReturnType<typeof accessApi> &
  ReturnType<typeof storesApi> &
  ReturnType<typeof healthApi> &
  ReturnType<typeof usersApi> &
  ReturnType<typeof servicesApi> &
  ReturnType<typeof promotionsApi> &
  ReturnType<typeof merchantInfoApi> &
  ReturnType<typeof payoutsApi> &
  ReturnType<typeof econtractsApi> &
  ReturnType<typeof nfcApi> &
  ReturnType<typeof reportJobsApi> &
  ReturnType<typeof reportViewsApi> &
  ReturnType<typeof transactionReportApi> &
  ReturnType<typeof reportCenterApi> &
  ReturnType<typeof dashboardApi> &
  ReturnType<typeof paymentLinksApi> &
  ReturnType<typeof settlementApi> &
  ReturnType<typeof contactsApi> &
  ReturnType<typeof paymentIntegrationApi> &
  ReturnType<typeof disbursementsApi> &
  ReturnType<typeof ticketsApi> &
  ReturnType<typeof transactionControlApi> &
  ReturnType<typeof helpCenterApi> &
  ReturnType<typeof notificationsApi> &
  ReturnType<typeof liveChatApi> &
  ReturnType<typeof marketingBudgetApi> &
  ReturnType<typeof marketingCampaignsApi> &
  ReturnType<typeof customerCareApi> &
  ReturnType<typeof messageManagementApi> &
  ReturnType<typeof pageContentApi> &
  ReturnType<typeof businessPagesApi> &
  ReturnType<typeof reportManagementApi>;

export interface PortalDataProvider extends DataProvider, DomainApis {
  /** Everything a list's filter selects, with the chosen columns, to its `endpoints.export` (a file or a job). */
  exportList(resource: string, params: ExportListParams): Promise<ExportOutcome>;
}

/** getList's meta of a list with `endpoints.totals`: the filtered set's totals, or why they failed. */
export type ListTotalsMeta = { totals: unknown; totalsError?: undefined } | { totals?: undefined; totalsError: unknown };

export interface ExportListParams {
  filter: Record<string, unknown>;
  columns: readonly string[];
  format: ExportFormat;
}

/** Every domain's named methods on one client (the composition; add one line per domain). */
function domainApis(http: HttpClient, ctx: ApiContext): DomainApis {
  return {
    ...authApi(http, ctx),
    ...meApi(http, ctx),
    ...merchantsApi(http, ctx),
    ...accessApi(http, ctx),
    ...storesApi(http, ctx),
    ...healthApi(http, ctx),
    ...usersApi(http, ctx),
    ...servicesApi(http, ctx),
    ...promotionsApi(http, ctx),
    ...merchantInfoApi(http, ctx),
    ...payoutsApi(http, ctx),
    ...econtractsApi(http, ctx),
    ...nfcApi(http, ctx),
    ...reportJobsApi(http, ctx),
    ...reportViewsApi(http, ctx),
    ...transactionReportApi(http, ctx),
    ...reportCenterApi(http, ctx),
    ...dashboardApi(http, ctx),
    ...paymentLinksApi(http, ctx),
    ...settlementApi(http, ctx),
    ...contactsApi(http, ctx),
    ...paymentIntegrationApi(http, ctx),
    ...disbursementsApi(http, ctx),
    ...ticketsApi(http, ctx),
    ...transactionControlApi(http, ctx),
    ...helpCenterApi(http, ctx),
    ...notificationsApi(http, ctx),
    ...liveChatApi(http, ctx),
    ...marketingBudgetApi(http, ctx),
    ...marketingCampaignsApi(http, ctx),
    ...customerCareApi(http, ctx),
    ...messageManagementApi(http, ctx),
    ...pageContentApi(http, ctx),
    ...businessPagesApi(http, ctx),
    ...reportManagementApi(http, ctx),
  };
}

export interface DataProviderOptions {
  /**
   * The resource list, handed in by the composition root (AdminApp). Without it the provider has the
   * named methods only (the shell pages: login, onboarding, health) and refuses CRUD calls.
   */
  resources?: readonly ResourceConfig[];
  /** The chosen merchant (`:merchantId`); null when none is chosen, which aborts merchant-scoped calls. */
  getMerchantId?: () => number | null;
}

type EndpointKind = Exclude<keyof ResourceEndpoints, 'sortable'>;

/** 'GET /a/:id' → { method: 'GET', path: '/a/:id' }. */
export function parseEndpoint(endpoint: string): { method: HttpMethod; path: string } {
  const [method, path] = endpoint.trim().split(/\s+/, 2);
  if (!path || !['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
    throw new Error(`Invalid endpoint "${endpoint}": expected "METHOD /path"`);
  }
  return { method: method as HttpMethod, path };
}

export function createDataProvider(
  apiUrl: string,
  httpClient: HttpClient,
  { resources = [], getMerchantId = getChosenMerchantId }: DataProviderOptions = {},
): PortalDataProvider {
  const ctx = createApiContext(apiUrl, getMerchantId);
  const request = apiCall(httpClient, ctx);

  const configOf = (resource: string): ResourceConfig => {
    const config = resources.find((r) => r.name === resource);
    if (!config) throw new Error(`Unknown resource "${resource}"`);
    return config;
  };

  const endpointOf = (resource: string, kind: EndpointKind): string => {
    const endpoint = configOf(resource).endpoints?.[kind];
    if (!endpoint) throw new Error(`Resource "${resource}" has no "${kind}" endpoint`);
    return endpoint;
  };

  async function call<T>(
    resource: string,
    kind: EndpointKind,
    { id, query, body, signal }: { id?: unknown; query?: QueryParams; body?: unknown; signal?: AbortSignal } = {},
  ) {
    const { method, path } = parseEndpoint(endpointOf(resource, kind));
    const params = id === undefined || id === null ? {} : { id: String(id) };
    return request<T>(path, { method, params, query, body, signal, showError: false });
  }

  // Keyset paging, for lists that answer `nextCursor`: page n+1 is asked after the last row of page n.
  const cursors = new Map<string, string>();

  async function getList(resource: string, params: GetListParams) {
    const filter = filterToQuery(params.filter);
    const query: QueryParams = { ...filter };
    const filterKey = JSON.stringify(filter);
    const pageKey = (page: number) => `${resource}|${filterKey}|${params.pagination?.perPage}|${page}`;
    const cursor = params.pagination && cursors.get(pageKey(params.pagination.page));
    if (cursor) query.cursor = cursor;
    // The filtered set's totals (endpoints.totals) come back in meta.totals. Failed totals do not fail the
    // rows: they come back as meta.totalsError (the rejection), so the list shows its rows and says the
    // totals are missing instead of showing zeros.
    const totalsEndpoint = configOf(resource).endpoints?.totals;
    const totals =
      totalsEndpoint &&
      cachedTotals(resource, filterKey, async () => (await request(parseEndpoint(totalsEndpoint).path, { query: filter, showError: false })).data).then(
        (value): ListTotalsMeta => ({ totals: value }),
        (error: unknown): ListTotalsMeta => ({ totalsError: error }),
      );
    if (params.pagination) {
      query.pageNumber = Math.max(0, params.pagination.page - 1);
      query.pageSize = params.pagination.perPage;
    }
    const sort = configOf(resource).endpoints?.sortable ? sortToQuery(params.sort) : undefined;
    if (sort) query.sort = sort;
    const response = await call<Page<RaRecord> & { nextCursor?: string | null }>(resource, 'list', { query, signal: params.signal });
    const page = response.data;
    if (page?.nextCursor && params.pagination) cursors.set(pageKey(params.pagination.page + 1), page.nextCursor);
    return { data: page?.content ?? [], total: page?.totalElements ?? 0, ...(totals ? { meta: await totals } : {}) };
  }

  const provider: PortalDataProvider = {
    getList: getList as DataProvider['getList'],

    getOne: (async (resource: string, params: GetOneParams) => {
      const response = await call<RaRecord>(resource, 'getOne', { id: params.id, signal: params.signal });
      return { data: response.data };
    }) as DataProvider['getOne'],

    getMany: (async (resource: string, params: GetManyParams) => {
      if (configOf(resource).endpoints?.getMany) {
        const response = await call<RaRecord[]>(resource, 'getMany', {
          query: { ids: params.ids.map(String) },
          signal: params.signal,
        });
        return { data: response.data ?? [] };
      }
      const records = await Promise.all(
        params.ids.map((id) => call<RaRecord>(resource, 'getOne', { id, signal: params.signal }).then((r) => r.data)),
      );
      return { data: records };
    }) as DataProvider['getMany'],

    getManyReference: (async (resource: string, params: GetManyReferenceParams) =>
      getList(resource, {
        pagination: params.pagination,
        sort: params.sort,
        filter: { ...params.filter, [params.target]: params.id },
        signal: params.signal,
      })) as DataProvider['getManyReference'],

    create: (async (resource: string, params: CreateParams) => {
      const response = await call<RaRecord>(resource, 'create', { body: params.data });
      return { data: { ...params.data, ...response.data } };
    }) as DataProvider['create'],

    update: (async (resource: string, params: UpdateParams) => {
      const response = await call<RaRecord>(resource, 'update', { id: params.id, body: params.data });
      return { data: { ...params.previousData, ...params.data, ...response.data, id: params.id } };
    }) as DataProvider['update'],

    updateMany: (async (resource: string, params: UpdateManyParams) => {
      await Promise.all(params.ids.map((id) => call(resource, 'update', { id, body: params.data })));
      return { data: params.ids };
    }) as DataProvider['updateMany'],

    delete: (async (resource: string, params: DeleteParams) => {
      await call(resource, 'delete', { id: params.id });
      return { data: params.previousData ?? { id: params.id } };
    }) as DataProvider['delete'],

    deleteMany: (async (resource: string, params: DeleteManyParams) => {
      await Promise.all(params.ids.map((id) => call(resource, 'delete', { id })));
      return { data: params.ids };
    }) as DataProvider['deleteMany'],

    ...domainApis(httpClient, ctx),

    exportList(resource, { filter, columns, format }) {
      return provider.startExport(parseEndpoint(endpointOf(resource, 'export')).path, { ...filterToQuery(filter), columns }, format);
    },
  };

  return provider;
}

/** The /app area's dataProvider: the composition root (AdminApp) hands in the resource list. */
export function createPortalDataProvider(resources: readonly ResourceConfig[]): PortalDataProvider {
  return createDataProvider(API_BASE_URL, defaultHttpClient, { resources });
}

/**
 * The shell's dataProvider (named methods only): the login, onboarding and health pages and the
 * authProvider use it outside react-admin. AdminApp builds the full one with the resource list.
 */
export const dataProvider: PortalDataProvider = createDataProvider(API_BASE_URL, defaultHttpClient);

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
import {
  ApiPaths,
  type LoginRequest,
  type LoginResponse,
  type Me,
  type Merchant,
  type Page,
  type RolesPayload,
  type Service,
  type SidebarEntry,
  type StoreOption,
} from '@/domain/api';
import { API_BASE_URL } from '@/config';
import { fileNameFromContentDisposition, type FetchedFile } from '@/files';
import type { ResourceConfig, ResourceEndpoints } from '@/resources';
import { getChosenMerchantId } from '@/authProvider/session';
import { httpClient as defaultHttpClient, type HttpClient, type HttpMethod, type QueryParams } from './httpClient';

/**
 * The dataProvider factory `(apiUrl, httpClient) => DataProvider` (react-admin's ra-data-simple-rest shape).
 * CRUD methods are driven by each resource config's `endpoints` ('METHOD /path' templates; `:merchantId`
 * is the chosen merchant, `:id` the record); non-CRUD calls are named, typed methods.
 *
 * | method            | HTTP call                                                                        |
 * |-------------------|----------------------------------------------------------------------------------|
 * | getList           | endpoints.list  ?pageNumber=page-1&pageSize=perPage&<filter> (&sort=field,asc    |
 * |                   |     when endpoints.sortable)                                                     |
 * | getOne            | endpoints.getOne with :id                                                        |
 * | getMany           | endpoints.getMany ?ids=1&ids=2, else getOne per id                               |
 * | getManyReference  | endpoints.list with <target>=<id> added to the filter                            |
 * | create            | endpoints.create, body = data                                                    |
 * | update            | endpoints.update with :id, body = data                                           |
 * | updateMany        | update per id                                                                    |
 * | delete            | endpoints.delete with :id                                                        |
 * | deleteMany        | delete per id                                                                    |
 * | login             | POST /authentication/v1/login (no auth; the page shows the error itself)        |
 * | logout            | POST /authentication/v1/logout (silent, spec §7)                                 |
 * | getMe             | GET /profile/v1/me                                                               |
 * | getMyServices     | GET /profile/v1/me/services (X-Merchant-Id: the chosen merchant)                 |
 * | getMerchants      | GET /profile/v2/merchants?requestType=LOGIN_MERCHANTS&pageNumber&pageSize        |
 * | getMerchant       | GET /profile/v2/merchants/:merchantId                                            |
 * | getRoles          | GET /authorization/v2/users/roles?merchantId                                     |
 * | getSidebars       | GET /authorization/v2/users/sidebars?merchantId                                  |
 * | getStoreOptions   | GET /profile/v2/stores?merchantCode&requestType=SEARCH_BY_MERCHANT_CODE          |
 * |                   |     &fieldNames=id&fieldNames=storeName&pagingType=NO_PAGING                     |
 * | exportStores      | GET /profile/v2/merchants/:merchantId/stores/export?format&<filter>&sort (blob)   |
 * | getHealth         | GET /health (no auth)                                                            |
 *
 * CRUD calls do not toast errors themselves: react-admin notifies the rejection's message (the §8 text).
 */
export interface PortalDataProvider extends DataProvider {
  login(credentials: LoginRequest): Promise<LoginResponse>;
  logout(): Promise<void>;
  getMe(): Promise<Me>;
  getMyServices(): Promise<Service[]>;
  getMerchants(params: { pageNumber: number; pageSize: number }): Promise<Page<Merchant>>;
  getMerchant(merchantId: number): Promise<Merchant>;
  getRoles(merchantId: number): Promise<RolesPayload>;
  getSidebars(merchantId: number): Promise<SidebarEntry[]>;
  getStoreOptions(params: { merchantCode: string; merchantId: number }): Promise<StoreOption[]>;
  /** Every store the list's filter selects, as a file (never capped at a page). */
  exportStores(params: ExportStoresParams): Promise<FetchedFile>;
  getHealth(): Promise<{ db: string }>;
}

export type StoreExportFormat = 'csv' | 'xlsx';

export interface ExportStoresParams {
  format: StoreExportFormat;
  /** The list's filter values (keyword, isActive). */
  filter?: Record<string, unknown>;
  /** The list's sort; the export keeps its order. */
  sort?: { field: string; order: 'ASC' | 'DESC' };
}

export interface DataProviderOptions {
  /**
   * The resource list; by default the portal's, loaded on the first CRUD call so that pages outside the
   * admin area (the login page's JS budget) never load every resource config and icon.
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

/** Filter values: empty strings and empty arrays mean "no filter" (a cleared search box). */
function filterToQuery(filter: Record<string, unknown> | undefined): QueryParams {
  const query: QueryParams = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) query[key] = value.map(String);
    } else if (typeof value === 'object') {
      // Nested filters have no agreed encoding in the API; sending "[object Object]" would only mislead.
      continue;
    } else {
      query[key] = value as string | number | boolean;
    }
  }
  return query;
}

export function createDataProvider(
  apiUrl: string,
  httpClient: HttpClient,
  { resources: givenResources, getMerchantId = getChosenMerchantId }: DataProviderOptions = {},
): PortalDataProvider {
  const base = apiUrl.replace(/\/+$/, '');

  /** Fill `:merchantId` and `:id`; say whether the call acts on a merchant. */
  const resolve = (template: string, id?: unknown) => {
    const merchantScoped = template.includes(':merchantId');
    const merchantId = merchantScoped ? getMerchantId() : null;
    let path = template;
    if (merchantScoped && merchantId !== null) path = path.replace(/:merchantId\b/g, encodeURIComponent(String(merchantId)));
    if (id !== undefined && id !== null) path = path.replace(/:id\b/g, encodeURIComponent(String(id)));
    return { url: `${base}${path}`, merchantScoped, merchantId };
  };

  let resourceList: Promise<readonly ResourceConfig[]> | undefined = givenResources && Promise.resolve(givenResources);
  const findConfig = async (resource: string) =>
    (await (resourceList ??= import('@/resources').then((module) => module.resources))).find((r) => r.name === resource);

  const configOf = async (resource: string): Promise<ResourceConfig> => {
    const config = await findConfig(resource);
    if (!config) throw new Error(`Unknown resource "${resource}"`);
    return config;
  };

  const endpointOf = async (resource: string, kind: EndpointKind): Promise<string> => {
    const endpoint = (await configOf(resource)).endpoints?.[kind];
    if (!endpoint) throw new Error(`Resource "${resource}" has no "${kind}" endpoint`);
    return endpoint;
  };

  async function call<T>(
    resource: string,
    kind: EndpointKind,
    { id, query, body, signal }: { id?: unknown; query?: QueryParams; body?: unknown; signal?: AbortSignal } = {},
  ) {
    const { method, path } = parseEndpoint(await endpointOf(resource, kind));
    const { url, merchantScoped, merchantId } = resolve(path, id);
    return httpClient<T>(url, {
      method,
      query,
      body,
      signal,
      merchantScoped,
      merchantId: merchantScoped ? merchantId : undefined,
      showError: false,
    });
  }

  async function getList(resource: string, params: GetListParams) {
    const query: QueryParams = filterToQuery(params.filter);
    if (params.pagination) {
      query.pageNumber = Math.max(0, params.pagination.page - 1);
      query.pageSize = params.pagination.perPage;
    }
    if (params.sort?.field && (await configOf(resource)).endpoints?.sortable) {
      query.sort = `${params.sort.field},${params.sort.order === 'DESC' ? 'desc' : 'asc'}`;
    }
    const response = await call<Page<RaRecord>>(resource, 'list', { query, signal: params.signal });
    const page = response.data;
    return { data: page?.content ?? [], total: page?.totalElements ?? 0 };
  }

  const named = (path: string) => `${base}${path}`;

  const provider: PortalDataProvider = {
    getList: getList as DataProvider['getList'],

    getOne: (async (resource: string, params: GetOneParams) => {
      const response = await call<RaRecord>(resource, 'getOne', { id: params.id, signal: params.signal });
      return { data: response.data };
    }) as DataProvider['getOne'],

    getMany: (async (resource: string, params: GetManyParams) => {
      const config = await findConfig(resource);
      if (config?.endpoints?.getMany) {
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

    async login(credentials) {
      const response = await httpClient<LoginResponse>(named(ApiPaths.login), {
        method: 'POST',
        body: credentials,
        noAuth: true,
        showError: false,
      });
      return response.data;
    },

    async logout() {
      await httpClient(named(ApiPaths.logout), { method: 'POST', silent: true });
    },

    async getMe() {
      return (await httpClient<Me>(named(ApiPaths.me))).data;
    },

    async getMyServices() {
      // The server answers for the chosen merchant (X-Merchant-Id, checked against the memberships).
      return (await httpClient<Service[]>(named(ApiPaths.meServices), { merchantScoped: true })).data ?? [];
    },

    async getMerchants({ pageNumber, pageSize }) {
      const response = await httpClient<Page<Merchant>>(named(ApiPaths.merchants), {
        query: { requestType: 'LOGIN_MERCHANTS', pageNumber, pageSize },
      });
      return response.data;
    },

    async getMerchant(merchantId) {
      const path = ApiPaths.merchant.replace(':merchantId', encodeURIComponent(String(merchantId)));
      return (await httpClient<Merchant>(named(path), { merchantScoped: true, merchantId })).data;
    },

    async getRoles(merchantId) {
      const response = await httpClient<RolesPayload>(named(ApiPaths.roles), {
        query: { merchantId },
        merchantScoped: true,
        merchantId,
      });
      return response.data;
    },

    async getSidebars(merchantId) {
      const response = await httpClient<SidebarEntry[]>(named(ApiPaths.sidebars), {
        query: { merchantId },
        merchantScoped: true,
        merchantId,
      });
      return response.data ?? [];
    },

    async getStoreOptions({ merchantCode, merchantId }) {
      const response = await httpClient<StoreOption[]>(named(ApiPaths.storeOptions), {
        query: {
          merchantCode,
          requestType: 'SEARCH_BY_MERCHANT_CODE',
          fieldNames: ['id', 'storeName'],
          pagingType: 'NO_PAGING',
        },
        merchantScoped: true,
        merchantId,
      });
      return response.data ?? [];
    },

    async exportStores({ format, filter, sort }) {
      const merchantId = getMerchantId();
      const path = ApiPaths.merchantStoresExport.replace(':merchantId', encodeURIComponent(String(merchantId)));
      const query: QueryParams = { ...filterToQuery(filter), format };
      if (sort?.field) query.sort = `${sort.field},${sort.order === 'DESC' ? 'desc' : 'asc'}`;
      // The caller (downloadFile) tells the user the outcome, so the client's own error toast stays off.
      const response = await httpClient<Blob>(named(path), {
        query,
        merchantScoped: true,
        merchantId,
        responseType: 'blob',
        showError: false,
      });
      return {
        blob: response.data,
        fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
        contentType: response.headers.get('content-type'),
      };
    },

    async getHealth() {
      const response = await httpClient<{ db: string }>(named(ApiPaths.health), { noAuth: true, silent: true });
      return response.data;
    },
  };

  return provider;
}

/** The portal's dataProvider: used by <Admin> and, through the same named methods, by the shell pages. */
export const dataProvider: PortalDataProvider = createDataProvider(API_BASE_URL, defaultHttpClient);

import { fillPath, type PathParams } from '@/domain/api';
import type { HttpClient, HttpResponse, RequestOptions } from '../httpClient';

/**
 * What every per-domain API factory (`<domain>Api(http, ctx)`) is given besides the HTTP client: where
 * the API is, and which merchant `:merchantId` means when a call does not name one.
 */
export interface ApiContext {
  /** The API base URL, without a trailing slash (`/api`). */
  readonly apiUrl: string;
  /** The chosen merchant; null when none is chosen, which aborts merchant-scoped calls (spec §5). */
  readonly getMerchantId: () => number | null;
}

export function createApiContext(apiUrl: string, getMerchantId: () => number | null): ApiContext {
  return { apiUrl: apiUrl.replace(/\/+$/, ''), getMerchantId };
}

export interface CallOptions extends RequestOptions {
  /** Values of the template's `:name` segments; `:merchantId` defaults to `merchantId`, else the chosen merchant. */
  params?: PathParams;
}

export type ApiCall = <T>(template: string, options?: CallOptions) => Promise<HttpResponse<T>>;

/**
 * Calls on API path templates (`src/domain/api.ts`): the template is filled with fillPath, and a template
 * naming `:merchantId` makes the call merchant-scoped (X-Merchant-Id). Without a merchant the path is left
 * unfilled: the httpClient aborts such a call before it leaves the browser, with the spec §5 text.
 */
export function apiCall(http: HttpClient, ctx: ApiContext): ApiCall {
  return function call<T>(template: string, { params = {}, ...options }: CallOptions = {}) {
    const namesMerchant = template.includes(':merchantId');
    const merchantScoped = options.merchantScoped ?? namesMerchant;
    const merchantId = options.merchantId ?? params.merchantId ?? (merchantScoped ? ctx.getMerchantId() : undefined);
    const missingMerchant = namesMerchant && (merchantId === null || merchantId === undefined || merchantId === '');
    const path = missingMerchant ? template : fillPath(template, { ...params, merchantId });
    const scope = merchantScoped ? { merchantScoped, merchantId: merchantId ?? null } : {};
    return http<T>(`${ctx.apiUrl}${path}`, { ...options, ...scope });
  };
}

/** Filter values: empty strings and empty arrays mean "no filter" (a cleared search box). */
export function filterToQuery(filter: Record<string, unknown> | undefined): NonNullable<RequestOptions['query']> {
  const query: NonNullable<RequestOptions['query']> = {};
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

/** A list's react-admin sort as the API's `sort=field,asc|desc`. */
export function sortToQuery(sort: { field: string; order: 'ASC' | 'DESC' | string } | undefined): string | undefined {
  return sort?.field ? `${sort.field},${sort.order === 'DESC' ? 'desc' : 'asc'}` : undefined;
}

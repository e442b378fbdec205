import type { SidebarEntry } from '@/domain/api';
import { shellApi } from '@/dataProvider/shell';
import { queryClient } from '@/dataProvider/queryClient';
import { allowedRouteCodesOf } from './canAccess';
import { getChosenMerchantId } from './session';

/**
 * The sidebar of the chosen merchant (GET sidebars) is the user's allowed list. It lives in the shared
 * react-query cache, keyed by merchant: the choose-merchant flow fills it, the layout shows it and
 * canAccess reads it, with one request between them. Permissions change rarely and the server refuses
 * anyway, so it stays fresh for five minutes; a merchant switch or a reload fetches it again.
 */
export const SIDEBAR_STALE_TIME_MS = 5 * 60_000;

export const sidebarQueryKey = (merchantId: number | null) => ['portal', 'sidebars', merchantId] as const;

export function sidebarQueryOptions(merchantId: number | null) {
  return {
    queryKey: sidebarQueryKey(merchantId),
    queryFn: (): Promise<SidebarEntry[]> =>
      merchantId === null ? Promise.resolve([]) : shellApi.getSidebars(merchantId),
    staleTime: SIDEBAR_STALE_TIME_MS,
  };
}

export async function fetchAllowedRouteCodes(merchantId: number | null = getChosenMerchantId()): Promise<string[]> {
  if (merchantId === null) return [];
  const entries = await queryClient.fetchQuery(sidebarQueryOptions(merchantId));
  return allowedRouteCodesOf(entries);
}

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sidebarQueryOptions } from '@/authProvider/allowedRoutes';
import { getChosenMerchantId } from '@/authProvider/session';
import { useResourceList } from '@/resourceConfig';
import { buildMenu, type MenuItem } from './menu';

/** The chosen merchant's sidebar, from the shared query cache (filled while choosing the merchant). */
export function useMenu(): {
  items: MenuItem[];
  /** The server sent no entry at all: the 'Not found Sidebar' screen. */
  isEmpty: boolean;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
  isFetching: boolean;
} {
  const merchantId = getChosenMerchantId();
  const resources = useResourceList();
  const query = useQuery(sidebarQueryOptions(merchantId));
  const items = useMemo(() => buildMenu(query.data, resources), [query.data, resources]);
  return {
    items,
    isEmpty: query.isSuccess && query.data.length === 0,
    isPending: query.isPending,
    isError: query.isError,
    isFetching: query.isFetching,
    refetch: () => void query.refetch(),
  };
}

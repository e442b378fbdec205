import { QueryClient } from '@tanstack/react-query';

/**
 * The one react-query client, shared by the shell and by <Admin queryClient> so both see the same cache
 * (the sidebar loaded while choosing a merchant is the one the layout shows). Spec §9 defaults.
 */
export const QUERY_DEFAULTS = { retry: false, refetchOnWindowFocus: false, staleTime: 5000 } as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS } } });
}

export const queryClient = createQueryClient();

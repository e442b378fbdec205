import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { DataProviderContext } from 'react-admin';
import { dataProvider } from '@/dataProvider';
import { queryClient } from '@/dataProvider/queryClient';

/**
 * Provides the portal's one query client to every area that fetches (onboarding, health, /app). A lazy
 * layout route rather than a provider around the whole router: the login page fetches nothing through
 * react-query, so it does not load it. The client itself is a single module instance shared by all.
 *
 * It also provides the shell's dataProvider (named methods only), so pages outside react-admin reach the
 * API the same way as /app screens: usePortalApi(). Inside /app, <Admin> provides its own, with the
 * resource list.
 */
export default function QueryArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <DataProviderContext.Provider value={dataProvider}>
        <Outlet />
      </DataProviderContext.Provider>
    </QueryClientProvider>
  );
}

import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/dataProvider/queryClient';

/**
 * Provides the portal's one query client to every area that fetches (onboarding, health, /app). A lazy
 * layout route rather than a provider around the whole router: the login page fetches nothing through
 * react-query, so it does not load it. The client itself is a single module instance shared by all.
 */
export default function QueryArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

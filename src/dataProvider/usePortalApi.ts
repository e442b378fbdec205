import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider';

/**
 * The portal's dataProvider with its typed named methods: how components, pages and resources reach the
 * API (inside react-query). Inside /app it is <Admin>'s provider; the shell areas provide the named-only one.
 */
export function usePortalApi(): PortalDataProvider {
  return useDataProvider<PortalDataProvider>();
}

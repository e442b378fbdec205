import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '@/dataProvider';

/**
 * The own-account calls of this screen: named methods of the dataProvider (src/dataProvider/api/auth.ts),
 * for the caller's own account only (no merchant scope).
 */
export function useAccountApi(): PortalDataProvider {
  return useDataProvider<PortalDataProvider>();
}

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { getCurrentMerchant, getRole } from '@/authProvider/session';
import type { PortalDataProvider } from '@/dataProvider';
import { canManageUsers, grantableRoles } from '@/domain/permissions';
import type { Role } from '@/domain/roles';

/**
 * What the signed-in user may do on this screen, from their roles in the chosen merchant and the
 * shared §6 rules. The UI only hides: the server refuses the same things again.
 */
export function useUserPermissions(): { canManage: boolean; grantable: Role[]; ownUserId: number | null } {
  return useMemo(() => {
    const role = getRole();
    const roles = role?.merchant.roles ?? [];
    return { canManage: canManageUsers(roles), grantable: grantableRoles(roles), ownUserId: role?.id ?? null };
  }, []);
}

/** The chosen merchant's stores (the existing store-options call), for pickers and the store filter. */
export function useStoreChoices(): Array<{ id: number; name: string }> {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const merchant = getCurrentMerchant();
  const { data } = useQuery({
    queryKey: ['portal', 'storeOptions', merchant?.id],
    enabled: merchant !== null,
    queryFn: () => dataProvider.getStoreOptions({ merchantCode: merchant!.partnerCode, merchantId: merchant!.id }),
  });
  return useMemo(() => (data ?? []).map((s) => ({ id: s.id, name: s.storeName })), [data]);
}

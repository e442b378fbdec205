import { getChosenMerchantId } from '@/authProvider/session';
import { API_BASE_URL } from '@/config';
import { httpClient } from '@/dataProvider/httpClient';
import { UserApiPaths, type MerchantUser } from '@/domain/api';
import type { InviteUserInput } from '@/domain/users';

/**
 * The one user-management call that is not CRUD: inviting an existing wallet user
 * (POST …/users/invitations). Errors toast the server's message through the httpClient (§8).
 */
export async function inviteUser(body: InviteUserInput): Promise<MerchantUser> {
  const merchantId = getChosenMerchantId();
  const path = UserApiPaths.invite.replace(':merchantId', encodeURIComponent(String(merchantId ?? '')));
  const response = await httpClient<MerchantUser>(`${API_BASE_URL}${path}`, { method: 'POST', body, merchantScoped: true });
  return response.data;
}

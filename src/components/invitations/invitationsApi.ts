import { API_BASE_URL } from '@/config';
import { httpClient } from '@/dataProvider/httpClient';
import { UserApiPaths, type MyInvitation } from '@/domain/api';

/** GET /authorization/v2/users/invitations: the signed-in user's invitations waiting for an answer. */
export async function fetchMyInvitations(): Promise<MyInvitation[]> {
  return (await httpClient<MyInvitation[]>(`${API_BASE_URL}${UserApiPaths.myInvitations}`, { showError: false })).data ?? [];
}

/** POST /authorization/v2/users/invitations/:id {action}; errors toast the server's message (§8). */
export async function answerInvitation(id: number, action: 'accept' | 'reject'): Promise<void> {
  const path = UserApiPaths.myInvitation.replace(':invitationId', encodeURIComponent(String(id)));
  await httpClient(`${API_BASE_URL}${path}`, { method: 'POST', body: { action }, showSuccess: true });
}

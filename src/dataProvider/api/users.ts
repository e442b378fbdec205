import { UserApiPaths, type MerchantUser, type MyInvitation } from '@/domain/api';
import type { InviteHolder, InviteUserInput } from '@/domain/users';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** Team calls beyond the users CRUD (server/routes/users): inviting, and the caller's own invitations. */
export function usersApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    /** Invites an existing wallet user to the chosen merchant; errors toast the server's message (§8). */
    async inviteUser(body: InviteUserInput): Promise<MerchantUser> {
      return (await call<MerchantUser>(UserApiPaths.invite, { method: 'POST', body })).data;
    },
    /**
     * Whose wallet the invitation would reach (name and phone masked), before the inviter confirms. No
     * toast: a refusal (no such account, phone not verified) is shown next to the field.
     */
    async getInviteHolder(account: string): Promise<InviteHolder> {
      return (await call<InviteHolder>(UserApiPaths.inviteHolder, { method: 'POST', body: { account }, showError: false })).data;
    },
    /** The signed-in user's invitations waiting for an answer. */
    async getMyInvitations(): Promise<MyInvitation[]> {
      return (await call<MyInvitation[]>(UserApiPaths.myInvitations, { showError: false })).data ?? [];
    },
    async answerInvitation(invitationId: number, action: 'accept' | 'reject'): Promise<void> {
      await call(UserApiPaths.myInvitation, { method: 'POST', params: { invitationId }, body: { action }, showSuccess: true });
    },
  };
}

import { ApiPaths, type RolesPayload, type SidebarEntry } from '@/domain/api';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** Roles and the sidebar of a merchant (server/routes/access): merchantId as query and header. */
export function accessApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getRoles(merchantId: number): Promise<RolesPayload> {
      return (await call<RolesPayload>(ApiPaths.roles, { query: { merchantId }, merchantScoped: true, merchantId })).data;
    },
    async getSidebars(merchantId: number): Promise<SidebarEntry[]> {
      return (await call<SidebarEntry[]>(ApiPaths.sidebars, { query: { merchantId }, merchantScoped: true, merchantId })).data ?? [];
    },
  };
}

import { BusinessPageApiPaths as Paths } from '@/domain/api';
import type { OpeningHours, PageCategory, PageCreateInput, PageImageKind, PageRole, PageSettingsInput, PageStatus } from '@/domain/businessPages';
import type { BadgeRule, BadgeRuleInput } from '@/domain/pageBadges';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** A business page as the API answers it (server/routes/business-page). */
export interface BusinessPage {
  id: number;
  merchantId: number;
  name: string;
  slug: string;
  status: PageStatus;
  avatarUrl: string | null;
  coverUrl: string | null;
  description: string;
  category: PageCategory | null;
  hotline: string | null;
  website: string | null;
  facebook: string | null;
  openingHours: OpeningHours;
  rejectReason: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  followers: number;
  stores: number;
  createdAt: string;
  updatedAt: string;
  /** The caller's role (owners and administrators: PAGE_ADMIN). */
  myRole?: PageRole;
  /** The list only: when the page last published a post (null: never). */
  lastPostAt?: string | null;
  /** Operator queue only. */
  merchantName?: string;
}
export interface PageStore {
  id: number;
  storeId: string;
  storeName: string;
  address: string;
  isActive: boolean;
  isClaimedOa: boolean;
  pageId: number | null;
}
export interface PageMember {
  userId: number;
  username: string;
  name: string;
  pageRole: PageRole;
  createdAt: string;
}
export interface PageRoleCandidate {
  userId: number;
  username: string;
  name: string;
  roles: string[];
}

/** Business pages: pages and settings, images, stores, page roles, and the operator's review queue. */
export function businessPagesApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  return {
    async getBusinessPages(): Promise<{ canCreate: boolean; pages: BusinessPage[] }> {
      return (await call<{ canCreate: boolean; pages: BusinessPage[] }>(Paths.pages)).data;
    },
    async createBusinessPage(body: PageCreateInput): Promise<BusinessPage> {
      return (await call<BusinessPage>(Paths.pages, { method: 'POST', body, showSuccess: true })).data;
    },
    async getBusinessPage(pageId: number): Promise<BusinessPage> {
      return (await call<BusinessPage>(Paths.page, { params: { pageId } })).data;
    },
    async saveBusinessPage(pageId: number, body: PageSettingsInput): Promise<BusinessPage> {
      return (await call<BusinessPage>(Paths.page, { method: 'PUT', params: { pageId }, body, showSuccess: true })).data;
    },
    async uploadBusinessPageImage(pageId: number, kind: PageImageKind, file: File): Promise<BusinessPage> {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await call<BusinessPage>(Paths.pageImage, { method: 'POST', params: { pageId, kind }, body: form, showSuccess: true })).data;
    },
    async submitBusinessPage(pageId: number): Promise<BusinessPage> {
      return (await call<BusinessPage>(Paths.submit, { method: 'POST', params: { pageId }, showSuccess: true })).data;
    },
    async getBusinessPageStores(pageId: number): Promise<PageStore[]> {
      return (await call<PageStore[]>(Paths.stores, { params: { pageId } })).data;
    },
    async attachBusinessPageStore(pageId: number, storeId: number): Promise<void> {
      await call(Paths.stores, { method: 'POST', params: { pageId }, body: { storeId }, showSuccess: true });
    },
    async detachBusinessPageStore(pageId: number, storeId: number): Promise<void> {
      await call(Paths.store, { method: 'DELETE', params: { pageId, storeId }, showSuccess: true });
    },
    async getBusinessPageMembers(pageId: number): Promise<PageMember[]> {
      return (await call<PageMember[]>(Paths.members, { params: { pageId } })).data;
    },
    async getBusinessPageRoleCandidates(pageId: number): Promise<PageRoleCandidate[]> {
      return (await call<PageRoleCandidate[]>(Paths.memberCandidates, { params: { pageId } })).data;
    },
    async grantBusinessPageRole(pageId: number, userId: number, pageRole: PageRole): Promise<PageMember[]> {
      return (await call<PageMember[]>(Paths.members, { method: 'POST', params: { pageId }, body: { userId, pageRole }, showSuccess: true })).data;
    },
    async revokeBusinessPageRole(pageId: number, userId: number): Promise<PageMember[]> {
      return (await call<PageMember[]>(Paths.member, { method: 'DELETE', params: { pageId, userId }, showSuccess: true })).data;
    },
    async getPageBadges(pageId: number): Promise<BadgeRule[]> {
      return (await call<BadgeRule[]>(Paths.badges, { params: { pageId } })).data;
    },
    async savePageBadge(pageId: number, body: BadgeRuleInput, badgeId?: number): Promise<BadgeRule> {
      const options = { body, showSuccess: true };
      return (
        badgeId === undefined
          ? await call<BadgeRule>(Paths.badges, { method: 'POST', params: { pageId }, ...options })
          : await call<BadgeRule>(Paths.badge, { method: 'PUT', params: { pageId, badgeId }, ...options })
      ).data;
    },
    async setPageBadgeActive(pageId: number, badgeId: number, active: boolean): Promise<BadgeRule> {
      return (await call<BadgeRule>(Paths.badgeStatus, { method: 'PUT', params: { pageId, badgeId }, body: { active }, showSuccess: true })).data;
    },
    async getPageReviewQueue(status: PageStatus): Promise<BusinessPage[]> {
      return (await call<BusinessPage[]>(Paths.opsReviews, { query: { status } })).data;
    },
    async reviewBusinessPage(pageId: number, action: 'approve' | 'reject' | 'suspend', reason?: string): Promise<BusinessPage> {
      const template = action === 'approve' ? Paths.opsReviewApprove : action === 'reject' ? Paths.opsReviewReject : Paths.opsReviewSuspend;
      return (await call<BusinessPage>(template, { method: 'POST', params: { pageId }, body: action === 'approve' ? undefined : { reason }, showSuccess: true })).data;
    },
  };
}

import { MarketingCampaignApiPaths as Paths, type Page } from '@/domain/api';
import type { Audience } from '@/domain/audience';
import type {
  BudgetKind,
  Campaign,
  CampaignInput,
  CampaignStatus,
  Cta,
  MerchantAction,
  Objective,
  TemplateInput,
} from '@/domain/marketingCampaigns';
import type { HttpClient } from '../httpClient';
import { apiCall, type ApiContext } from './context';

/** A page with its campaigns counted by status (server/routes/marketing-management). */
export interface MarketingPage {
  id: number;
  name: string;
  slug: string;
  status: string;
  campaigns: number;
  counts: Record<CampaignStatus, number>;
}

export interface CampaignDetail extends Campaign {
  actions: MerchantAction[];
  paymentLink: { id: number; code: string; title: string } | null;
  pageName: string;
}

export interface MarketingTemplate {
  id: number;
  pageId: number;
  name: string;
  text: string;
  imageName: string | null;
  imageUrl: string | null;
  cta: Cta;
  paymentLinkId: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryFigures {
  impressions: number;
  clicks: number;
  follows: number;
  payments: number;
  spend: number;
  costPerResult: number | null;
}
export interface CampaignDelivery {
  days: Array<DeliveryFigures & { day: string }>;
  totals: DeliveryFigures;
}

export interface CampaignEvent {
  id: number;
  action: string;
  actorKind: 'MERCHANT' | 'OPERATOR' | 'SYSTEM';
  actorName: string | null;
  fromStatus: CampaignStatus | null;
  toStatus: CampaignStatus;
  reason: string | null;
  at: string;
}

/** What a new campaign starts from (`from` = template:<id> | campaign:<id>). */
export interface CampaignSource {
  kind: 'template' | 'campaign';
  templateId: number | null;
  name: string;
  objective: Objective | null;
  audience: Audience | null;
  budgetKind: BudgetKind | null;
  budgetAmount: number | null;
  text: string;
  imageName: string | null;
  imageUrl: string | null;
  cta: Cta;
  paymentLinkId: number | null;
}

/** A campaign in the operator's review queue. */
export interface CampaignReview {
  id: number;
  merchantName: string;
  pageName: string;
  name: string;
  objective: Objective;
  audience: Audience;
  audienceSize: number;
  startsAt: string;
  endsAt: string;
  budgetKind: BudgetKind;
  budgetAmount: number;
  reserveAmount: number;
  status: CampaignStatus;
  rejectReason: string | null;
  text: string;
  imageUrl: string | null;
  cta: Cta;
  submittedAt: string | null;
  version: number;
}

/** Wire form of a campaign: the schema's input (money may still be a digit string). */
export type CampaignBody = Omit<CampaignInput, 'budgetAmount'> & { budgetAmount: number | string };

/** Marketing campaigns and templates of the merchant's pages, and the operator's review of campaigns. */
export function marketingCampaignsApi(http: HttpClient, ctx: ApiContext) {
  const call = apiCall(http, ctx);
  const quiet = { showError: false } as const;
  return {
    async getMarketingPages(): Promise<MarketingPage[]> {
      return (await call<MarketingPage[]>(Paths.pages, quiet)).data;
    },
    async getMarketingPage(pageId: number): Promise<{ id: number; name: string; slug: string; status: string; canManage: boolean }> {
      return (await call<{ id: number; name: string; slug: string; status: string; canManage: boolean }>(Paths.page, { params: { pageId }, ...quiet })).data;
    },
    async getMarketingCampaigns(pageId: number, query: { status?: CampaignStatus; pageNumber: number; pageSize: number }): Promise<Page<Campaign>> {
      const q: Record<string, string | number> = { pageNumber: query.pageNumber, pageSize: query.pageSize };
      if (query.status) q.status = query.status;
      return (await call<Page<Campaign>>(Paths.campaigns, { params: { pageId }, query: q, ...quiet })).data;
    },
    async createMarketingCampaign(pageId: number, body: CampaignBody): Promise<Campaign> {
      return (await call<Campaign>(Paths.campaigns, { method: 'POST', params: { pageId }, body, showSuccess: true })).data;
    },
    async getMarketingCampaign(pageId: number, campaignId: number): Promise<CampaignDetail> {
      return (await call<CampaignDetail>(Paths.campaign, { params: { pageId, campaignId }, ...quiet })).data;
    },
    async updateMarketingCampaign(pageId: number, campaignId: number, version: number, campaign: CampaignBody): Promise<CampaignDetail> {
      return (await call<CampaignDetail>(Paths.campaign, { method: 'PUT', params: { pageId, campaignId }, body: { version, campaign }, showSuccess: true })).data;
    },
    async moveMarketingCampaign(pageId: number, campaignId: number, action: MerchantAction, version: number): Promise<CampaignDetail> {
      return (await call<CampaignDetail>(Paths.campaignAction, { method: 'POST', params: { pageId, campaignId, action: action.toLowerCase() }, body: { version }, showSuccess: true })).data;
    },
    async getMarketingCampaignDelivery(pageId: number, campaignId: number): Promise<CampaignDelivery> {
      return (await call<CampaignDelivery>(Paths.campaignDelivery, { params: { pageId, campaignId }, ...quiet })).data;
    },
    async getMarketingCampaignEvents(pageId: number, campaignId: number): Promise<CampaignEvent[]> {
      return (await call<CampaignEvent[]>(Paths.campaignEvents, { params: { pageId, campaignId }, ...quiet })).data;
    },
    async getMarketingCampaignSource(pageId: number, from: string): Promise<CampaignSource> {
      return (await call<CampaignSource>(Paths.campaignSource, { params: { pageId }, query: { from }, ...quiet })).data;
    },
    async estimateMarketingAudience(pageId: number, audience: Audience): Promise<number> {
      return (await call<{ count: number }>(Paths.audienceEstimate, { method: 'POST', params: { pageId }, body: { audience }, ...quiet })).data.count;
    },
    async getMarketingAudienceOptions(pageId: number): Promise<{ tags: Array<{ id: number; name: string; color: string }>; provinces: string[] }> {
      return (await call<{ tags: Array<{ id: number; name: string; color: string }>; provinces: string[] }>(Paths.audienceOptions, { params: { pageId }, ...quiet })).data;
    },
    async getMarketingPaymentLinks(pageId: number): Promise<Array<{ id: number; code: string; title: string }>> {
      return (await call<Array<{ id: number; code: string; title: string }>>(Paths.paymentLinks, { params: { pageId }, ...quiet })).data;
    },
    async uploadMarketingImage(pageId: number, file: File): Promise<{ name: string; url: string }> {
      const form = new FormData();
      form.append('file', file);
      return (await call<{ name: string; url: string }>(Paths.media, { method: 'POST', params: { pageId }, body: form })).data;
    },
    async getMarketingTemplates(pageId: number): Promise<MarketingTemplate[]> {
      return (await call<MarketingTemplate[]>(Paths.templates, { params: { pageId }, ...quiet })).data;
    },
    async saveMarketingTemplate(pageId: number, body: TemplateInput, templateId?: number): Promise<MarketingTemplate> {
      return templateId === undefined
        ? (await call<MarketingTemplate>(Paths.templates, { method: 'POST', params: { pageId }, body, showSuccess: true })).data
        : (await call<MarketingTemplate>(Paths.template, { method: 'PUT', params: { pageId, templateId }, body, showSuccess: true })).data;
    },
    async duplicateMarketingTemplate(pageId: number, templateId: number): Promise<MarketingTemplate> {
      return (await call<MarketingTemplate>(Paths.templateDuplicate, { method: 'POST', params: { pageId, templateId }, showSuccess: true })).data;
    },
    async deleteMarketingTemplate(pageId: number, templateId: number): Promise<void> {
      await call(Paths.template, { method: 'DELETE', params: { pageId, templateId }, showSuccess: true });
    },
    async getMarketingCampaignReviewQueue(status: CampaignStatus): Promise<CampaignReview[]> {
      return (await call<CampaignReview[]>(Paths.opsCampaigns, { query: { status } })).data;
    },
    async reviewMarketingCampaign(campaignId: number, action: 'approve' | 'reject', reason?: string): Promise<{ id: number; status: CampaignStatus }> {
      const template = action === 'approve' ? Paths.opsCampaignApprove : Paths.opsCampaignReject;
      return (await call<{ id: number; status: CampaignStatus }>(template, { method: 'POST', params: { campaignId }, body: action === 'approve' ? undefined : { reason }, showSuccess: true })).data;
    },
  };
}

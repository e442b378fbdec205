/**
 * Page reports (spec §2 report-management/{id}/overview, /post, /customer-message, /reconciliation; route
 * code BUSINESS_PAGE_REPORT_MANAGEMENT): what the portal and the server share. Ranges are whole Vietnam
 * days (`fromDate`, `toDate`, at most MAX_RANGE_DAYS, as every report: src/domain/reportCenter.ts).
 */
import { z } from 'zod';

/** What the public page and the customer simulator record (page_activity_events.kind). */
export const PAGE_ACTIVITY_KINDS = ['PAGE_VIEW', 'POST_VIEW', 'LINK_CLICK', 'PAYMENT_LINK_CLICK', 'FOLLOW', 'UNFOLLOW', 'REACTION', 'COMMENT', 'REVIEW'] as const;
export type PageActivityKind = (typeof PAGE_ACTIVITY_KINDS)[number];

/** The four report tabs, in order (their spec §2 path segments). */
export const PAGE_REPORT_TABS = ['overview', 'post', 'customer-message', 'reconciliation'] as const;
export type PageReportTab = (typeof PAGE_REPORT_TABS)[number];

/** A payment counts for the page when its link was clicked on the page at most this many days before. */
export const ATTRIBUTION_WINDOW_DAYS = 7;

/** Post report order. */
export const POST_REPORT_SORT_FIELDS = ['publishedAt', 'reach', 'views', 'reactions', 'comments', 'clicks'] as const;
export type PostReportSortField = (typeof POST_REPORT_SORT_FIELDS)[number];

/** The public page's anonymous visitor id: random, kept in the browser, never personal data. */
export const visitorIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export const pageViewSchema = z.strictObject({
  visitorId: visitorIdSchema,
  /** Published posts shown with the page (at most one page of them). */
  postIds: z.array(z.number().int().positive()).max(20).default([]),
});
export type PageViewInput = z.input<typeof pageViewSchema>;

export const pageClickSchema = z.strictObject({
  visitorId: visitorIdSchema,
  postId: z.number().int().positive().optional(),
  /** The address the customer followed (a payment link of the page's merchant counts as a payment-link click). */
  href: z.string().min(1).max(2000),
});
export type PageClickInput = z.input<typeof pageClickSchema>;

export interface OverviewDay {
  day: string;
  followersGained: number;
  followersLost: number;
  pageViews: number;
  reach: number;
  engagements: number;
}

export interface OverviewTotals {
  followersGained: number;
  followersLost: number;
  netFollowers: number;
  /** Followers at the end of the range's last day. */
  followers: number;
  pageViews: number;
  postViews: number;
  /** Distinct viewers over the whole range (not the sum of the days). */
  reach: number;
  reactions: number;
  comments: number;
  reviews: number;
  clicks: number;
  /** Reactions + comments + reviews + clicks (link and payment-link). */
  engagements: number;
}

export interface PageOverview {
  fromDate: string;
  toDate: string;
  totals: OverviewTotals;
  days: OverviewDay[];
}

export interface PostReportRow {
  postId: number;
  excerpt: string;
  publishedAt: string | null;
  /** Distinct viewers of the post. */
  reach: number;
  views: number;
  reactions: number;
  comments: number;
  clicks: number;
}

/**
 * Customer messages of the page (live chat) per Vietnam day: conversations started that day and how many
 * of those are resolved now, customer messages in and staff messages out (private notes not counted), and
 * the median first response (first staff message after the customer's first one) of those conversations.
 */
export interface CustomerMessageDay {
  day: string;
  conversations: number;
  resolved: number;
  messagesIn: number;
  messagesOut: number;
  firstResponseMedianSeconds: number | null;
}

export interface CustomerMessageReport {
  /** Always true since live chat exists (kept: older clients read it before showing figures). */
  available: boolean;
  totals: {
    conversations: number;
    firstResponseMedianSeconds: number | null;
    resolved: number;
    resolutionRate: number | null;
    messagesIn: number;
    messagesOut: number;
  } | null;
  days: CustomerMessageDay[];
}

export interface ReconciliationLinkRow {
  paymentLinkId: number;
  code: string;
  title: string;
  clicks: number;
  payments: number;
  amount: number;
}

/**
 * A badge of the page and the payments its holders made at the merchant in the range, after they earned
 * it (a customer's payments are the merchant's successful, not fully refunded transactions from their
 * wallet phone). `holders`: customers holding the badge now.
 */
export interface ReconciliationBadgeRow {
  badgeId: number;
  name: string;
  holders: number;
  payments: number;
  amount: number;
}

export interface PageReconciliation {
  windowDays: number;
  totals: { clicks: number; payments: number; amount: number };
  links: ReconciliationLinkRow[];
  /** Payments by badge holders after their badge, per badge of the page (empty when it has none). */
  badges: ReconciliationBadgeRow[];
}

/** The payment-link code in an address of the payer page (/portal/pay/<code>), or null. */
export function paymentLinkCodeOf(href: string): string | null {
  const match = /\/portal\/pay\/([A-Za-z0-9_-]{4,64})(?:[/?#]|$)/.exec(href);
  return match ? match[1]! : null;
}

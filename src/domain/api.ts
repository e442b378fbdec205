/**
 * The merchant API contract shared by the portal and the server: envelope, statuses, headers, paths.
 * Paths are relative to the API base (`/api` by default) and follow spec §7 under the provider base paths.
 */

/** Every response body. `status` 0 is success. */
export interface Envelope<T = unknown> {
  status: number;
  message: string;
  data?: T;
}

/** Page-size options of every paged list (spec §9); 20 is the default. */
export const PAGE_SIZES = [10, 20, 50, 100];
export const DEFAULT_PAGE_SIZE = 20;

/** List data inside the envelope. `pageNumber` is 0-based. */
export interface Page<T> {
  content: T[];
  totalElements: number;
  pageNumber: number;
  pageSize: number;
}

/** Envelope status codes (business codes, not HTTP codes). */
export const ApiStatus = {
  OK: 0,
  FAILED: 1,
  VALIDATION: 2,
  NOT_FOUND: 4,
  FORBIDDEN: 3,
  CONFLICT: 9,
  TOO_MANY_REQUESTS: 29,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 10,
  ACCOUNT_LOCKED: 11,
  SECOND_FACTOR_REQUIRED: 21,
  /** Session expired or revoked: together with HTTP 401 the portal logs out on it (spec §4). */
  SESSION_EXPIRED: 1326,
  /** Token missing or malformed (never reported to the error webhooks, spec §8). */
  TOKEN_INVALID: 78,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ApiStatusCode = (typeof ApiStatus)[keyof typeof ApiStatus];

/** The two auth-failure signals that force a logout: HTTP 401, and envelope status SESSION_EXPIRED. */
export const AUTH_FAILURE_HTTP_STATUS = 401;
export const AUTH_FAILURE_ENVELOPE_STATUS = ApiStatus.SESSION_EXPIRED;

/** Request headers of spec §7. The merchant id header is a hint; the server checks membership. */
export const Headers = {
  requestId: 'X-Request-Id',
  methodOverride: 'X-HTTP-Method-Override',
  userName: 'X-User-Name',
  merchantId: 'X-Merchant-Id',
} as const;

/** Values of an API path template's `:name` segments. */
export type PathParams = Readonly<Record<string, string | number | null | undefined>>;

/**
 * The one path-filling helper: '/a/:merchantId/b/:id' + { merchantId: 7, id: 'x/y' } → '/a/7/b/x%2Fy'.
 * Every `:name` must be given (a missing one is a bug, not a request to send); values are URI-encoded.
 * Pure and shared: the server registers its routes with the same templates.
 */
export function fillPath(template: string, params: PathParams = {}): string {
  return template.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter ":${name}" in ${template}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Relative API paths (spec §7 under the provider base paths). `:merchantId`/`:id` are path params. */
export const ApiPaths = {
  login: '/authentication/v1/login',
  logout: '/authentication/v1/logout',
  me: '/profile/v1/me',
  meServices: '/profile/v1/me/services',
  merchants: '/profile/v2/merchants',
  merchant: '/profile/v2/merchants/:merchantId',
  merchantStores: '/profile/v2/merchants/:merchantId/stores',
  merchantStoresExport: '/profile/v2/merchants/:merchantId/stores/export',
  storeOptions: '/profile/v2/stores',
  roles: '/authorization/v2/users/roles',
  sidebars: '/authorization/v2/users/sidebars',
  health: '/health',
} as const;

export type KybStateCode = number;
export type MerchantType = 'SME' | 'BPU' | 'BUDDHIST_SANGHA' | 'TOP_BRAND' | 'P2M';
export type TodoAction =
  | 'SIGN_CONTRACT'
  | 'BIOMETRIC_AUTHENTICATION'
  | 'BIOMETRIC_AUTHENTICATION_REQUIRED'
  | 'SHOW_POPUP_NOTIFY_PAYOUT';

/** POST login body / answer. */
export interface LoginRequest {
  username: string;
  password: string;
}
export interface LoginResponse {
  token: string;
  username: string;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  /** INTERNAL_USER lands on /ops (the provider's operator area). */
  userType?: 'M4B_USER' | 'SYSTEM' | 'INTERNAL_USER';
}

/** GET me. */
export interface Me {
  id: number;
  username: string;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  userType: 'M4B_USER' | 'SYSTEM' | 'INTERNAL_USER';
  linkedSSO: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface Service {
  id: number | null;
  code: string;
  name: string;
  status: string | null;
}

/** Merchant as listed (LOGIN_MERCHANTS) and by id. */
export interface Merchant {
  id: number;
  partnerCode: string;
  name: string;
  brandName: string;
  type: MerchantType;
  stateCode: KybStateCode;
  relationshipRole: string | null;
  linkedWithMaster: boolean;
  internalGroup: { groupCode: string } | null;
  todoActions: TodoAction[];
  /** The caller's roles in this merchant. */
  roles: string[];
  accountPayout?: { period: string | null; wallet: string | null } | null;
}

export interface Store {
  id: number;
  storeId: string;
  storeName: string;
  isActive: boolean;
  isClaimedOa: boolean;
  storePhoneNumber: string | null;
  storeSlug: string;
  storeStateCode: number;
  officialAccountId: string | null;
  address: string;
}

/** A row of the store list (spec §3 "list adds rowIndex and name"). */
export interface StoreListItem extends Store {
  /** 1-based position in the whole filtered, sorted list (page 2 of 20 starts at 21). */
  rowIndex: number;
  /** The store's display name (its storeName), the `name` every list row carries. */
  name: string;
}

export interface StoreOption {
  id: number;
  storeName: string;
}

/** GET roles?merchantId=: the user session roles payload of spec §3. */
export interface RolesPayload {
  id: number;
  merchant: { id: number; roles: string[] };
  merchants: Array<Pick<Merchant, 'id' | 'name' | 'brandName' | 'type'>>;
  services: Service[];
  userProfile: { username: string; name: string; linkedSSO: boolean };
  /** Store ids the caller is limited to (store roles); null = all stores. */
  storeIds: number[] | null;
}

/** GET sidebars?merchantId=: entries carry a route code; groups carry children. */
export interface SidebarEntry {
  code: string;
  name: string;
  children?: SidebarEntry[];
}

/** The stores' all-in-one QR codes (server/routes/stores/qr.ts). */
export const StoreQrApiPaths = {
  check: '/profile/v2/merchants/:merchantId/check-auto-gen-qrcode-aio',
  trigger: '/profile/v2/merchants/:merchantId/trigger-auto-gen-qrcode-aio',
  storeQr: '/profile/v2/merchants/:merchantId/stores/:storeId/qrcode-aio',
  storeQrPng: '/profile/v2/merchants/:merchantId/stores/:storeId/qrcode-aio.png',
} as const;

export interface StoreQrStatus {
  totalStores: number;
  generatedStores: number;
  missingStores: number;
  autoGenerated: boolean;
  lastGeneratedAt: string | null;
  canGenerate: boolean;
}

export interface StoreQr {
  id: number;
  storeId: string;
  storeName: string;
  payload: string;
  bankBin: string;
  accountNumber: string;
  generatedAt: string;
}

/** Team (user management) paths: spec §7 users calls under /authorization/v2, plus invitations. */
export const UserApiPaths = {
  users: '/authorization/v2/merchants/:merchantId/users',
  user: '/authorization/v2/merchants/:merchantId/users/:userId',
  invite: '/authorization/v2/merchants/:merchantId/users/invitations',
  inviteHolder: '/authorization/v2/merchants/:merchantId/users/invitations/holder',
  myInvitations: '/authorization/v2/users/invitations',
  myInvitation: '/authorization/v2/users/invitations/:invitationId',
} as const;

/** Service management paths (spec §7 services calls under the /services base path). */
export const ServiceApiPaths = {
  list: '/services/:merchantId/services',
  one: '/services/:merchantId/services/:id',
  eligible: '/services/:merchantId/services/:id/eligible',
  landingPage: '/services/:code/landing-page',
  paylater: '/services/:merchantId/paylater',
} as const;

/** Paths under the merchant base path of spec §7 (/profile/v2/merchants). */
export const MerchantInfoApiPaths = {
  info: '/profile/v2/merchants/:merchantId/info',
  documents: '/profile/v2/merchants/:merchantId/documents',
  document: '/profile/v2/merchants/:merchantId/documents/:documentId',
  documentFile: '/profile/v2/merchants/:merchantId/documents/:documentId/file',
  categories: '/profile/v2/merchants/categories',
  validations: '/profile/v2/merchants/validations',
  register: '/profile/v2/merchants/register',
  linkedMerchants: '/profile/v2/merchants/linked-merchants',
} as const;

export const PayoutApiPaths = {
  periods: '/profile/v2/merchants/periods',
  payouts: '/profile/v2/merchants/:merchantId/payouts',
  validate: '/profile/v2/merchants/:merchantId/payouts/validate',
  update: '/profile/v2/merchants/:merchantId/payouts/update',
} as const;

/** Header a client sends with a create so a retry returns the first campaign instead of a second one. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Promotion campaigns of a merchant and their gifts (vouchers). */
export const PromotionApiPaths = {
  campaigns: '/promotion/v1/merchants/:merchantId/campaigns',
  campaign: '/promotion/v1/merchants/:merchantId/campaigns/:campaignId',
  gift: '/promotion/v1/merchants/:merchantId/campaigns/:campaignId/gifts/:giftId',
} as const;

/** Portal paths (signed-in, MERCHANT_PAYMENT_INTEGRATION) and the signed merchant API (spec §7 `/payment/v2`). */
export const PaymentIntegrationApiPaths = {
  overview: '/payment/v2/merchants/:merchantId/integration',
  credentials: '/payment/v2/merchants/:merchantId/credentials',
  rotate: '/payment/v2/merchants/:merchantId/credentials/:credentialId/rotate',
  revoke: '/payment/v2/merchants/:merchantId/credentials/:credentialId/revoke',
  webhook: '/payment/v2/merchants/:merchantId/webhooks/:environment',
  testEvent: '/payment/v2/merchants/:merchantId/webhooks/:environment/test',
  deliveries: '/payment/v2/merchants/:merchantId/webhook-deliveries',
  resend: '/payment/v2/merchants/:merchantId/webhook-deliveries/:deliveryId/resend',
  sellingPlans: '/selling-plan/v1/merchants/:merchantId/plans',
  // Signed merchant API (no session: X-Access-Key, X-Timestamp, X-Signature).
  openTransaction: '/payment/v2/open/transactions/:transactionId',
  openRefunds: '/payment/v2/open/transactions/:transactionId/refunds',
  openLinks: '/payment/v2/open/payment-links',
  openLink: '/payment/v2/open/payment-links/:code',
} as const;

/** Disbursement centre (spec §2 disbursement-center/disbursement-management; the spec names no path, so /disbursement/v1). */
export const DisbursementApiPaths = {
  account: '/disbursement/v1/merchants/:merchantId/account',
  ledger: '/disbursement/v1/merchants/:merchantId/ledger',
  topUpSources: '/disbursement/v1/merchants/:merchantId/top-up-sources',
  topUps: '/disbursement/v1/merchants/:merchantId/top-ups',
  rules: '/disbursement/v1/merchants/:merchantId/approval-rules',
  lookup: '/disbursement/v1/merchants/:merchantId/payee-lookup',
  orders: '/disbursement/v1/merchants/:merchantId/orders',
  order: '/disbursement/v1/merchants/:merchantId/orders/:orderId',
  approvalOtp: '/disbursement/v1/merchants/:merchantId/orders/:orderId/approval-otp',
  approve: '/disbursement/v1/merchants/:merchantId/orders/:orderId/approve',
  reject: '/disbursement/v1/merchants/:merchantId/orders/:orderId/reject',
  cancel: '/disbursement/v1/merchants/:merchantId/orders/:orderId/cancel',
  results: '/disbursement/v1/merchants/:merchantId/orders/:orderId/results',
  template: '/disbursement/v1/merchants/:merchantId/batch-template',
  uploads: '/disbursement/v1/merchants/:merchantId/batch-uploads',
  uploadErrors: '/disbursement/v1/merchants/:merchantId/batch-uploads/:uploadId/errors',
  uploadSubmit: '/disbursement/v1/merchants/:merchantId/batch-uploads/:uploadId/submit',
} as const;

/** One entry of a user's audit trail (who did what, when, from which address). */
export interface UserAuditEntry {
  id: number;
  action: string;
  actorUserId: number;
  actorUsername: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  createdAt: string;
}

/** A member (or invitee) of a merchant, as the user list and detail show it. `id` is the user id. */
export interface MerchantUser {
  id: number;
  username: string;
  fullname: string;
  email: string | null;
  phone: string | null;
  /** The primary (highest-ranked) role; `roles` holds them all. */
  role: string;
  roles: string[];
  storeList: number[];
  stores: Array<{ id: number; storeName: string }>;
  status: 'ACTIVE' | 'INACTIVE';
  invitationStatus: 'WAITING' | 'EXPIRED' | 'REJECT' | 'CANCEL' | 'ACCEPT';
  invitationExpiresAt: string | null;
  createdAt: string;
  /** Only on the detail. */
  audit?: UserAuditEntry[];
}

/** An invitation waiting for the signed-in user's answer. `id` is the invitation (membership) id. */
export interface MyInvitation {
  id: number;
  merchantId: number;
  merchantName: string;
  brandName: string;
  role: string;
  invitedBy: string | null;
  expiresAt: string | null;
  createdAt: string;
}

/** Paths under the provider's /contract/v1 base (spec §7). */
export const EContractApiPaths = {
  list: '/contract/v1/merchants/:merchantId/econtracts',
  pending: '/contract/v1/merchants/:merchantId/econtracts/pending',
  detail: '/contract/v1/merchants/:merchantId/econtracts/:contractId',
  document: '/contract/v1/merchants/:merchantId/econtracts/:contractId/document',
  otp: '/contract/v1/merchants/:merchantId/econtracts/:contractId/otp',
  sign: '/contract/v1/merchants/:merchantId/econtracts/:contractId/sign',
  /** Demo mode only: issue the merchant's seeded pending contract again, so the signing flow can be replayed. */
  demoReissue: '/contract/v1/merchants/:merchantId/econtracts/demo-reissue',
} as const;

/** Paths of the biometric check under /authentication/v2/merchants (spec §7). */
export const BiometricApiPaths = {
  state: '/authentication/v2/merchants/:merchantId/biometric',
  sessions: '/authentication/v2/merchants/:merchantId/biometric/sessions',
  session: '/authentication/v2/merchants/:merchantId/biometric/sessions/:sessionId',
  skip: '/authentication/v2/merchants/:merchantId/biometric/skip',
  /** Demo mode only: completes a session as if the wallet app had read the chip and matched the face. */
  demoComplete: '/authentication/v2/merchants/:merchantId/biometric/sessions/:sessionId/demo-complete',
  /** Demo mode only: puts the merchant's seeded biometric todo back, so the check can be replayed. */
  demoReset: '/authentication/v2/merchants/:merchantId/biometric/demo-reset',
} as const;

/** Paths of the transaction report (spec §2 report-center/transaction-report) under /transaction/v3. */
export const TransactionReportPaths = {
  list: '/transaction/v3/merchants/:merchantId/transaction-report',
  totals: '/transaction/v3/merchants/:merchantId/transaction-report/totals',
  exports: '/transaction/v3/merchants/:merchantId/transaction-report/exports',
  detail: '/transaction/v3/merchants/:merchantId/transaction-report/:id',
  tracing: '/transaction/v3/merchants/:merchantId/transaction-report/:id/tracing',
  refunds: '/transaction/v3/merchants/:merchantId/transaction-report/:id/refunds',
  views: '/profile/v2/merchants/:merchantId/report-view-settings',
  view: '/profile/v2/merchants/:merchantId/report-view-settings/:id',
  exportJobs: '/report-job/v1/merchants/:merchantId/exports',
  exportJob: '/report-job/v1/merchants/:merchantId/exports/:jobId',
  exportJobFile: '/report-job/v1/merchants/:merchantId/exports/:jobId/file',
} as const;

/** Paths of the report center: reports, dashboards, donations, scheduled report settings and their files. */
export const ReportCenterPaths = {
  report: '/transaction/v2/merchants/:merchantId/reports/:report',
  reportTotals: '/transaction/v2/merchants/:merchantId/reports/:report/totals',
  reportExport: '/transaction/v2/merchants/:merchantId/reports/:report/export',
  reportDetail: '/transaction/v2/merchants/:merchantId/reports/:report/:id',
  dashboard: '/transaction/v2/merchants/:merchantId/dashboard',
  donationDashboard: '/transaction/v3/donation-merchants/:merchantId/dashboard',
  donations: '/transaction/v3/donation-merchants/:merchantId/donations',
  donationTotals: '/transaction/v3/donation-merchants/:merchantId/donations/totals',
  donationExport: '/transaction/v3/donation-merchants/:merchantId/donations/export',
  reportSettings: '/report-job/v1/merchants/:merchantId/report-settings',
  reportSetting: '/report-job/v1/merchants/:merchantId/report-settings/:id',
  reportSettingRun: '/report-job/v1/merchants/:merchantId/report-settings/:id/run',
  reportFiles: '/report-job/v1/merchants/:merchantId/report-files',
  reportFileDownload: '/report-job/v1/merchants/:merchantId/report-files/:id/download',
} as const;

/** Settlement periods and monthly control under /accounting/v1/merchants (spec §7); the operator's under /ops. */
export const SettlementApiPaths = {
  periods: '/accounting/v1/merchants/:merchantId/periods',
  period: '/accounting/v1/merchants/:merchantId/periods/:id',
  periodTransactions: '/accounting/v1/merchants/:merchantId/periods/:id/transactions',
  periodConfirm: '/accounting/v1/merchants/:merchantId/periods/:id/confirm',
  periodDispute: '/accounting/v1/merchants/:merchantId/periods/:id/dispute',
  months: '/accounting/v1/merchants/:merchantId/months',
  month: '/accounting/v1/merchants/:merchantId/months/:id',
  monthStatement: '/accounting/v1/merchants/:merchantId/months/:id/statement',
  monthSignOff: '/accounting/v1/merchants/:merchantId/months/:id/sign-off',
  opsPeriods: '/ops/periods',
  opsSettle: '/ops/periods/:id/settle',
} as const;

/** Payment links (spec §7 /payment-link/v1/payment-links, exports under /report-job/v1) and the public payer page's calls. */
export const PaymentLinkApiPaths = {
  links: '/payment-link/v1/merchants/:merchantId/payment-links',
  totals: '/payment-link/v1/merchants/:merchantId/payment-links/totals',
  link: '/payment-link/v1/merchants/:merchantId/payment-links/:id',
  payments: '/payment-link/v1/merchants/:merchantId/payment-links/:id/payments',
  deactivate: '/payment-link/v1/merchants/:merchantId/payment-links/:id/deactivate',
  qrPng: '/payment-link/v1/merchants/:merchantId/payment-links/:id/qr.png',
  exports: '/report-job/v1/merchants/:merchantId/payment-links/exports',
  /** Public (no sign-in): the payer page's link and its demo payment. */
  payerLink: '/payment-link/v1/pay/:code',
  payerPayment: '/payment-link/v1/pay/:code/payments',
} as const;

/** Business page content (spec §2 content-management, §7 /user-generated-content/v1): posts, reviews, stories, images. */
export const ContentApiPaths = {
  pages: '/user-generated-content/v1/merchants/:merchantId/pages',
  posts: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/posts',
  post: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/posts/:postId',
  postVisibility: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/posts/:postId/visibility',
  postPin: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/posts/:postId/pin',
  postComments: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/posts/:postId/comments',
  commentVisibility: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/posts/:postId/comments/:commentId/visibility',
  commentReplies: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/posts/:postId/comments/:commentId/replies',
  media: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/media',
  reviews: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/reviews',
  reviewSummary: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/reviews/summary',
  reviewReply: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/reviews/:reviewId/reply',
  reviewReport: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/reviews/:reviewId/report',
  stories: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/stories',
  story: '/user-generated-content/v1/merchants/:merchantId/pages/:pageId/stories/:storyId',
  /** Public (no sign-in): an uploaded page image by its generated name. */
  mediaFile: '/user-generated-content/v1/media/:name',
  /** Operator (INTERNAL_USER): reviews merchants reported as abusive, across merchants, and the decision on one. */
  opsReportedReviews: '/ops/reported-reviews',
  opsReportedReviewDecision: '/ops/reported-reviews/:reviewId/decision',
} as const;

/** Transaction control (spec §2 transaction-control, MERCHANT_TRANSACTION_CONTROL) under spec §7's /accounting/v1/merchants. */
export const TransactionControlApiPaths = {
  template: '/accounting/v1/merchants/:merchantId/transaction-controls/template',
  runs: '/accounting/v1/merchants/:merchantId/transaction-controls',
  run: '/accounting/v1/merchants/:merchantId/transaction-controls/:id',
  rows: '/accounting/v1/merchants/:merchantId/transaction-controls/:id/rows',
  exports: '/accounting/v1/merchants/:merchantId/transaction-controls/:id/exports',
} as const;

/** Support tickets (spec §7 /ticket/v1/accountants/tickets, …/attachments, …/{id}/comments, /ratings, /closes) and the operator's side. */
export const TicketApiPaths = {
  tickets: '/ticket/v1/merchants/:merchantId/accountants/tickets',
  creators: '/ticket/v1/merchants/:merchantId/accountants/tickets/creators',
  attachments: '/ticket/v1/merchants/:merchantId/accountants/tickets/attachments',
  ticket: '/ticket/v1/merchants/:merchantId/accountants/tickets/:id',
  comments: '/ticket/v1/merchants/:merchantId/accountants/tickets/:id/comments',
  statuses: '/ticket/v1/merchants/:merchantId/accountants/tickets/:id/statuses',
  /** Close with a 1–5 rating and a comment (spec §7 /closes, /ratings). */
  closes: '/ticket/v1/merchants/:merchantId/accountants/tickets/:id/closes',
  reopens: '/ticket/v1/merchants/:merchantId/accountants/tickets/:id/reopens',
  attachmentFile: '/ticket/v1/merchants/:merchantId/accountants/tickets/:id/attachments/:attachmentId',
  opsTickets: '/ops/tickets',
  opsMerchants: '/ops/tickets/merchants',
  opsAttachments: '/ops/tickets/attachments',
  opsTicket: '/ops/tickets/:id',
  opsComments: '/ops/tickets/:id/comments',
  opsStatuses: '/ops/tickets/:id/statuses',
  opsAttachmentFile: '/ops/tickets/:id/attachments/:attachmentId',
} as const;

/** Help centre articles (MERCHANT_HELP_CENTER): the provider's content, under the ticket base path (no merchant). */
export const HelpCenterApiPaths = {
  categories: '/ticket/v1/help-center/categories',
  articles: '/ticket/v1/help-center/articles',
  article: '/ticket/v1/help-center/articles/:id',
} as const;

/** The public business page (/portal/p/<slug>, no sign-in) and, in demo mode only, the customer simulator's calls. */
export const PublicPageApiPaths = {
  page: '/public/pages/:slug',
  posts: '/public/pages/:slug/posts',
  comments: '/public/pages/:slug/posts/:postId/comments',
  reaction: '/public/pages/:slug/posts/:postId/reaction',
  stories: '/public/pages/:slug/stories',
  storyViews: '/public/pages/:slug/stories/:storyId/views',
  reviews: '/public/pages/:slug/reviews',
  myReview: '/public/pages/:slug/review',
  reviewPhotos: '/public/pages/:slug/review-photos',
  follow: '/public/pages/:slug/follow',
  /** Beacons of the page reports: a view (with the posts shown) and a followed link. */
  views: '/public/pages/:slug/views',
  clicks: '/public/pages/:slug/clicks',
  customerSessions: '/public/customer-sessions',
} as const;

/**
 * Page reports (spec §2 report-management/{id}/overview, /post, /customer-message, /reconciliation;
 * BUSINESS_PAGE_REPORT_MANAGEMENT; §7 /official-account/v2). Each report has a CSV export beside it.
 */
export const PageReportApiPaths = {
  pages: '/official-account/v2/merchants/:merchantId/report-pages',
  overview: '/official-account/v2/merchants/:merchantId/pages/:pageId/reports/overview',
  overviewExport: '/official-account/v2/merchants/:merchantId/pages/:pageId/reports/overview/export',
  posts: '/official-account/v2/merchants/:merchantId/pages/:pageId/reports/posts',
  postsExport: '/official-account/v2/merchants/:merchantId/pages/:pageId/reports/posts/export',
  customerMessages: '/official-account/v2/merchants/:merchantId/pages/:pageId/reports/customer-messages',
  customerMessagesExport: '/official-account/v2/merchants/:merchantId/pages/:pageId/reports/customer-messages/export',
  reconciliation: '/official-account/v2/merchants/:merchantId/pages/:pageId/reports/reconciliation',
  reconciliationExport: '/official-account/v2/merchants/:merchantId/pages/:pageId/reports/reconciliation/export',
} as const;

/**
 * Business pages / official accounts (spec §2 business-page, MERCHANT_BUSSINESS_PAGE_LIST; §7
 * /official-account/v1 for the pages and their settings, /businesspage/v2 for stores, v3 for page roles).
 */
export const BusinessPageApiPaths = {
  pages: '/official-account/v1/merchants/:merchantId/pages',
  page: '/official-account/v1/merchants/:merchantId/pages/:pageId',
  pageImage: '/official-account/v1/merchants/:merchantId/pages/:pageId/images/:kind',
  submit: '/official-account/v1/merchants/:merchantId/pages/:pageId/submit',
  /** Public (no sign-in): a page's avatar or cover by its generated name. */
  imageFile: '/official-account/v1/page-images/:name',
  stores: '/businesspage/v2/merchants/:merchantId/pages/:pageId/stores',
  store: '/businesspage/v2/merchants/:merchantId/pages/:pageId/stores/:storeId',
  members: '/businesspage/v3/merchants/:merchantId/pages/:pageId/members',
  member: '/businesspage/v3/merchants/:merchantId/pages/:pageId/members/:userId',
  memberCandidates: '/businesspage/v3/merchants/:merchantId/pages/:pageId/member-candidates',
  /** badge-gamification: the page's customer badge rules and who holds each. */
  badges: '/businesspage/v3/merchants/:merchantId/pages/:pageId/badges',
  badge: '/businesspage/v3/merchants/:merchantId/pages/:pageId/badges/:badgeId',
  badgeStatus: '/businesspage/v3/merchants/:merchantId/pages/:pageId/badges/:badgeId/status',
  badgeHolders: '/businesspage/v3/merchants/:merchantId/pages/:pageId/badges/:badgeId/holders',
  /** Operator (INTERNAL_USER) review queue. */
  opsReviews: '/ops/page-reviews',
  opsReviewApprove: '/ops/page-reviews/:pageId/approve',
  opsReviewReject: '/ops/page-reviews/:pageId/reject',
  opsReviewSuspend: '/ops/page-reviews/:pageId/suspend',
} as const;

/**
 * Live chat (issue 18; spec §2 messages-management, BUSINESS_PAGE_USER_CHAT_MANAGEMENT; §7 live-chat
 * manager under /businesspage and a websocket endpoint). Staff calls act on one page of the merchant;
 * the customer's calls are the public page's (demo customer session). The websocket opens with a chat
 * token from one of the two token calls, sent in its first frame (never in the URL).
 */
export const LiveChatApiPaths = {
  token: '/businesspage/v3/merchants/:merchantId/live-chat/token',
  pages: '/businesspage/v3/merchants/:merchantId/live-chat/pages',
  conversations: '/businesspage/v3/merchants/:merchantId/pages/:pageId/live-chat/conversations',
  conversation: '/businesspage/v3/merchants/:merchantId/pages/:pageId/live-chat/conversations/:conversationId',
  messages: '/businesspage/v3/merchants/:merchantId/pages/:pageId/live-chat/conversations/:conversationId/messages',
  assignee: '/businesspage/v3/merchants/:merchantId/pages/:pageId/live-chat/conversations/:conversationId/assignee',
  status: '/businesspage/v3/merchants/:merchantId/pages/:pageId/live-chat/conversations/:conversationId/status',
  read: '/businesspage/v3/merchants/:merchantId/pages/:pageId/live-chat/conversations/:conversationId/read',
  /** The customer beside the conversation: masked phone, follow, payments with this merchant. */
  profile: '/businesspage/v3/merchants/:merchantId/pages/:pageId/live-chat/conversations/:conversationId/profile',
  /** Multipart upload of one image (jpg, jpeg, png) or PDF, sent at once as an IMAGE or FILE message. */
  attachments: '/businesspage/v3/merchants/:merchantId/pages/:pageId/live-chat/conversations/:conversationId/attachments',
  /** Public by its random generated name (the customer's screen shows it without the staff token). */
  file: '/businesspage/v3/live-chat/files/:name',
  customerToken: '/public/pages/:slug/chat/token',
  customerMessages: '/public/pages/:slug/chat/messages',
  customerRead: '/public/pages/:slug/chat/read',
  /** The customer's picture or PDF, into their own conversation with the page (same rules as staff uploads). */
  customerAttachments: '/public/pages/:slug/chat/attachments',
  /** The merchant's payment links that can still be paid, to send as a card (search by title or code). */
  paymentLinks: '/businesspage/v3/merchants/:merchantId/pages/:pageId/live-chat/payment-links',
  ws: '/live-chat/ws',
} as const;

/** Customer care (issue 18, BUSINESS_PAGE_CUSTOMER_CARE): demographics and broadcasts of a page. */
export const CustomerCareApiPaths = {
  pages: '/businesspage/v3/merchants/:merchantId/customer-care/pages',
  demographics: '/businesspage/v3/merchants/:merchantId/pages/:pageId/customer-care/demographics',
  /** Streamed CSV or XLSX of the demographics (one row per dimension and value). */
  demographicsExport: '/businesspage/v3/merchants/:merchantId/pages/:pageId/customer-care/demographics/export',
  /** The page's tags, to build an audience (read only: tags are managed with the chat). */
  tags: '/businesspage/v3/merchants/:merchantId/pages/:pageId/customer-care/tags',
  /** The merchant's payment links that can still be paid, to attach as a card. */
  paymentLinks: '/businesspage/v3/merchants/:merchantId/pages/:pageId/customer-care/payment-links',
  broadcasts: '/businesspage/v3/merchants/:merchantId/pages/:pageId/broadcasts',
  audienceCount: '/businesspage/v3/merchants/:merchantId/pages/:pageId/broadcasts/audience-count',
  preview: '/businesspage/v3/merchants/:merchantId/pages/:pageId/broadcasts/preview',
  /** Multipart upload of one picture (jpg, jpeg, png; the chat's rules) for a broadcast. */
  images: '/businesspage/v3/merchants/:merchantId/pages/:pageId/broadcasts/images',
  broadcast: '/businesspage/v3/merchants/:merchantId/pages/:pageId/broadcasts/:broadcastId',
  recipients: '/businesspage/v3/merchants/:merchantId/pages/:pageId/broadcasts/:broadcastId/recipients',
  cancel: '/businesspage/v3/merchants/:merchantId/pages/:pageId/broadcasts/:broadcastId/cancel',
  /** The signed-in demo customer stops the page's broadcasts. */
  unsubscribe: '/public/pages/:slug/broadcasts/unsubscribe',
} as const;

/**
 * Message management (issue 18): tags and message configuration (BUSINESS_PAGE_USER_CHAT_MANAGEMENT,
 * messages-management {id}/tag-management, {id}/message-configuration), chat templates, chat and FAQ
 * channels (BUSINESS_PAGE_MESSAGE_MANAGEMENT), and the customer's quick menu on the public page.
 */
export const MessageManagementApiPaths = {
  pages: '/businesspage/v3/merchants/:merchantId/message-management/pages',
  /** What the caller may do on the page: read (any chat role) and configure (page admins). */
  access: '/businesspage/v3/merchants/:merchantId/pages/:pageId/message-management/access',
  tags: '/businesspage/v3/merchants/:merchantId/pages/:pageId/message-management/tags',
  tag: '/businesspage/v3/merchants/:merchantId/pages/:pageId/message-management/tags/:tagId',
  /** The tags of a conversation's customer: POST {tagId} puts one on, DELETE …/:tagId takes it off. */
  conversationTags: '/businesspage/v3/merchants/:merchantId/pages/:pageId/message-management/conversations/:conversationId/tags',
  conversationTag: '/businesspage/v3/merchants/:merchantId/pages/:pageId/message-management/conversations/:conversationId/tags/:tagId',
  configuration: '/businesspage/v3/merchants/:merchantId/pages/:pageId/message-management/configuration',
  chatChannel: '/businesspage/v3/merchants/:merchantId/pages/:pageId/message-management/chat-channel',
  templates: '/businesspage/v3/merchants/:merchantId/pages/:pageId/message-management/templates',
  template: '/businesspage/v3/merchants/:merchantId/pages/:pageId/message-management/templates/:templateId',
  faq: '/businesspage/v3/merchants/:merchantId/pages/:pageId/message-management/faq',
  faqEntry: '/businesspage/v3/merchants/:merchantId/pages/:pageId/message-management/faq/:faqId',
  quickMenu: '/businesspage/v3/merchants/:merchantId/pages/:pageId/message-management/quick-menu',
  /** Public: the quick menu and FAQ questions (GET); the signed-in demo customer picks one (POST). */
  chatMenu: '/public/pages/:slug/chat/menu',
} as const;

/**
 * Marketing campaigns (src/domain/marketingCampaigns.ts): paths below /api (spec §7 /businesspage/v3), all
 * scoped to the chosen merchant; operator paths under /ops.
 */
export const MarketingCampaignApiPaths = {
  /** The merchant's pages with their campaign counts by status. */
  pages: '/businesspage/v3/merchants/:merchantId/marketing/pages',
  page: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId',
  campaigns: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/campaigns',
  campaign: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/campaigns/:campaignId',
  campaignAction: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/campaigns/:campaignId/:action',
  campaignDelivery: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/campaigns/:campaignId/delivery',
  campaignEvents: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/campaigns/:campaignId/events',
  /** What the create screen starts from (`from` = template:<id> | campaign:<id>). */
  campaignSource: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/campaign-source',
  audienceEstimate: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/audience-estimate',
  /** The page's tags and the provinces wallet customers live in (the audience form's choices). */
  audienceOptions: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/audience-options',
  paymentLinks: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/payment-links',
  media: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/media',
  templates: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/templates',
  template: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/templates/:templateId',
  templateDuplicate: '/businesspage/v3/merchants/:merchantId/marketing/pages/:pageId/templates/:templateId/duplicate',
  /** Demo mode only (loopback): one delivery pass now (starts due campaigns, delivers, ends finished ones). */
  demoDeliveryPass: '/demo/marketing/delivery-pass',
  /** Operator (INTERNAL_USER): campaigns by status across merchants, and the review of one. */
  opsCampaigns: '/ops/marketing-campaigns',
  opsCampaignApprove: '/ops/marketing-campaigns/:campaignId/approve',
  opsCampaignReject: '/ops/marketing-campaigns/:campaignId/reject',
} as const;

/** The marketing budget (src/domain/marketingBudget.ts): paths below /api (spec §7 /businesspage/v3), all scoped to the chosen merchant. */
export const MarketingBudgetApiPaths = {
  /** Whether marketing is open (§4 ADS onboarded) and what the caller may do. */
  gate: '/businesspage/v3/merchants/:merchantId/marketing/gate',
  account: '/businesspage/v3/merchants/:merchantId/marketing/budget',
  topUps: '/businesspage/v3/merchants/:merchantId/marketing/budget/top-ups',
  threshold: '/businesspage/v3/merchants/:merchantId/marketing/budget/low-balance-threshold',
  spending: '/businesspage/v3/merchants/:merchantId/marketing/budget/spending',
  payments: '/businesspage/v3/merchants/:merchantId/marketing/payments',
  paymentsExport: '/businesspage/v3/merchants/:merchantId/marketing/payments/export',
  transactions: '/businesspage/v3/merchants/:merchantId/marketing/transactions',
  transactionsExport: '/businesspage/v3/merchants/:merchantId/marketing/transactions/export',
} as const;

/** The operator's review of service registrations (src/domain/serviceReviews.ts), INTERNAL_USER only. */
export const ServiceReviewApiPaths = {
  queue: '/ops/service-registrations',
  approve: '/ops/service-registrations/:registrationId/approve',
  reject: '/ops/service-registrations/:registrationId/reject',
} as const;

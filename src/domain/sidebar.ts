/**
 * Which sidebar entries (route codes of spec §2) each role gets. The server builds `GET /sidebars`
 * from this module, and the portal allows a route only when its code is in that list, so this table
 * is the one place page access is decided.
 */
import type { MerchantType } from './api';
import type { Role, RouteCode } from './roles';

/** Codes of sidebar groups that are not routes themselves (spec §2 has no code for them). */
export const SidebarGroupCodes = ['GROUP_RECONCILIATION'] as const;
export type SidebarGroupCode = (typeof SidebarGroupCodes)[number];
export type SidebarCode = RouteCode | SidebarGroupCode;

export interface SidebarNode {
  code: SidebarCode;
  children?: readonly SidebarNode[];
}

const leaf = (code: SidebarCode): SidebarNode => ({ code });
const group = (code: SidebarCode, children: SidebarCode[] | SidebarNode[]): SidebarNode => ({
  code,
  children: children.map((c) => (typeof c === 'string' ? leaf(c) : c)),
});

/**
 * The whole sidebar in product order. A group is shown when at least one child is; a group whose code
 * is a route code (e.g. MERCHANT_REPORTS_CENTER) is then also in the allowed list.
 */
export const SIDEBAR_TREE: readonly SidebarNode[] = [
  leaf('MERCHANT_DASHBOARD'),
  leaf('MERCHANT_DASHBOARD_DONATION'),
  group('MERCHANT_ACCOUNT_MANAGEMENT', [
    'MERCHANT_KYB',
    'MERCHANT_STORES_OFFLINE',
    'MERCHANT_USER_MANAGEMENT',
    'MERCHANT_SERVICE_INFORMATION',
    'MERCHANT_ECONTRACT',
  ]),
  group('MERCHANT_REPORTS_CENTER', [
    'MERCHANT_TRANS_REPORT',
    'MERCHANT_CARD_PAYMENT_REPORT',
    'MERCHANT_DISBURSEMENT_REPORT',
    'MERCHANT_NEWTON_REPORT',
    'MERCHANT_SETTLEMENT_REPORT',
    'MERCHANT_NONPAID_REPORT',
    'MERCHANT_REPORT_SETTING_LIST',
  ]),
  group('MERCHANT_PAYMENT_CENTER', [
    leaf('MERCHANT_PAYMENT_LINKS'),
    leaf('MERCHANT_PAYMENT_INTEGRATION'),
    // The only third level: spec §2's path is disbursement-center/disbursement-management.
    group('MERCHANT_DISBURSEMENT_CENTER', ['MERCHANT_DISBURSEMENT_MANAGEMENT']),
  ]),
  group('GROUP_RECONCILIATION', [
    'MERCHANT_RECONCILIATION_ACCOUNTING',
    'MERCHANT_REPORT_PAYOUT',
    'MERCHANT_TRANSACTION_CONTROL',
    'MERCHANT_PERIOD_CONTROL',
    'MERCHANT_MONTHLY_CONTROL',
    'MERCHANT_DONATION_TRANS_HISTORY',
  ]),
  group('MERCHANT_OA_MANAGER', [
    'MERCHANT_BUSSINESS_PAGE_LIST',
    'BUSINESS_PAGE_MARKETING_MANAGEMENT',
    'BUSINESS_PAGE_MESSAGE_MANAGEMENT',
    'BUSINESS_PAGE_CONTENT_MANAGEMENT',
    'BUSINESS_PAGE_REPORT_MANAGEMENT',
    'BUSINESS_PAGE_USER_CHAT_MANAGEMENT',
    'BUSINESS_PAGE_CUSTOMER_CARE',
  ]),
  leaf('MERCHANT_HELP_CENTER'),
];

const BUSINESS_PAGES: RouteCode[] = [
  'MERCHANT_BUSSINESS_PAGE_LIST',
  'BUSINESS_PAGE_MARKETING_MANAGEMENT',
  'BUSINESS_PAGE_MESSAGE_MANAGEMENT',
  'BUSINESS_PAGE_CONTENT_MANAGEMENT',
  'BUSINESS_PAGE_REPORT_MANAGEMENT',
  'BUSINESS_PAGE_USER_CHAT_MANAGEMENT',
  'BUSINESS_PAGE_CUSTOMER_CARE',
];

const MERCHANT_OWNER: RouteCode[] = [
  'MERCHANT_DASHBOARD',
  'MERCHANT_KYB',
  'MERCHANT_STORES_OFFLINE',
  'MERCHANT_USER_MANAGEMENT',
  'MERCHANT_SERVICE_INFORMATION',
  'MERCHANT_ECONTRACT',
  'MERCHANT_TRANS_REPORT',
  'MERCHANT_CARD_PAYMENT_REPORT',
  'MERCHANT_DISBURSEMENT_REPORT',
  'MERCHANT_NONPAID_REPORT',
  'MERCHANT_REPORT_SETTING_LIST',
  'MERCHANT_PAYMENT_LINKS',
  'MERCHANT_PAYMENT_INTEGRATION',
  'MERCHANT_DISBURSEMENT_MANAGEMENT',
  'MERCHANT_RECONCILIATION_ACCOUNTING',
  'MERCHANT_REPORT_PAYOUT',
  'MERCHANT_TRANSACTION_CONTROL',
  'MERCHANT_PERIOD_CONTROL',
  'MERCHANT_MONTHLY_CONTROL',
  ...BUSINESS_PAGES,
  'MERCHANT_HELP_CENTER',
];

/**
 * Leaf route codes per role; a user's codes are the union over their roles in the chosen merchant.
 * Keep docs/decisions-server.md (one line per role) in step with this table.
 */
export const ROLE_ROUTE_CODES: Readonly<Record<Role, readonly RouteCode[]>> = {
  MERCHANT_OWNER,
  // Spec §6: the service list is for MERCHANT_OWNER only.
  ADMINISTRATOR: MERCHANT_OWNER.filter((c) => c !== 'MERCHANT_SERVICE_INFORMATION'),
  MERCHANT_OWNER_DONATION: [
    'MERCHANT_DASHBOARD_DONATION',
    'MERCHANT_KYB',
    'MERCHANT_ECONTRACT',
    'MERCHANT_DONATION_TRANS_HISTORY',
    'MERCHANT_HELP_CENTER',
  ],
  MERCHANT_ACCOUNTANT: [
    'MERCHANT_DASHBOARD',
    'MERCHANT_TRANS_REPORT',
    'MERCHANT_CARD_PAYMENT_REPORT',
    'MERCHANT_DISBURSEMENT_REPORT',
    'MERCHANT_NONPAID_REPORT',
    'MERCHANT_REPORT_SETTING_LIST',
    'MERCHANT_PAYMENT_LINKS',
    'MERCHANT_RECONCILIATION_ACCOUNTING',
    'MERCHANT_REPORT_PAYOUT',
    'MERCHANT_TRANSACTION_CONTROL',
    'MERCHANT_PERIOD_CONTROL',
    'MERCHANT_MONTHLY_CONTROL',
    // Reads the marketing budget and its histories (issue 17); only owners, administrators and MARKETING manage.
    'BUSINESS_PAGE_MARKETING_MANAGEMENT',
    'MERCHANT_HELP_CENTER',
  ],
  SUB_ACCOUNTANT: [
    'MERCHANT_DASHBOARD',
    'MERCHANT_TRANS_REPORT',
    'MERCHANT_CARD_PAYMENT_REPORT',
    'MERCHANT_NONPAID_REPORT',
    'MERCHANT_RECONCILIATION_ACCOUNTING',
    'MERCHANT_TRANSACTION_CONTROL',
    'MERCHANT_HELP_CENTER',
  ],
  STORE_OWNER: [
    'MERCHANT_DASHBOARD',
    'MERCHANT_STORES_OFFLINE',
    'MERCHANT_TRANS_REPORT',
    'MERCHANT_PAYMENT_LINKS',
    // Tickets about their stores' transactions and their own (docs/decisions.md).
    'MERCHANT_RECONCILIATION_ACCOUNTING',
    'MERCHANT_TRANSACTION_CONTROL',
    'MERCHANT_HELP_CENTER',
  ],
  STORE_ACCOUNTANT: [
    'MERCHANT_DASHBOARD',
    'MERCHANT_STORES_OFFLINE',
    'MERCHANT_TRANS_REPORT',
    'MERCHANT_RECONCILIATION_ACCOUNTING',
    'MERCHANT_TRANSACTION_CONTROL',
    'MERCHANT_HELP_CENTER',
  ],
  STORE_CASHIER: ['MERCHANT_DASHBOARD', 'MERCHANT_TRANS_REPORT', 'MERCHANT_PAYMENT_LINKS'],
  BASIC_ACCOUNT: ['MERCHANT_DASHBOARD', 'MERCHANT_HELP_CENTER'],
  LEGAL: ['MERCHANT_DASHBOARD', 'MERCHANT_KYB', 'MERCHANT_ECONTRACT', 'MERCHANT_HELP_CENTER'],
  MARKETING: [
    'MERCHANT_DASHBOARD',
    'MERCHANT_BUSSINESS_PAGE_LIST',
    'BUSINESS_PAGE_MARKETING_MANAGEMENT',
    'BUSINESS_PAGE_CONTENT_MANAGEMENT',
    'BUSINESS_PAGE_REPORT_MANAGEMENT',
    'BUSINESS_PAGE_CUSTOMER_CARE',
    'MERCHANT_HELP_CENTER',
  ],
  USER_ROLE_MANAGER: ['MERCHANT_DASHBOARD', 'MERCHANT_USER_MANAGEMENT', 'MERCHANT_HELP_CENTER'],
  DEVELOPER: ['MERCHANT_DASHBOARD', 'MERCHANT_TRANS_REPORT', 'MERCHANT_PAYMENT_INTEGRATION', 'MERCHANT_HELP_CENTER'],
  CUSTOMER_SERVICE: [
    'MERCHANT_DASHBOARD',
    'MERCHANT_TRANS_REPORT',
    'MERCHANT_TRANSACTION_CONTROL',
    'MERCHANT_BUSSINESS_PAGE_LIST',
    'BUSINESS_PAGE_MESSAGE_MANAGEMENT',
    'BUSINESS_PAGE_USER_CHAT_MANAGEMENT',
    'BUSINESS_PAGE_CUSTOMER_CARE',
    'MERCHANT_HELP_CENTER',
  ],
  MIG_ACC1: ['MERCHANT_DASHBOARD', 'MERCHANT_TRANS_REPORT', 'MERCHANT_RECONCILIATION_ACCOUNTING', 'MERCHANT_TRANSACTION_CONTROL'],
  MIG_ACC2: ['MERCHANT_DASHBOARD', 'MERCHANT_TRANS_REPORT', 'MERCHANT_RECONCILIATION_ACCOUNTING', 'MERCHANT_TRANSACTION_CONTROL'],
  MIG_ACC3: ['MERCHANT_DASHBOARD', 'MERCHANT_TRANS_REPORT', 'MERCHANT_RECONCILIATION_ACCOUNTING'],
  MIG_DEV: ['MERCHANT_DASHBOARD', 'MERCHANT_PAYMENT_INTEGRATION'],
  // Report roles add one report to whatever the user's other roles give (spec §6).
  NEWTON_REPORT: ['MERCHANT_NEWTON_REPORT'],
  BAMBOO_REPORT: ['MERCHANT_SETTLEMENT_REPORT'],
};

function isGroupCode(code: SidebarCode): code is SidebarGroupCode {
  return (SidebarGroupCodes as readonly string[]).includes(code);
}

function isRole(value: string): value is Role {
  return Object.prototype.hasOwnProperty.call(ROLE_ROUTE_CODES, value);
}

function filterTree(nodes: readonly SidebarNode[], allowed: ReadonlySet<SidebarCode>): SidebarNode[] {
  const result: SidebarNode[] = [];
  for (const node of nodes) {
    if (!node.children) {
      if (allowed.has(node.code)) result.push({ code: node.code });
      continue;
    }
    const children = filterTree(node.children, allowed);
    if (children.length > 0) result.push({ code: node.code, children });
  }
  return result;
}

function leafCodesFor(roles: readonly string[], merchantType: MerchantType): Set<SidebarCode> {
  // Spec §4: the portal does not support P2M merchants, so they get no pages at all.
  if (merchantType === 'P2M') return new Set();
  const codes = new Set<SidebarCode>();
  for (const role of roles) {
    if (!isRole(role)) continue;
    for (const code of ROLE_ROUTE_CODES[role]) codes.add(code);
  }
  return codes;
}

/** The sidebar of a user with `roles` in a merchant of `merchantType`: the tree with only allowed entries. */
export function sidebarFor(roles: readonly string[], merchantType: MerchantType): SidebarNode[] {
  return filterTree(SIDEBAR_TREE, leafCodesFor(roles, merchantType));
}

/** Answers of routeCodesFor: a pure function of a few role combinations, asked on every API call. */
const routeCodesMemo = new Map<string, readonly RouteCode[]>();
const ROUTE_CODES_MEMO_MAX = 256;

/** Every route code such a user may open: the visible leaves and the route-code groups above them. */
export function routeCodesFor(roles: readonly string[], merchantType: MerchantType): readonly RouteCode[] {
  const key = `${merchantType}|${roles.join('|')}`;
  const known = routeCodesMemo.get(key);
  if (known) return known;
  const codes: RouteCode[] = [];
  const walk = (nodes: readonly SidebarNode[]) => {
    for (const node of nodes) {
      if (!isGroupCode(node.code)) codes.push(node.code);
      if (node.children) walk(node.children);
    }
  };
  walk(sidebarFor(roles, merchantType));
  // Roles come from the database, so the combinations are few; the bound is only a safety net.
  if (routeCodesMemo.size >= ROUTE_CODES_MEMO_MAX) routeCodesMemo.clear();
  routeCodesMemo.set(key, Object.freeze(codes));
  return codes;
}

import type { ResourceConfig } from './types';
import { welcome } from './welcome';
import { userInfo } from './user-info';
import { stores } from './stores';
import { merchantInfo } from './merchant-info';
import { users } from './users';
import { services, servicePaylater, serviceTemplates } from './services';
import { promotions, promotionGifts } from './promotions';
import { transactionReport } from './transaction-report';
import { transactionTracing } from './transaction-tracing';
import { cardPaymentReport } from './card-payment-report';
import { disbursementReport } from './disbursement-report';
import { disbursementManagement } from './disbursement-management';
import { financingReport } from './financing-report';
import { onetimeReport } from './onetime-report';
import { nonpaidReport } from './nonpaid-report';
import { reportCenter } from './report-center';
import { reportSettings } from './report-settings';
import { dashboard } from './dashboard';
import { donationHistory } from './donation-history';
import { econtracts } from './econtracts';
import { paymentLinks } from './payment-links';
import { paymentIntegration } from './payment-integration';
import { reconciliationAccounting } from './reconciliation-accounting';
import { helpCenter } from './help-center';
import { periodControl } from './period-control';
import { transactionControl } from './transaction-control';
import { monthlyControl } from './monthly-control';
import { payoutReport } from './payout-report';
import { contentResources } from './content-management';
import { businessPageResources } from './business-page';
import { reportManagementResources } from './report-management';
import { messagesResources } from './messages-management';
import { marketingManagementResources } from './marketing-management';
import { marketingBudgetResources } from './marketing-budget';
import { customerCareResources } from './customer-care';
import { messageManagementResources } from './message-management';

/**
 * The one list of resources. The router (/app routes), the sidebar's code→route table, canAccess and the
 * dataProvider are derived from it: a new resource is a new folder and one line here.
 *
 * Resources never import each other, and shared code never imports a resource folder directly, only
 * this list (lint enforces it). Views are React.lazy, so each resource is its own chunk.
 */
export const resources: readonly ResourceConfig[] = [
  welcome,
  userInfo,
  merchantInfo,
  stores,
  users,
  services,
  servicePaylater,
  serviceTemplates,
  promotions,
  promotionGifts,
  transactionReport,
  transactionTracing,
  cardPaymentReport,
  disbursementReport,
  disbursementManagement,
  financingReport,
  onetimeReport,
  nonpaidReport,
  reportSettings,
  reportCenter,
  dashboard,
  donationHistory,
  econtracts,
  paymentLinks,
  paymentIntegration,
  transactionControl,
  periodControl,
  monthlyControl,
  payoutReport,
  ...businessPageResources,
  ...contentResources,
  ...reportManagementResources,
  ...messagesResources,
  ...marketingManagementResources,
  // After the campaigns' marketing-management (which claims the sidebar entry of the shared route code).
  ...marketingBudgetResources,
  ...customerCareResources,
  ...messageManagementResources,
  reconciliationAccounting,
  helpCenter,
];

export type { ResourceConfig, ResourceEndpoints, ResourcePaths, ViewName } from './types';

import type { ResourceConfig } from './types';
import { welcome } from './welcome';
import { userInfo } from './user-info';
import { stores } from './stores';
import { merchantInfo } from './merchant-info';
import { users } from './users';
import { services, servicePaylater, serviceTemplates } from './services';
import { promotions, promotionGifts } from './promotions';
import { transactionReport, transactionTracing } from './reports/transactions';
import { cardPaymentReport } from './reports/card';
import { disbursementReport } from './reports/disbursement';
import { financingReport } from './reports/financing';
import { onetimeReport } from './reports/settlement';
import { nonpaidReport } from './reports/nonpaid';
import { reportSettings } from './report-settings';
import { dashboard } from './dashboard';
import { donationHistory } from './donation-history';
import { econtracts } from './econtracts';

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
  financingReport,
  onetimeReport,
  nonpaidReport,
  reportSettings,
  dashboard,
  donationHistory,
  econtracts,
];

export type { ResourceConfig } from './types';

export function findResource(name: string | undefined): ResourceConfig | undefined {
  return name ? resources.find((resource) => resource.name === name) : undefined;
}
export type { ResourceEndpoints, ResourcePaths, ViewName } from './types';
export { entryPath } from './types';

/** The /app URL a resource's entry opens (its list, else its page), e.g. appPathOf('user-info'). */
export function appPathOf(name: string): string | undefined {
  const resource = findResource(name);
  const path = resource && (resource.paths.list ?? resource.paths.page);
  return path ? `/app/${path}` : undefined;
}

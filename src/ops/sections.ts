import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** One section of the operator area: `/ops/<path>/*`, its tab label and its lazy screen. */
export interface OpsSection {
  path: string;
  labelKey: string;
  component: LazyExoticComponent<ComponentType>;
}

/**
 * The one list of operator sections (/portal/ops). A section is a folder `src/ops/<section>/` whose
 * default export handles its own sub-routes, plus one line here; the first is the landing section.
 */
export const OPS_SECTIONS: readonly OpsSection[] = [
  { path: 'tickets', labelKey: 'portal.ops.sections.tickets', component: lazy(() => import('./tickets/OpsTickets')) },
  { path: 'periods', labelKey: 'portal.ops.sections.periods', component: lazy(() => import('./periods/OpsPeriods')) },
  { path: 'page-reviews', labelKey: 'portal.ops.sections.page-reviews', component: lazy(() => import('./page-reviews/OpsPageReviews')) },
  { path: 'reported-reviews', labelKey: 'portal.ops.sections.reported-reviews', component: lazy(() => import('./reviews/OpsReportedReviews')) },
  { path: 'marketing-campaigns', labelKey: 'portal.ops.sections.marketing-campaigns', component: lazy(() => import('./marketing-campaigns/OpsMarketingCampaigns')) },
  { path: 'service-registrations', labelKey: 'portal.ops.sections.service-registrations', component: lazy(() => import('./service-registrations/OpsServiceRegistrations')) },
];

/**
 * Seeds of the later domains (reports, contracts, services, …). Each domain keeps its seed in its own
 * `seed-<area>.ts` and adds one line to DOMAIN_SEEDS; seedIfEmpty runs them in order inside its
 * transaction, after merchants, stores, users and services exist.
 */
import type { DomainSeed } from './seed-types';
import { seedServices } from './seed-services';
import { seedPayouts } from './seed-payouts';
import { seedReports } from './seed-reports';
import { seedReportCenter } from './seed-report-center';
import { seedContracts } from './seed-contracts';
import { seedMerchantProfile } from './seed-merchant-profile';
import { seedAuth } from './seed-auth';
import { seedContacts } from './seed-contacts';
import { seedPaymentLinks } from './seed-payment-links';
import { seedBusinessPages } from './seed-business-pages';
import { seedPageContent } from './seed-page-content';
import { seedPageActivity } from './seed-page-activity';
import { seedPageBadges } from './seed-page-badges';
import { seedLiveChat } from './seed-live-chat';
import { seedCustomerCare } from './seed-customer-care';
import { seedMessageSettings } from './seed-message-settings';
import { seedPaymentIntegration } from './seed-payment-integration';
import { seedDisbursementCenter } from './seed-disbursement-center';
import { seedSettlement } from './seed-settlement';
import { seedHelpCenter } from './seed-help-center';
import { seedMarketingBudget } from './seed-marketing-budget';

/** One line per domain, in dependency order. */
export const DOMAIN_SEEDS: DomainSeed[] = [
  seedServices,
  seedPayouts,
  seedReports,
  seedReportCenter,
  seedContracts,
  seedMerchantProfile,
  seedAuth,
  seedPaymentIntegration,
  seedContacts,
  seedDisbursementCenter,
  seedPaymentLinks,
  seedBusinessPages,
  // After the business pages seed: without pages it writes nothing.
  seedPageContent,
  // After the pages and content seeds: their follows, reactions, comments and reviews become events.
  seedPageActivity,
  // After the content seed: the page's reviewers earn the demo badges.
  seedPageBadges,
  // After the business pages seed: conversations of the SME page's followers.
  seedLiveChat,
  // After the business pages seed: demo broadcasts of the SME page (none sends during a demo or a test).
  seedCustomerCare,
  // After the business pages seed: templates, tags, FAQ and quick menu of the SME page (no automatic message on).
  seedMessageSettings,
  seedSettlement,
  seedHelpCenter,
  // Before any marketing campaigns seed: campaigns reserve from this balance.
  seedMarketingBudget,
];

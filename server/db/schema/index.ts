/**
 * The database schema, one file per domain. `core` holds the tables every domain references (users,
 * merchants, memberships, stores, services, …); each domain file imports only `./core`. drizzle-kit
 * and the Drizzle client read this index.
 */
export * from './core';
export * from './auth';
export * from './contracts';
export * from './merchant-profile';
export * from './payouts';
export * from './settlement';
export * from './report-center';
export * from './reports';
export * from './export-audit';
export * from './services';
export * from './installation';
export * from './sso';
export * from './contacts';
export * from './disbursement-center';
export * from './payment-integration';
export * from './payment-links';
export * from './tickets';
export * from './transaction-control';
export * from './business-pages';
export * from './customer-sessions';
export * from './page-content';
export * from './page-badges';
export * from './page-review-moderation';
export * from './page-activity';
export * from './notifications';
export * from './help-center';
export * from './live-chat';
export * from './page-tags';
export * from './marketing-budget';
export * from './customer-care';
export * from './marketing-campaigns';
export * from './message-settings';
export * from './blob-storage';

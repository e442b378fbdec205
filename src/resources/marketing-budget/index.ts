import { lazy } from 'react';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 marketing-budget, marketing-payment-history and marketing-transaction-history
 * (BUSINESS_PAGE_MARKETING_MANAGEMENT, issue 17): the merchant's marketing budget with top-ups, spending
 * and the low-balance alert, the payment history (top-ups, refunds of unspent budget) and the transaction
 * history (debits per campaign and day). Behind the ADS gate (src/features/marketing-gate). The campaigns'
 * marketing-management config comes first in the resource list, so it claims the sidebar entry.
 */
const routeCodes = ['BUSINESS_PAGE_MARKETING_MANAGEMENT'] as const;

export const marketingBudget: ResourceConfig = {
  name: 'marketing-budget',
  routeCodes,
  paths: { page: 'marketing-budget' },
  page: lazy(() => import('./BudgetPage')),
  icon: AccountBalanceWalletOutlined,
};

export const marketingPaymentHistory: ResourceConfig = {
  name: 'marketing-payment-history',
  routeCodes,
  paths: { page: 'marketing-payment-history' },
  page: lazy(() => import('./PaymentHistoryPage')),
  icon: AccountBalanceWalletOutlined,
};

export const marketingTransactionHistory: ResourceConfig = {
  name: 'marketing-transaction-history',
  routeCodes,
  paths: { page: 'marketing-transaction-history' },
  page: lazy(() => import('./TransactionHistoryPage')),
  icon: AccountBalanceWalletOutlined,
};

export const marketingBudgetResources: readonly ResourceConfig[] = [marketingBudget, marketingPaymentHistory, marketingTransactionHistory];

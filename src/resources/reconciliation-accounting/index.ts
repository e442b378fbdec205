import { lazy } from 'react';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 reconciliation-accounting, reconciliation-accounting/{id} (MERCHANT_RECONCILIATION_ACCOUNTING),
 * plus /create: the merchant's support tickets with the provider (named dataProvider methods, ticketsApi).
 */
export const reconciliationAccounting: ResourceConfig = {
  name: 'reconciliation-accounting',
  routeCodes: ['MERCHANT_RECONCILIATION_ACCOUNTING'],
  paths: { list: 'reconciliation-accounting', create: 'reconciliation-accounting/create', show: 'reconciliation-accounting/:id' },
  list: lazy(() => import('./TicketList')),
  create: lazy(() => import('./TicketCreate')),
  show: lazy(() => import('./TicketShow')),
  icon: SupportAgentOutlined,
  recordRepresentation: 'subject',
};

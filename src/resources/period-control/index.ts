import { lazy } from 'react';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 period-control (MERCHANT_PERIOD_CONTROL): settlement periods with their figures and payout,
 * the detail {id} with the period's transactions, confirm and dispute. Named API methods (settlementApi).
 */
export const periodControl: ResourceConfig = {
  name: 'period-control',
  routeCodes: ['MERCHANT_PERIOD_CONTROL'],
  paths: { list: 'period-control', show: 'period-control/:id' },
  list: lazy(() => import('./PeriodList')),
  show: lazy(() => import('./PeriodShow')),
  icon: EventAvailableOutlined,
};

import { lazy } from 'react';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import type { ResourceConfig } from '../types';

/** Spec §2 monthly-control (MERCHANT_MONTHLY_CONTROL): one row per month, its statement (PDF, XLSX) and sign-off. */
export const monthlyControl: ResourceConfig = {
  name: 'monthly-control',
  routeCodes: ['MERCHANT_MONTHLY_CONTROL'],
  paths: { list: 'monthly-control' },
  list: lazy(() => import('./MonthList')),
  icon: CalendarMonthOutlined,
};

import { lazy } from 'react';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import type { ResourceConfig } from '../types';

/**
 * Help centre (MERCHANT_HELP_CENTER; paths help-center and help-center/{id}, docs/decisions.md): search
 * and browse the provider's help articles; "contact support" opens a QUESTION ticket through the
 * reconciliation-accounting create page. Named API methods (helpCenterApi).
 */
export const helpCenter: ResourceConfig = {
  name: 'help-center',
  routeCodes: ['MERCHANT_HELP_CENTER'],
  paths: { list: 'help-center', show: 'help-center/:id' },
  list: lazy(() => import('./HelpCenterList')),
  show: lazy(() => import('./HelpArticleShow')),
  icon: HelpOutlineOutlined,
  recordRepresentation: 'title',
};

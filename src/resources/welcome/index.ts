import { lazy } from 'react';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import type { ResourceConfig } from '../types';

/** Spec §2: the welcome page, always available, first in the sidebar. */
export const welcome: ResourceConfig = {
  name: 'welcome',
  routeCodes: [],
  alwaysAllowed: true,
  paths: { page: 'welcome' },
  page: lazy(() => import('./WelcomePage')),
  icon: HomeOutlined,
};

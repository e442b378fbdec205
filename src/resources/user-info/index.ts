import { lazy } from 'react';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import type { ResourceConfig } from '../types';

/** Spec §2: the user's own account (GET /profile/v1/me), always available; reached from the user menu. */
export const userInfo: ResourceConfig = {
  name: 'user-info',
  routeCodes: [],
  alwaysAllowed: true,
  paths: { page: 'user-info' },
  page: lazy(() => import('./UserInfoPage')),
  icon: AccountCircleOutlined,
};

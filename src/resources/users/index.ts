import { lazy } from 'react';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import { UserApiPaths } from '@/domain/api';
import type { ResourceConfig } from '../types';

const userPath = UserApiPaths.user.replace(':userId', ':id');

/**
 * Spec §2 user management (route code MERCHANT_USER_MANAGEMENT): the chosen merchant's users and
 * invitees. Update and the state changes (remove, deactivate, reactivate, cancel invitation) all go
 * through POST …/users/:id with a reqType body (spec §7), so `update` is the one write endpoint.
 */
export const users: ResourceConfig = {
  name: 'users',
  routeCodes: ['MERCHANT_USER_MANAGEMENT'],
  paths: { list: 'user-management', create: 'user-management/create', edit: 'user-management/user/:id' },
  endpoints: {
    list: `GET ${UserApiPaths.users}`,
    sortable: true,
    getOne: `GET ${userPath}`,
    create: `POST ${UserApiPaths.users}`,
    update: `POST ${userPath}`,
  },
  list: lazy(() => import('./UserList')),
  create: lazy(() => import('./UserCreate')),
  edit: lazy(() => import('./UserEdit')),
  icon: GroupOutlined,
  recordRepresentation: 'username',
};

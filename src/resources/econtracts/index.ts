import { lazy } from 'react';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import { EContractApiPaths } from '@/domain/api';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 e-contract management (route code MERCHANT_ECONTRACT): the chosen merchant's contracts, and
 * one contract with its document, history, download and, for those who may sign, the sign action.
 */
export const econtracts: ResourceConfig = {
  name: 'econtracts',
  routeCodes: ['MERCHANT_ECONTRACT'],
  paths: { list: 'econtract-management', show: 'econtract-management/econtract/:id' },
  endpoints: {
    list: `GET ${EContractApiPaths.list}`,
    getOne: `GET ${EContractApiPaths.detail.replace(':contractId', ':id')}`,
  },
  list: lazy(() => import('./EContractList')),
  show: lazy(() => import('./EContractShow')),
  icon: HistoryEduOutlined,
  recordRepresentation: 'contractNo',
};

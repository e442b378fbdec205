import { lazy } from 'react';
import ScheduleSendOutlined from '@mui/icons-material/ScheduleSendOutlined';
import { ReportCenterPaths } from '@/domain/api';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 report-center/report-settings (optional type query), /create, /{id} (MERCHANT_REPORT_SETTING_LIST):
 * scheduled reports and the files they produced.
 */
export const reportSettings: ResourceConfig = {
  name: 'report-settings',
  routeCodes: ['MERCHANT_REPORT_SETTING_LIST'],
  paths: {
    list: 'report-center/report-settings',
    create: 'report-center/report-settings/create',
    edit: 'report-center/report-settings/:id',
  },
  endpoints: {
    list: `GET ${ReportCenterPaths.reportSettings}`,
    getOne: `GET ${ReportCenterPaths.reportSetting}`,
    create: `POST ${ReportCenterPaths.reportSettings}`,
    update: `PUT ${ReportCenterPaths.reportSetting}`,
    delete: `DELETE ${ReportCenterPaths.reportSetting}`,
  },
  list: lazy(() => import('./ReportSettingList')),
  create: lazy(() => import('./ReportSettingCreate')),
  edit: lazy(() => import('./ReportSettingEdit')),
  icon: ScheduleSendOutlined,
  recordRepresentation: 'name',
};

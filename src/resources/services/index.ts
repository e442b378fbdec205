import { lazy } from 'react';
import DesignServicesOutlined from '@mui/icons-material/DesignServicesOutlined';
import { ServiceApiPaths } from '@/domain/api';
import type { ResourceConfig } from '../types';

/**
 * Spec §2 service management (route code MERCHANT_SERVICE_INFORMATION, which only MERCHANT_OWNER gets,
 * §6): the catalogue with the merchant's registrations, one service, the later-payment page and the
 * service templates (landing pages by code). Three configs, one code: the first claims the sidebar entry.
 */
export const services: ResourceConfig = {
  name: 'services',
  routeCodes: ['MERCHANT_SERVICE_INFORMATION'],
  paths: { list: 'service-management', show: 'service-management/service/:id' },
  endpoints: { list: `GET ${ServiceApiPaths.list}`, getOne: `GET ${ServiceApiPaths.one}` },
  list: lazy(() => import('./ServiceList')),
  show: lazy(() => import('./ServiceShow')),
  icon: DesignServicesOutlined,
  recordRepresentation: 'name',
};

/** The later-payment (PAYLATER) service page. */
export const servicePaylater: ResourceConfig = {
  name: 'service-paylater',
  routeCodes: ['MERCHANT_SERVICE_INFORMATION'],
  paths: { page: 'service-management/PAYLATER' },
  page: lazy(() => import('./PaylaterPage')),
  icon: DesignServicesOutlined,
};

/** A service template: the landing page of a service code (template/{code}). */
export const serviceTemplates: ResourceConfig = {
  name: 'service-templates',
  routeCodes: ['MERCHANT_SERVICE_INFORMATION'],
  paths: { page: 'service-management/template/:id' },
  page: lazy(() => import('./ServiceTemplatePage')),
  icon: DesignServicesOutlined,
};

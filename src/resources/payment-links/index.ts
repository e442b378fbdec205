import { lazy } from 'react';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { PaymentLinkApiPaths as Paths } from '@/domain/api';
import type { ResourceConfig } from '../types';

/** Spec §2 payment-links, payment-links/create (MERCHANT_PAYMENT_LINKS): list, creation, detail. */
export const paymentLinks: ResourceConfig = {
  name: 'payment-links',
  routeCodes: ['MERCHANT_PAYMENT_LINKS'],
  paths: { list: 'payment-links', create: 'payment-links/create', show: 'payment-links/:id' },
  endpoints: {
    list: `GET ${Paths.links}`,
    totals: `GET ${Paths.totals}`,
    export: `POST ${Paths.exports}`,
    getOne: `GET ${Paths.link}`,
  },
  list: lazy(() => import('./PaymentLinkList')),
  create: lazy(() => import('./PaymentLinkCreate')),
  show: lazy(() => import('./PaymentLinkShow')),
  icon: LinkOutlined,
  recordRepresentation: 'title',
};

/**
 * The provider's operator API (/api/ops/...), for users of type INTERNAL_USER only. Each section is a
 * folder `server/routes/ops/<section>/index.ts` exporting a plugin, listed once in OPS_SECTIONS; all of
 * them are registered behind requireInternalUser (paths under /api/ops only), so no section can forget it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OPS_API_PREFIX } from '../../plugins/auth';
import { requireInternalUser } from './guard';
import { opsTicketsRoutes } from './tickets';
import { opsPeriodsRoutes } from './periods';
import { opsPageReviewsRoutes } from './page-reviews';
import { opsReportedReviewsRoutes } from './reviews';
import { opsMarketingCampaignsRoutes } from './marketing-campaigns';
import { opsServiceRegistrationsRoutes } from './service-registrations';

const OPS_SECTIONS: FastifyPluginAsyncZod[] = [opsTicketsRoutes, opsPeriodsRoutes, opsPageReviewsRoutes, opsReportedReviewsRoutes, opsMarketingCampaignsRoutes, opsServiceRegistrationsRoutes];

export const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (ops) => {
    ops.addHook('onRoute', (route) => {
      // Sections spell their full paths (TicketApiPaths.opsTickets = '/ops/tickets'): nothing else belongs here.
      if (!route.url.startsWith(OPS_API_PREFIX)) throw new Error(`operator route outside ${OPS_API_PREFIX}: ${route.url}`);
    });
    ops.addHook('onRequest', requireInternalUser);
    for (const section of OPS_SECTIONS) await ops.register(section);
  });
};

/**
 * What the caller may do in a merchant: the roles payload of spec §3 and the sidebar (route codes)
 * built from src/domain/sidebar.ts, with names in the caller's language.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiPaths, type MerchantType, type SidebarEntry } from '@/domain/api';
import { sidebarFor, type SidebarNode } from '@/domain/sidebar';
import { membershipsRepository } from '../../db/repositories/memberships';
import { envelopeSchema, ok } from '../../envelope';
import { translate, type Lang } from '../../i18n';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam } from '../../validation';
import { meRepository } from '../me/repository';
import { serviceSchema } from '../me';

const merchantQuery = apiQuery({ merchantId: idParam });

const rolesSchema = z.object({
  id: z.number().int(),
  merchant: z.object({ id: z.number().int(), roles: z.array(z.string()) }),
  merchants: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      brandName: z.string(),
      type: z.enum(['SME', 'BPU', 'BUDDHIST_SANGHA', 'TOP_BRAND', 'P2M']),
    }),
  ),
  services: z.array(serviceSchema),
  userProfile: z.object({ username: z.string(), name: z.string(), linkedSSO: z.boolean() }),
  storeIds: z.array(z.number().int()).nullable().meta({ description: 'Stores the caller is limited to; null = all' }),
});

type SidebarEntrySchema = z.ZodType<SidebarEntry>;
const sidebarEntrySchema: SidebarEntrySchema = z.lazy(() =>
  z.object({ code: z.string(), name: z.string(), children: z.array(sidebarEntrySchema).optional() }),
);

function named(nodes: readonly SidebarNode[], lang: Lang): SidebarEntry[] {
  return nodes.map((node) => ({
    code: node.code,
    name: translate(lang, `sidebar.${node.code}`),
    ...(node.children ? { children: named(node.children, lang) } : {}),
  }));
}

export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  const memberships = membershipsRepository(app.database.db);
  const me = meRepository(app.database.db);

  app.get(
    ApiPaths.roles,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['access'],
        summary: 'The caller’s roles in a merchant, their merchants, services and profile',
        querystring: merchantQuery,
        response: { 200: envelopeSchema(rolesSchema) },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const { merchant, roles, storeIds } = membershipOf(request);
      const [user, merchants, services] = await Promise.all([
        me.findUser(userId),
        memberships.listForUser(userId),
        // Spec §6: the service list is loaded only for MERCHANT_OWNER.
        roles.includes('MERCHANT_OWNER') ? me.services(merchant.id) : Promise.resolve([]),
      ]);
      return ok(request, {
        id: userId,
        merchant: { id: merchant.id, roles },
        merchants,
        services: services.map((s) => ({ ...s, name: translate(request.lang, `services.${s.code}`) })),
        userProfile: { username: user?.username ?? '', name: user?.name ?? '', linkedSSO: user?.linkedSSO ?? false },
        storeIds,
      });
    },
  );

  app.get(
    ApiPaths.sidebars,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['access'],
        summary: 'Sidebar entries (route codes) the caller may open in a merchant, names in the caller’s language',
        querystring: merchantQuery,
        response: { 200: envelopeSchema(z.array(sidebarEntrySchema)) },
      },
    },
    async (request) => {
      const { merchant, roles } = membershipOf(request);
      return ok(request, named(sidebarFor(roles, merchant.type as MerchantType), request.lang));
    },
  );
};

/** The caller's own account and the service catalogue with a merchant's registrations. */
import { and, asc, eq } from 'drizzle-orm';
import type { Me, Service } from '@/domain/api';
import type { Db } from '../../db/client';
import { merchantServices, services, users } from '../../db/schema';

export function meRepository(db: Db) {
  return {
    async findUser(userId: number): Promise<Me | null> {
      const [u] = await db.select().from(users).where(eq(users.id, userId));
      if (!u) return null;
      return {
        id: u.id,
        username: u.username,
        name: u.name,
        email: u.email,
        phoneNumber: u.phone,
        userType: u.userType as Me['userType'],
        linkedSSO: u.linkedSso,
        twoFactorEnabled: u.twoFactorEnabled,
        createdAt: u.createdAt.toISOString(),
        lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
      };
    },

    /**
     * Every catalogue service; `id` and `status` are the merchant's registration, null when it has
     * none (spec §4: a service with no id and no status can be registered). `name` is filled by the caller.
     */
    async services(merchantId: number | null): Promise<Array<Omit<Service, 'name'>>> {
      if (merchantId === null) {
        const rows = await db.select({ code: services.code }).from(services).orderBy(asc(services.sortOrder));
        return rows.map((r) => ({ id: null, code: r.code, status: null }));
      }
      const rows = await db
        .select({ code: services.code, id: merchantServices.id, status: merchantServices.status })
        .from(services)
        .leftJoin(
          merchantServices,
          and(eq(merchantServices.serviceId, services.id), eq(merchantServices.merchantId, merchantId)),
        )
        .orderBy(asc(services.sortOrder));
      return rows.map((r) => ({ id: r.id, code: r.code, status: r.status }));
    },
  };
}

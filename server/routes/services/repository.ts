/**
 * The service catalogue joined with one merchant's registrations. Every query takes the merchant id
 * first; the catalogue is small, but the list still pages and filters in SQL like every other list.
 */
import { and, asc, count, eq, ilike, inArray, isNull, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Lang } from '../../i18n';
import type { Db } from '../../db/client';
import { merchantServices, serviceDetails, services } from '../../db/schema';
import { offsetOf, type PageRequest } from '../../pagination';
import type { CatalogueStatus, LandingPage, MerchantService, PaylaterTerms, RegistrationStatus } from '@/domain/services';

/** A list row before the eligibility rules run: the portal's MerchantService without them. */
export type ServiceRow = Omit<MerchantService, 'eligibleToSubscribe' | 'reasons'>;

export interface ServiceFilter {
  keyword?: string;
  activationStatuses?: RegistrationStatus[];
  status?: CatalogueStatus;
  /**
   * eligibleToSubscribe: with no registration (every registration has an id and a status, so this is
   * exactly the §4 flags), offered (catalogue ACTIVE), and not refused for this merchant by code.
   */
  eligible?: { value: boolean; blockedCodes: string[] };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function servicesRepository(db: Db) {
  const registration = (merchantId: number) =>
    and(eq(merchantServices.serviceId, services.id), eq(merchantServices.merchantId, merchantId));

  const columns = (lang: Lang) => ({
    id: services.id,
    code: services.code,
    name: lang === 'en' ? serviceDetails.nameEn : serviceDetails.nameVi,
    summary: lang === 'en' ? serviceDetails.summaryEn : serviceDetails.summaryVi,
    catalogueStatus: sql<CatalogueStatus>`coalesce(${serviceDetails.status}, 'ACTIVE')`,
    registrationId: merchantServices.id,
    status: merchantServices.status,
    registeredAt: merchantServices.createdAt,
  });

  const toRow = (r: {
    id: number;
    code: string;
    name: string | null;
    summary: string | null;
    catalogueStatus: CatalogueStatus;
    registrationId: number | null;
    status: string | null;
    registeredAt: Date | null;
  }): ServiceRow => ({
    id: r.id,
    code: r.code,
    name: r.name ?? r.code,
    summary: r.summary ?? '',
    catalogueStatus: r.catalogueStatus,
    registrationId: r.registrationId,
    status: r.status as RegistrationStatus | null,
    registeredAt: r.registeredAt?.toISOString() ?? null,
  });

  function whereOf(filter: ServiceFilter, lang: Lang): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword)}%`;
      conditions.push(or(ilike(services.code, pattern), ilike(lang === 'en' ? serviceDetails.nameEn : serviceDetails.nameVi, pattern)));
    }
    if (filter.activationStatuses?.length) conditions.push(inArray(merchantServices.status, filter.activationStatuses));
    if (filter.status) conditions.push(sql`coalesce(${serviceDetails.status}, 'ACTIVE') = ${filter.status}`);
    if (filter.eligible) {
      const { value, blockedCodes } = filter.eligible;
      const eligible = and(
        isNull(merchantServices.id),
        sql`coalesce(${serviceDetails.status}, 'ACTIVE') = 'ACTIVE'`,
        blockedCodes.length ? notInArray(services.code, blockedCodes) : undefined,
      )!;
      conditions.push(value ? eligible : not(eligible));
    }
    return conditions.length ? and(...conditions) : undefined;
  }

  return {
    async page(merchantId: number, filter: ServiceFilter, lang: Lang, page: PageRequest): Promise<{ rows: ServiceRow[]; total: number }> {
      const where = whereOf(filter, lang);
      const base = () =>
        db
          .select(columns(lang))
          .from(services)
          .leftJoin(serviceDetails, eq(serviceDetails.serviceId, services.id))
          .leftJoin(merchantServices, registration(merchantId));
      const [rows, [{ total }]] = await Promise.all([
        base().where(where).orderBy(asc(services.sortOrder), asc(services.id)).limit(page.pageSize).offset(offsetOf(page)),
        db
          .select({ total: count() })
          .from(services)
          .leftJoin(serviceDetails, eq(serviceDetails.serviceId, services.id))
          .leftJoin(merchantServices, registration(merchantId))
          .where(where),
      ]);
      return { rows: rows.map(toRow), total };
    },

    async codes(): Promise<string[]> {
      return (await db.select({ code: services.code }).from(services)).map((r) => r.code);
    },

    async find(merchantId: number, serviceId: number, lang: Lang): Promise<ServiceRow | null> {
      const [row] = await db
        .select(columns(lang))
        .from(services)
        .leftJoin(serviceDetails, eq(serviceDetails.serviceId, services.id))
        .leftJoin(merchantServices, registration(merchantId))
        .where(eq(services.id, serviceId));
      return row ? toRow(row) : null;
    },

    async findByCode(merchantId: number, code: string, lang: Lang): Promise<ServiceRow | null> {
      const [row] = await db
        .select(columns(lang))
        .from(services)
        .leftJoin(serviceDetails, eq(serviceDetails.serviceId, services.id))
        .leftJoin(merchantServices, registration(merchantId))
        .where(eq(services.code, code));
      return row ? toRow(row) : null;
    },

    async landing(code: string, lang: Lang): Promise<LandingPage | null> {
      const [row] = await db
        .select({ code: services.code, details: serviceDetails })
        .from(services)
        .leftJoin(serviceDetails, eq(serviceDetails.serviceId, services.id))
        .where(eq(services.code, code));
      if (!row) return null;
      const d = row.details;
      const content = ((d?.landing as Record<string, Partial<LandingPage>> | undefined)?.[lang] ?? {}) as Partial<LandingPage>;
      const name = (lang === 'en' ? d?.nameEn : d?.nameVi) ?? row.code;
      return {
        code: row.code,
        name,
        title: content.title ?? name,
        summary: (lang === 'en' ? d?.summaryEn : d?.summaryVi) ?? '',
        benefits: content.benefits ?? [],
        steps: content.steps ?? [],
      };
    },

    async terms(code: string): Promise<PaylaterTerms | null> {
      const [row] = await db
        .select({ terms: serviceDetails.terms })
        .from(services)
        .innerJoin(serviceDetails, eq(serviceDetails.serviceId, services.id))
        .where(eq(services.code, code));
      return (row?.terms as PaylaterTerms | undefined) ?? null;
    },

    /**
     * Registers the service; false when a registration already exists (a concurrent click, a retry):
     * the unique (merchant, service) index decides, so two requests can never both register.
     */
    async register(merchantId: number, serviceId: number, status: RegistrationStatus, userId: number): Promise<boolean> {
      const inserted = await db
        .insert(merchantServices)
        .values({ merchantId, serviceId, status, registeredBy: userId })
        .onConflictDoNothing({ target: [merchantServices.merchantId, merchantServices.serviceId] })
        .returning({ id: merchantServices.id });
      return inserted.length > 0;
    },
  };
}

/**
 * Seeds of the later domains (reports, contracts, services, …). Each domain keeps its seed in its own
 * `seed-<area>.ts` and adds one line to DOMAIN_SEEDS; seedIfEmpty runs them in order inside its
 * transaction, after merchants, stores, users and services exist.
 */
import type { Faker } from '@faker-js/faker';
import type { SeedSize } from '../config';
import type { Db } from './client';
import { seedServices } from './seed-services';
import { seedPayouts } from './seed-payouts';
import { seedReports } from './seed-reports';
import { seedReportCenter } from './seed-report-center';
import { seedContracts } from './seed-contracts';
import { seedMerchantProfile } from './seed-merchant-profile';
import { seedAuth } from './seed-auth';

/** The transaction handle Drizzle gives inside db.transaction (same query API as Db). */
export type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SeedContext {
  size: SeedSize;
  /** A seeded faker (vi, en): same data on every fresh database. */
  faker: Faker;
  /** The fixed date the foundation data is relative to (deterministic). */
  referenceDate: Date;
  /** Database ids by natural key. */
  merchantIds: number[];
  userIdByUsername: ReadonlyMap<string, number>;
  /** Store database id by store code (e.g. CH00010001). */
  storeIdByCode: ReadonlyMap<string, number>;
  /** The argon2 hash of the demo password, for domains that create sign-in accounts. */
  demoPasswordHash: string;
}

export type DomainSeed = (tx: SeedTx, ctx: SeedContext) => Promise<void>;

/** One line per domain, in dependency order. */
export const DOMAIN_SEEDS: DomainSeed[] = [
  seedServices,
  seedPayouts,
  seedReports,
  seedReportCenter,
  seedContracts,
  seedMerchantProfile,
  seedAuth,
];

/**
 * The types every domain seed shares (kept apart from seed-domains.ts, which imports the seeds, so a
 * seed never imports the list that holds it).
 */
import type { Faker } from '@faker-js/faker';
import type { SeedSize } from '../config';
import type { Db } from './client';

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

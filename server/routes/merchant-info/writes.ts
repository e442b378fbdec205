/**
 * What every merchant-info write shares: the caller, the refusal, the merchant-row lock, the event log,
 * and the profile checks an edit and a registration both make.
 */
import { and, eq } from 'drizzle-orm';
import type { CategoryType, MerchantEditInput } from '@/domain/merchantInfo';
import type { Db } from '../../db/client';
import { merchantCategories, merchantProfileEvents, merchants } from '../../db/schema';
import type { MerchantRecord } from '../../db/repositories/memberships';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export class ConflictError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

export interface Actor {
  userId: number;
  ip: string | null;
}

/** Locks the merchant row for the rest of the transaction: one merchant's writes never interleave. */
export async function lockMerchant(tx: Tx, merchantId: number): Promise<MerchantRecord> {
  const [row] = await tx.select().from(merchants).where(eq(merchants.id, merchantId)).for('update');
  if (!row) throw new ConflictError('messages.notFound');
  return row;
}

export async function event(
  tx: Tx,
  merchantId: number,
  actor: Actor,
  action: string,
  details: Record<string, unknown>,
  stateFrom: number | null = null,
  stateTo: number | null = null,
) {
  await tx.insert(merchantProfileEvents).values({ merchantId, actorUserId: actor.userId, action, details, stateFrom, stateTo, ip: actor.ip });
}

async function categoryExists(tx: Tx, type: CategoryType, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: merchantCategories.id })
    .from(merchantCategories)
    .where(and(eq(merchantCategories.type, type), eq(merchantCategories.code, code)));
  return !!row;
}

export async function checkCategories(tx: Tx, input: Pick<MerchantEditInput, 'companyTypeCode' | 'industryCode'>) {
  if (!(await categoryExists(tx, 'COMPANY_TYPE', input.companyTypeCode))) throw new ConflictError('merchantInfo.unknownCompanyType');
  if (!(await categoryExists(tx, 'INDUSTRY', input.industryCode))) throw new ConflictError('merchantInfo.unknownIndustry');
}

export const profileValues = (input: MerchantEditInput) => ({
  companyTypeCode: input.companyTypeCode,
  industryCode: input.industryCode,
  taxCode: input.taxCode,
  businessAddress: input.businessAddress,
  representativeName: input.representativeName,
  contactPhone: input.contactPhone,
  contactEmail: input.contactEmail,
  website: input.website ? input.website : null,
  sellingChannel: input.sellingChannel,
});

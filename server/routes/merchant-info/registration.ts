/**
 * A merchant's creation (registration by a signed-in user) and its link under a master merchant.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { isInKyb, kybStatus } from '@/domain/kyb';
import type { RegisterMerchantInput } from '@/domain/merchantInfo';
import { rows, type Db } from '../../db/client';
import { memberships, merchantProfiles, merchants, users } from '../../db/schema';
import type { MerchantRecord } from '../../db/repositories/memberships';
import { checkCategories, ConflictError, event, lockMerchant, profileValues, type Actor } from './writes';

export function merchantRegistration(db: Db) {
  return {
    /** A new merchant (state 101 "new"), owned by the caller; a tax code already registered only flags it for review. */
    async register(input: RegisterMerchantInput, actor: Actor, maxPending: number): Promise<MerchantRecord> {
      return db.transaction(async (tx) => {
        // Serialises registrations of one user, so the pending limit cannot be raced.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.userId)).for('update');
        const [{ pending }] = await tx
          .select({ pending: count() })
          .from(memberships)
          .innerJoin(merchants, eq(merchants.id, memberships.merchantId))
          .where(
            and(
              eq(memberships.userId, actor.userId),
              sql`'MERCHANT_OWNER' = any(${memberships.roles})`,
              inArray(merchants.stateCode, [101, 106]),
            ),
          );
        if (pending >= maxPending) throw new ConflictError('merchantInfo.tooManyPending');
        await checkCategories(tx, input);
        // A tax code someone else registered is not refused: a different answer would tell anyone which
        // codes exist. The merchant is created alike and flagged for KYB staff to review the pair.
        const [taken] = await tx
          .select({ id: merchantProfiles.merchantId })
          .from(merchantProfiles)
          .where(eq(merchantProfiles.taxCode, input.taxCode))
          .limit(1);
        const [{ id }] = await rows<{ id: number }>(tx as unknown as Db, sql`select nextval(pg_get_serial_sequence('merchants', 'id'))::int as id`);
        const [merchant] = await tx
          .insert(merchants)
          .values({
            id,
            partnerCode: `MC${String(id).padStart(6, '0')}`,
            name: input.name,
            brandName: input.brandName,
            type: input.type,
            stateCode: 101,
            todoActions: [],
          })
          .returning();
        await tx.insert(memberships).values({ merchantId: id, userId: actor.userId, roles: ['MERCHANT_OWNER'] });
        const duplicateTaxCode = taken !== undefined;
        await tx.insert(merchantProfiles).values({ merchantId: id, ...profileValues(input), duplicateTaxCode, updatedBy: actor.userId });
        await event(tx, id, actor, 'REGISTER', duplicateTaxCode ? { type: input.type, duplicateTaxCode } : { type: input.type }, null, 101);
        return merchant;
      });
    },

    /** Links `merchantId` under a master (both checked by the route for the caller's rights). */
    async link(
      input: { merchantId: number; masterMerchantId: number; linkingType: string; groupRole: string },
      actor: Actor,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        // Lock in id order so two opposite link requests cannot deadlock.
        const [first, second] = [input.merchantId, input.masterMerchantId].sort((a, b) => a - b);
        const a = await lockMerchant(tx, first);
        const b = await lockMerchant(tx, second);
        const merchant = a.id === input.merchantId ? a : b;
        const master = a.id === input.masterMerchantId ? a : b;
        if (master.relationshipRole !== 'MASTER_MERCHANT') throw new ConflictError('merchantInfo.notMaster');
        if (kybStatus(master.stateCode) === 'locked' || kybStatus(merchant.stateCode) === 'locked') throw new ConflictError('merchantInfo.locked');
        if (!isInKyb(master.stateCode)) throw new ConflictError('merchantInfo.masterNotVerified');
        if (merchant.type === 'P2M') throw new ConflictError('merchantInfo.p2mUnsupported');
        if (merchant.relationshipRole === 'MASTER_MERCHANT') throw new ConflictError('merchantInfo.isMaster');
        if (merchant.linkedWithMaster || merchant.masterMerchantId) throw new ConflictError('merchantInfo.alreadyLinked');
        await tx
          .update(merchants)
          .set({
            masterMerchantId: master.id,
            linkedWithMaster: true,
            relationshipRole: input.linkingType,
            internalGroupCode: input.groupRole,
          })
          .where(eq(merchants.id, merchant.id));
        const details = { merchantId: merchant.id, masterMerchantId: master.id, linkingType: input.linkingType, groupRole: input.groupRole };
        await event(tx, merchant.id, actor, 'LINK_TO_MASTER', details);
        await event(tx, master.id, actor, 'LINKED_MERCHANT_ADDED', details);
      });
    },
  };
}

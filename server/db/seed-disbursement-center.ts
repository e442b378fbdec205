/**
 * Disbursement centre demo data: the SME's balance funded once from its oldest settled settlement (a
 * TOPUP ledger entry, so ledger and balance agree), and one single disbursement the administrator made
 * that waits for the owner's approval, so the approval flow can be tried at once. Other merchants start
 * with an empty balance. Deterministic.
 */
import { and, asc, eq } from 'drizzle-orm';
import { DEFAULT_TIERS, tierFor } from '@/domain/disbursements';
import { demoPayeeDirectory } from '../routes/disbursement-management/payee-directory';
import { disbursementAccounts, disbursementAuditEntries, disbursementItems, disbursementLedger, disbursementOrders, settlements } from './schema';
import { standardDisbursementFee } from './seed-payment-integration';
import type { DomainSeed } from './seed-types';
import { DemoMerchants, DemoUsers } from './seed-fixtures';

export const seedDisbursementCenter: DomainSeed = async (tx, ctx) => {
  const merchantId = DemoMerchants.sme.id;
  const owner = ctx.userIdByUsername.get(DemoUsers.owner.username) ?? null;
  const admin = ctx.userIdByUsername.get(DemoUsers.admin.username);
  const [source] = await tx
    .select()
    .from(settlements)
    .where(and(eq(settlements.merchantId, merchantId), eq(settlements.status, 'SETTLED')))
    .orderBy(asc(settlements.settledAt), asc(settlements.id))
    .limit(1);
  if (!source || !admin) return;
  await tx.insert(disbursementAccounts).values({ merchantId, balance: source.netAmount });
  await tx.insert(disbursementLedger).values({
    merchantId,
    type: 'TOPUP',
    amount: source.netAmount,
    balanceAfter: source.netAmount,
    reference: source.settlementCode,
    createdBy: owner,
    createdAt: ctx.referenceDate,
  });

  const row = { channel: 'WALLET' as const, account: '0912345678', bankId: null, amount: 500_000, description: 'Thưởng nhân viên xuất sắc' };
  const tier = tierFor(DEFAULT_TIERS, row.amount);
  const fee = standardDisbursementFee(row.channel, row.amount);
  const code = `CH${String(merchantId).padStart(4, '0')}000001`;
  const [order] = await tx
    .insert(disbursementOrders)
    .values({
      merchantId,
      code,
      kind: 'SINGLE',
      rowCount: 1,
      totalAmount: row.amount,
      totalFee: fee,
      requiredApprovals: tier.approvals,
      approverRoles: tier.roles,
      createdBy: admin,
      createdAt: ctx.referenceDate,
    })
    .returning({ id: disbursementOrders.id });
  await tx.insert(disbursementItems).values({
    orderId: order.id,
    merchantId,
    rowNo: 1,
    tranId: `${code}00001`,
    ...row,
    holderName: demoPayeeDirectory.holderName(row.channel, row.account, null) ?? '',
    fee,
  });
  await tx.insert(disbursementAuditEntries).values({
    merchantId,
    orderId: order.id,
    actorUserId: admin,
    action: 'CREATE',
    details: { kind: 'SINGLE', rowCount: 1, totalAmount: row.amount, totalFee: fee, requiredApprovals: tier.approvals },
    createdAt: ctx.referenceDate,
  });
};

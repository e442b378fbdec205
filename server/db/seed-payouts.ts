/**
 * Payout bank accounts of the merchants paid to a bank, a short audit trail on the SME, and the
 * all-in-one QR codes of the SME's and the isolation merchant's stores (the others start without, so
 * "generate QR codes" has something to do). Deterministic: no randomness, dates from the reference date.
 */
import { eq } from 'drizzle-orm';
import { PAYOUT_BANKS, PAYOUT_CITIES } from '@/domain/payouts';
import { storeAioPayload } from '../lib/vietqr/aio';
import { merchants, payoutAccounts, payoutAuditEntries, storeQrCodes, stores } from './schema';
import type { DomainSeed } from './seed-types';
import { DemoMerchants, DemoUsers } from './seed-fixtures';

const HOLDER = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[đĐ]/g, 'D')
    .toUpperCase()
    .replace(/[^A-Z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 50)
    .trim();

/** Fixed accounts of the demo merchants (README, tests); the rest are derived from the merchant id. */
const DEMO_ACCOUNTS: Record<number, { bank: string; number: string; city: string; branch: string; time: string }> = {
  [DemoMerchants.sme.id]: { bank: 'VCB', number: '0041000123456', city: 'DN', branch: 'Chi nhánh Đà Nẵng', time: '17:00' },
  [DemoMerchants.pagoda.id]: { bank: 'BIDV', number: '31410001234567', city: 'HCM', branch: 'Chi nhánh Sài Gòn', time: '23:00' },
  [DemoMerchants.other.id]: { bank: 'TCB', number: '19033334445556', city: 'QN', branch: 'Chi nhánh Quảng Ninh', time: '22:00' },
};

export const seedPayouts: DomainSeed = async (tx, ctx) => {
  const rows = await tx
    .select({ id: merchants.id, name: merchants.name, brandName: merchants.brandName, wallet: merchants.payoutWallet })
    .from(merchants);
  const accounts = rows
    .filter((m) => m.wallet === 'BANK')
    .map((m) => {
      const demo = DEMO_ACCOUNTS[m.id];
      const bank = PAYOUT_BANKS[m.id % PAYOUT_BANKS.length];
      const city = PAYOUT_CITIES[m.id % PAYOUT_CITIES.length];
      return {
        merchantId: m.id,
        reconciliationTime: demo?.time ?? '23:00',
        accountNumber: demo?.number ?? `10${String(m.id).padStart(10, '0')}`,
        accountName: HOLDER(m.name),
        bankBrand: demo?.branch ?? `Chi nhánh ${city.name}`,
        bankCityId: demo?.city ?? city.id,
        bankNameId: demo?.bank ?? bank.id,
        version: 1,
        updatedAt: ctx.referenceDate,
      };
    });
  for (let i = 0; i < accounts.length; i += 500) await tx.insert(payoutAccounts).values(accounts.slice(i, i + 500));

  const ownerId = ctx.userIdByUsername.get(DemoUsers.owner.username);
  if (ownerId) {
    const day = 86_400_000;
    await tx.insert(payoutAuditEntries).values([
      {
        merchantId: DemoMerchants.sme.id,
        actorUserId: ownerId,
        action: 'UPDATE_PAYOUT',
        changes: ['period'],
        details: { period: { from: 'SRP.0000', to: 'SRP.0001' } },
        otpVerified: false,
        ip: '113.161.72.15',
        createdAt: new Date(ctx.referenceDate.getTime() - 40 * day),
      },
      {
        merchantId: DemoMerchants.sme.id,
        actorUserId: ownerId,
        action: 'UPDATE_PAYOUT',
        changes: ['wallet', 'accountNumber', 'accountName', 'bankBrand', 'bankCityId', 'bankNameId'],
        details: {
          wallet: { from: 'GOLDEN_POCKET', to: 'BANK' },
          accountNumber: { from: null, to: '•••••••••3456' },
          accountName: { from: null, to: HOLDER(DemoMerchants.sme.name) },
          bankBrand: { from: null, to: 'Chi nhánh Đà Nẵng' },
          bankCityId: { from: null, to: 'DN' },
          bankNameId: { from: null, to: 'VCB' },
        },
        otpVerified: true,
        ip: '113.161.72.15',
        createdAt: new Date(ctx.referenceDate.getTime() - 90 * day),
      },
    ]);
  }

  const withQr = [DemoMerchants.sme, DemoMerchants.other];
  for (const m of withQr) {
    const list = await tx
      .select({ id: stores.id, storeId: stores.storeId, address: stores.address })
      .from(stores)
      .where(eq(stores.merchantId, m.id));
    const qrRows = list.map((s) => ({
      storeId: s.id,
      merchantId: m.id,
      generatedAt: ctx.referenceDate,
      ...storeAioPayload({ merchantId: m.id, id: s.id, storeId: s.storeId, brandName: m.brandName, address: s.address }),
    }));
    for (let i = 0; i < qrRows.length; i += 500) await tx.insert(storeQrCodes).values(qrRows.slice(i, i + 500));
  }
};

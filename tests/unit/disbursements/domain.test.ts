/** Disbursement rules shared by the forms and the API: payee rows, amounts, duplicates, approval tiers. */
import { describe, expect, it } from 'vitest';
import {
  approvalRulesSchema,
  checkPayee,
  DEFAULT_TIERS,
  duplicateKeyOf,
  looksLikeFormula,
  parseAmount,
  tierFor,
} from '@/domain/disbursements';

const fields = (input: Parameters<typeof checkPayee>[0]) => checkPayee(input).errors.map((e) => `${e.field}:${e.message}`);

describe('checkPayee', () => {
  it('accepts a wallet phone and a bank account with a listed bank, normalised', () => {
    expect(checkPayee({ channel: ' wallet ', account: '0912000111', amount: '150.000', description: ' Thưởng ' }).row).toEqual({
      channel: 'WALLET',
      account: '0912000111',
      bankId: null,
      amount: 150_000,
      description: 'Thưởng',
    });
    expect(checkPayee({ channel: 'BANK', account: '0071000123456', bankId: 'vcb', amount: 2_500_000 }).row).toMatchObject({ bankId: 'VCB' });
  });

  it('names every bad field, not just the first', () => {
    expect(fields({ channel: 'CASH', account: '', amount: 'abc' })).toEqual(['channel:validation.disbursement.channel', 'account:validation.required', 'amount:validation.disbursement.amount']);
    expect(fields({ channel: 'WALLET', account: '0412345678', bankId: 'VCB', amount: 10_000 })).toEqual(['account:validation.phone', 'bankId:validation.disbursement.bankOnly']);
    expect(fields({ channel: 'BANK', account: '12AB', amount: 10_000 })).toEqual(['account:validation.payout.accountNumber', 'bankId:validation.required']);
    expect(fields({ channel: 'BANK', account: '0071000123456', bankId: 'XYZ', amount: 10_000 })).toEqual(['bankId:validation.disbursement.bank']);
    expect(fields({ channel: 'WALLET', account: '0912000111', amount: 10_000, description: 'x'.repeat(101) })).toEqual(['description:validation.disbursement.description']);
  });

  it('takes whole đồng from 10.000 to 500.000.000 only', () => {
    expect(parseAmount('1.000.000')).toBe(1_000_000);
    expect(parseAmount('1 000 000')).toBe(1_000_000);
    expect(parseAmount('1000,5')).toBeNull();
    expect(parseAmount(1000.5)).toBeNull();
    expect(parseAmount('-5000')).toBeNull();
    for (const [amount, ok] of [[9_999, false], [10_000, true], [500_000_000, true], [500_000_001, false]] as const) {
      expect(checkPayee({ channel: 'WALLET', account: '0912000111', amount }).row !== null).toBe(ok);
    }
  });
});

describe('duplicates and formulas', () => {
  it('two rows paying the same account the same amount for the same reason share a key; another amount does not', () => {
    const a = checkPayee({ channel: 'WALLET', account: '0912000111', amount: 100_000, description: 'Thưởng' }).row!;
    const b = checkPayee({ channel: 'wallet', account: '0912000111 ', amount: '100.000', description: 'THƯỞNG' }).row!;
    const c = checkPayee({ channel: 'WALLET', account: '0912000111', amount: 100_001, description: 'Thưởng' }).row!;
    expect(duplicateKeyOf(a)).toBe(duplicateKeyOf(b));
    expect(duplicateKeyOf(a)).not.toBe(duplicateKeyOf(c));
  });
  it('cells a spreadsheet would run are formulas', () => {
    for (const cell of ['=1+1', '+SUM(A1)', '-2+3', '@A1', '\t=1']) expect(looksLikeFormula(cell)).toBe(true);
    for (const cell of ['100000', 'Thưởng = tiền', '0912000111', '']) expect(looksLikeFormula(cell)).toBe(false);
  });
});

describe('approval tiers', () => {
  it('by default: up to 10.000.000 đ one approver, above two', () => {
    expect(tierFor(DEFAULT_TIERS, 10_000_000).approvals).toBe(1);
    expect(tierFor(DEFAULT_TIERS, 10_000_001).approvals).toBe(2);
  });
  it('rules rise, end unbounded and name an approver role', () => {
    expect(approvalRulesSchema.safeParse({ tiers: DEFAULT_TIERS }).success).toBe(true);
    const messages = (tiers: unknown) => (approvalRulesSchema.safeParse({ tiers }).error?.issues ?? []).map((i) => i.message);
    expect(messages([{ maxAmount: 1_000_000, approvals: 1, roles: ['MERCHANT_OWNER'] }])).toEqual(['validation.disbursement.tierLast']);
    expect(
      messages([
        { maxAmount: 5_000_000, approvals: 1, roles: ['MERCHANT_OWNER'] },
        { maxAmount: 1_000_000, approvals: 2, roles: ['MERCHANT_OWNER'] },
        { maxAmount: null, approvals: 2, roles: [] },
      ]),
    ).toEqual(['validation.disbursement.tierOrder', 'validation.disbursement.tierRoles']);
    expect(approvalRulesSchema.safeParse({ tiers: [{ maxAmount: null, approvals: 4, roles: ['MERCHANT_OWNER'] }] }).success).toBe(false);
    expect(approvalRulesSchema.safeParse({ tiers: [{ maxAmount: null, approvals: 1, roles: ['STORE_CASHIER'] }] }).success).toBe(false);
  });
});

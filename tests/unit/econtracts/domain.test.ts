import { describe, expect, it } from 'vitest';
import {
  biometricTodo,
  canSignContract,
  canSignNow,
  canVerifyBiometric,
  canViewContracts,
  contractFileName,
  contractOtpSubject,
  signContractSchema,
} from '@/domain/econtracts';
import { routeCodesFor } from '@/domain/sidebar';
import { Roles } from '@/domain/roles';

describe('e-contract role rules', () => {
  it('lets only owners sign and verify identity', () => {
    expect(canSignContract(['MERCHANT_OWNER'])).toBe(true);
    expect(canSignContract(['MERCHANT_OWNER_DONATION'])).toBe(true);
    for (const role of ['ADMINISTRATOR', 'LEGAL', 'MERCHANT_ACCOUNTANT', 'STORE_OWNER', 'USER_ROLE_MANAGER']) {
      expect(canSignContract([role]), role).toBe(false);
      expect(canVerifyBiometric([role]), role).toBe(false);
    }
    expect(canSignContract(['STORE_CASHIER', 'MERCHANT_OWNER'])).toBe(true);
    expect(canSignContract(null)).toBe(false);
    expect(canSignContract(['merchant_owner'])).toBe(false);
  });

  it('lets exactly the roles whose sidebar has MERCHANT_ECONTRACT read contracts', () => {
    for (const role of Roles) {
      expect(canViewContracts([role]), role).toBe(routeCodesFor([role], 'SME').includes('MERCHANT_ECONTRACT'));
    }
  });

  it('offers the sign action only for a pending contract to a signer', () => {
    expect(canSignNow(['MERCHANT_OWNER'], 'PENDING')).toBe(true);
    expect(canSignNow(['MERCHANT_OWNER'], 'SIGNED')).toBe(false);
    expect(canSignNow(['MERCHANT_OWNER'], 'CANCELLED')).toBe(false);
    expect(canSignNow(['ADMINISTRATOR'], 'PENDING')).toBe(false);
  });
});

describe('biometric todo (spec §4)', () => {
  it('makes BIOMETRIC_AUTHENTICATION skippable and the REQUIRED variant not, whatever else is there', () => {
    expect(biometricTodo(['BIOMETRIC_AUTHENTICATION'])).toEqual({ pending: true, required: false, skippable: true });
    expect(biometricTodo(['BIOMETRIC_AUTHENTICATION_REQUIRED'])).toEqual({ pending: true, required: true, skippable: false });
    expect(biometricTodo(['BIOMETRIC_AUTHENTICATION', 'BIOMETRIC_AUTHENTICATION_REQUIRED'])).toEqual({ pending: true, required: true, skippable: false });
    expect(biometricTodo(['SIGN_CONTRACT'])).toEqual({ pending: false, required: false, skippable: false });
    expect(biometricTodo(undefined)).toEqual({ pending: false, required: false, skippable: false });
  });
});

describe('sign form', () => {
  it('takes a six-digit code and the code id, trimmed, and nothing else', () => {
    expect(signContractSchema.parse({ otpId: ' abc ', otpCode: ' 012345 ' })).toEqual({ otpId: 'abc', otpCode: '012345' });
    const messages = (input: unknown) => (signContractSchema.safeParse(input).error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);
    expect(messages({ otpId: 'a', otpCode: '12345' })).toEqual(['otpCode:validation.econtract.code']);
    expect(messages({ otpId: 'a', otpCode: '1234567' })).toEqual(['otpCode:validation.econtract.code']);
    expect(messages({ otpId: 'a', otpCode: '12 456' })).toEqual(['otpCode:validation.econtract.code']);
    expect(messages({ otpId: '', otpCode: '123456' })).toEqual(['otpId:validation.required']);
    expect(messages({ otpId: 'a', otpCode: '123456', extra: 1 })).toHaveLength(1);
  });
});

describe('helpers', () => {
  it('binds a code to one contract and names files safely', () => {
    expect(contractOtpSubject(7)).toBe('contract:7');
    expect(contractOtpSubject(7)).not.toBe(contractOtpSubject(70));
    expect(contractFileName('HD-MC_PHOVIET-0002')).toBe('hop-dong_HD-MC_PHOVIET-0002.pdf');
    expect(contractFileName('HD/../x y')).toBe('hop-dong_HD----x-y.pdf');
  });
});

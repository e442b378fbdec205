import { describe, expect, it } from 'vitest';
import {
  canRegisterByFlags,
  ineligibilityReasons,
  initialRegistrationStatus,
  isEligibleToSubscribe,
  registerServiceSchema,
  registrationOf,
} from '@/domain/services';

const verifiedSme = { type: 'SME', stateCode: 201 };

describe('canRegisterByFlags (§4)', () => {
  it.each([
    // code, id, status, registrable
    ['PROMOTION', null, null, true],
    ['PROMOTION', 5, null, false],
    ['PROMOTION', null, 'ACTIVE', false],
    ['PROMOTION', 5, 'ACTIVE', false],
    ['ADS', null, null, true],
    ['ADS', 5, null, true],
    ['ADS', null, 'INITIALIZED', true],
    ['ADS', 5, 'REJECTED', false],
    ['PAYLATER', null, null, true],
    ['PAYLATER', 5, 'INITIALIZED', false],
    ['PAYLATER', null, 'ACTIVE', false],
  ] as const)('%s with id %s and status %s → %s', (code, id, status, expected) => {
    expect(canRegisterByFlags(code, { id, status })).toBe(expected);
  });
});

describe('ineligibilityReasons', () => {
  const base = { code: 'PROMOTION', registration: null, catalogueStatus: 'ACTIVE', merchant: verifiedSme };

  it('is empty for a verified merchant and an unregistered, offered service', () => {
    expect(ineligibilityReasons(base)).toEqual([]);
    expect(isEligibleToSubscribe(base)).toBe(true);
  });

  it('lists every reason, in the order a user fixes them', () => {
    expect(ineligibilityReasons({ ...base, registration: { id: 1, status: 'ACTIVE' }, catalogueStatus: 'INACTIVE' })).toEqual([
      'ALREADY_REGISTERED',
      'SERVICE_UNAVAILABLE',
    ]);
    expect(ineligibilityReasons({ ...base, merchant: { type: 'SME', stateCode: 203 } })).toEqual(['KYB_NOT_DONE']);
    expect(ineligibilityReasons({ ...base, merchant: { type: 'TOP_BRAND', stateCode: 210 } })).toEqual([]);
    // P2M is unsupported whatever its KYB state.
    expect(ineligibilityReasons({ ...base, merchant: { type: 'P2M', stateCode: 101 } })).toEqual(['MERCHANT_NOT_SUPPORTED']);
  });

  it('keeps PAYLATER from donation merchants only', () => {
    const pagoda = { type: 'BUDDHIST_SANGHA', stateCode: 201 };
    expect(ineligibilityReasons({ ...base, code: 'PAYLATER', merchant: pagoda })).toEqual(['MERCHANT_TYPE_NOT_ELIGIBLE']);
    expect(ineligibilityReasons({ ...base, code: 'PROMOTION', merchant: pagoda })).toEqual([]);
  });
});

describe('registration', () => {
  it('starts PROMOTION active and review-bound services INITIALIZED (not onboarded per §4)', () => {
    expect(initialRegistrationStatus('PROMOTION')).toBe('ACTIVE');
    expect(initialRegistrationStatus('ADS')).toBe('INITIALIZED');
    expect(initialRegistrationStatus('PAYLATER')).toBe('INITIALIZED');
  });

  it('reads a list row’s registration as the §4 flag input', () => {
    expect(registrationOf({ registrationId: 7, status: 'ACTIVE' })).toEqual({ id: 7, status: 'ACTIVE' });
    expect(registrationOf({ registrationId: null, status: null })).toEqual({ id: null, status: null });
  });

  it('validates the body: a positive integer service id and nothing else', () => {
    expect(registerServiceSchema.safeParse({ serviceId: 3 }).success).toBe(true);
    const messages = (value: unknown) => {
      const result = registerServiceSchema.safeParse(value);
      return result.success ? [] : result.error.issues.map((i) => i.message);
    };
    expect(messages({})).toEqual(['validation.required']);
    expect(messages({ serviceId: '3' })).toEqual(['validation.invalid']);
    expect(messages({ serviceId: 0 })).toEqual(['validation.invalid']);
    expect(messages({ serviceId: 2.5 })).toEqual(['validation.invalid']);
    expect(registerServiceSchema.safeParse({ serviceId: 3, status: 'ACTIVE' }).success).toBe(false);
  });
});

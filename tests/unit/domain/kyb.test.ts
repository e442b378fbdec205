import { describe, expect, it } from 'vitest';
import { AWAITING_APPROVAL_STATES, isAwaitingApproval, isInKyb, kybStatus } from '@/domain/kyb';

describe('kybStatus (§4)', () => {
  it.each([
    [101, 'new'],
    [106, 'waitingUpdate'],
    [110, 'waitingApprove'],
    [203, 'waitingApprove'],
    [201, 'done'],
    [210, 'done'],
    [202, 'reject'],
    [108, 'reject'],
    [109, 'locked'],
    [204, 'locked'],
    [102, 'other'],
    [107, 'other'],
    [200, 'other'],
    [299, 'other'],
    [0, 'other'],
    [-101, 'other'],
    [101.5, 'other'],
    [Number.NaN, 'other'],
    [null, 'other'],
    [undefined, 'other'],
  ] as const)('%s → %s', (code, status) => expect(kybStatus(code)).toBe(status));

  it('does not read numeric strings (the API sends numbers)', () => {
    expect(kybStatus('101' as unknown as number)).toBe('other');
  });
});

describe('awaiting approval (§4)', () => {
  it('is exactly 101, 102, 106, 107, 110', () => {
    expect([...AWAITING_APPROVAL_STATES]).toEqual([101, 102, 106, 107, 110]);
  });
  it.each([
    [101, true],
    [102, true],
    [106, true],
    [107, true],
    [110, true],
    [103, false],
    [108, false],
    [203, false],
    [null, false],
  ] as const)('%s → %s', (code, expected) => expect(isAwaitingApproval(code)).toBe(expected));
});

describe('isInKyb (§4: 200-299)', () => {
  it.each([
    [199, false],
    [200, true],
    [201, true],
    [250, true],
    [299, true],
    [300, false],
    [110, false],
    [250.5, false],
    [null, false],
    [undefined, false],
  ] as const)('%s → %s', (code, expected) => expect(isInKyb(code)).toBe(expected));
});

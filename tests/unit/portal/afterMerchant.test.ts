import { describe, expect, it } from 'vitest';
import { decideAfterMerchant, todoFlags } from '@/authProvider/afterMerchant';
import { loginPathFor, sanitizeAppPath } from '@/authProvider/paths';
import { buildMerchant } from './helpers/builders';

const merchant = buildMerchant;

describe('decideAfterMerchant (spec §4 "After a merchant is chosen and loaded")', () => {
  it.each([
    ['P2M stops, whatever its todo actions', merchant({ type: 'P2M', todoActions: ['SIGN_CONTRACT'] }), [], null, { step: 'p2m' }],
    ['no todo → welcome', merchant(), [], null, { step: 'app', path: '/app/welcome' }],
    ['no todo → back to the wanted path', merchant(), [], '/app/offline-stores?page=2', { step: 'app', path: '/app/offline-stores?page=2' }],
    ['an unsafe wanted path → welcome', merchant(), [], 'https://evil.example/app', { step: 'app', path: '/app/welcome' }],
    [
      'BIOMETRIC_AUTHENTICATION_REQUIRED → NFC, required',
      merchant({ todoActions: ['BIOMETRIC_AUTHENTICATION_REQUIRED'] }),
      [],
      null,
      { step: 'nfc', required: true, path: '/onboard/authentication-nfc?required=true' },
    ],
    [
      'REQUIRED cannot be skipped, even if a skip was recorded',
      merchant({ todoActions: ['BIOMETRIC_AUTHENTICATION_REQUIRED'] }),
      [101],
      null,
      { step: 'nfc', required: true, path: '/onboard/authentication-nfc?required=true' },
    ],
    [
      'BIOMETRIC_AUTHENTICATION → NFC, skippable',
      merchant({ todoActions: ['BIOMETRIC_AUTHENTICATION'] }),
      [],
      null,
      { step: 'nfc', required: false, path: '/onboard/authentication-nfc' },
    ],
    ['BIOMETRIC_AUTHENTICATION skipped earlier → welcome', merchant({ todoActions: ['BIOMETRIC_AUTHENTICATION'] }), [101], null, { step: 'app', path: '/app/welcome' }],
    [
      'a skip of another merchant does not count',
      merchant({ todoActions: ['BIOMETRIC_AUTHENTICATION'] }),
      [999],
      null,
      { step: 'nfc', required: false, path: '/onboard/authentication-nfc' },
    ],
    ['SIGN_CONTRACT → e-contract', merchant({ type: 'TOP_BRAND', todoActions: ['SIGN_CONTRACT'] }), [], null, { step: 'econtract', path: '/onboard/econtract-sign' }],
    [
      'NFC comes before the contract',
      merchant({ todoActions: ['SIGN_CONTRACT', 'BIOMETRIC_AUTHENTICATION'] }),
      [],
      null,
      { step: 'nfc', required: false, path: '/onboard/authentication-nfc' },
    ],
    [
      'NFC skipped, the contract is next',
      merchant({ todoActions: ['SIGN_CONTRACT', 'BIOMETRIC_AUTHENTICATION'] }),
      [101],
      '/app/offline-stores',
      { step: 'econtract', path: '/onboard/econtract-sign' },
    ],
    ['SHOW_POPUP_NOTIFY_PAYOUT does not block', merchant({ todoActions: ['SHOW_POPUP_NOTIFY_PAYOUT'] }), [], '/app/user-info', { step: 'app', path: '/app/user-info' }],
  ] as const)('%s', (_name, m, skipped, wanted, expected) => {
    expect(decideAfterMerchant({ merchant: m, nfcSkipped: skipped, wantedPath: wanted })).toEqual(expected);
  });

  it('reads missing todo actions as none', () => {
    const m = { ...merchant(), todoActions: undefined as unknown as [] };
    expect(todoFlags(m)).toEqual({ nfcRequired: false, nfcOptional: false, signContract: false });
  });
});

describe('sanitizeAppPath: only /app paths come back after sign-in', () => {
  it.each([
    ['/app/offline-stores', '/app/offline-stores'],
    ['/app/offline-stores?page=2&perPage=50#top', '/app/offline-stores?page=2&perPage=50#top'],
    ['/portal/app/user-info', '/app/user-info'],
    ['/app', '/app'],
    ['/app/../auth/login', null],
    ['/application', null],
    ['/auth/login', null],
    ['/onboard/merchants-choose', null],
    ['//evil.example/app', null],
    ['/\\evil.example', null],
    ['https://evil.example/app/x', null],
    ['javascript:alert(1)', null],
    ['/app/\u0000x', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeAppPath(raw, '/portal')).toBe(expected);
  });

  it('builds the login URL carrying a safe wanted path and the reason', () => {
    expect(loginPathFor('/portal/app/offline-stores?page=2', 'session', '/portal')).toBe(
      '/auth/login?redirect=%2Fapp%2Foffline-stores%3Fpage%3D2&reason=session',
    );
    expect(loginPathFor('https://evil.example', undefined, '/portal')).toBe('/auth/login');
  });
});

import { describe, expect, it } from 'vitest';
import { schemaErrors } from '@/domain/formErrors';
import { displayStatusOf, inviteHolderQuerySchema, inviteUserSchema, looksLikePhone, normalisePhoneInput } from '@/domain/users';
import vi from '@/i18n/vi/portal.json';
import en from '@/i18n/en/portal.json';

const accountOf = (account: string) => inviteUserSchema.parse({ account, role: 'LEGAL' }).account;

describe('the invitation account field (one schema for the form and the server)', () => {
  it('normalises a phone as people type it to 0…', () => {
    for (const typed of ['0963 123 411', '0963.123.411', '0963-123-411', '+84 963 123 411', '+84963123411', '84963123411', ' 84 963.123.411 ']) {
      expect(accountOf(typed), typed).toBe('0963123411');
    }
    expect(inviteHolderQuerySchema.parse({ account: '+84 963 123 411' }).account).toBe('0963123411');
  });

  it('keeps a username as typed (trimmed), digits inside a username included', () => {
    expect(accountOf('  thu_ngan_01 ')).toBe('thu_ngan_01');
    expect(looksLikePhone('thu_ngan_01')).toBe(false);
    expect(normalisePhoneInput('(+84) 90-123-4567')).toBe('0901234567');
  });

  it('refuses a number that is not a §5 phone once normalised, and an empty field', () => {
    const errorsOf = (account: string) => schemaErrors(inviteUserSchema, { account, role: 'LEGAL' }).account?.messageKey;
    expect(errorsOf('+84 463 123 411')).toBe('validation.phone');
    expect(errorsOf('0963 123 41')).toBe('validation.phone');
    expect(errorsOf('   ')).toBe('validation.required');
    expect(errorsOf('0963 123 411')).toBeUndefined();
  });
});

describe('a user’s state in the list and detail', () => {
  it('a waiting invitee is pending, never active; refused, expired and cancelled ones have not joined', () => {
    expect(displayStatusOf({ status: 'ACTIVE', invitationStatus: 'WAITING' })).toBe('PENDING');
    for (const invitationStatus of ['EXPIRED', 'REJECT', 'CANCEL']) {
      expect(displayStatusOf({ status: 'ACTIVE', invitationStatus }), invitationStatus).toBe('NOT_JOINED');
    }
    expect(displayStatusOf({ status: 'ACTIVE', invitationStatus: 'ACCEPT' })).toBe('ACTIVE');
    expect(displayStatusOf({ status: 'INACTIVE', invitationStatus: 'ACCEPT' })).toBe('INACTIVE');
  });

  it('has texts in both languages', () => {
    expect(vi.resources.users.status).toMatchObject({ PENDING: 'Chờ tham gia', NOT_JOINED: 'Chưa tham gia', ACTIVE: 'Đang hoạt động' });
    expect(en.resources.users.status).toMatchObject({ PENDING: 'Pending', NOT_JOINED: 'Not joined' });
  });
});

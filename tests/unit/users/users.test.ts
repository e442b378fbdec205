import { describe, expect, it } from 'vitest';
import { schemaErrors } from '@/domain/formErrors';
import {
  createUserSchema,
  INVITATION_STATUS_TEXT_KEYS,
  inviteUserSchema,
  updateUserSchema,
  userRequestSchema,
} from '@/domain/users';
import vi from '@/i18n/vi/portal.json';

const valid = {
  username: 'thu_ngan_01',
  fullname: 'Trần Văn Nam',
  password: 'Staff@2025',
  passwordConfirm: 'Staff@2025',
  role: 'STORE_CASHIER',
  storeList: [3],
  email: 'nam@example.vn',
};

const errorsOf = (schema: Parameters<typeof schemaErrors>[0], value: unknown) =>
  Object.fromEntries(Object.entries(schemaErrors(schema, value)).map(([k, v]) => [k, v.messageKey]));

describe('createUserSchema (the form and POST …/users)', () => {
  it('accepts a complete cashier and a merchant-wide role without stores or e-mail', () => {
    expect(createUserSchema.safeParse(valid).success).toBe(true);
    expect(createUserSchema.safeParse({ ...valid, role: 'MARKETING', storeList: undefined, email: '' }).success).toBe(true);
  });

  it.each([
    [{ username: 'ab' }, 'username', 'validation.username'],
    [{ fullname: ' ' }, 'fullname', 'validation.required'],
    [{ password: 'password', passwordConfirm: 'password' }, 'password', 'validation.password'],
    [{ passwordConfirm: 'Other@2025' }, 'passwordConfirm', 'validation.passwordConfirm'],
    [{ email: 'a@b' }, 'email', 'validation.email'],
    [{ role: 'MERCHANT_OWNER' }, 'role', 'validation.invalid'],
    [{ role: 'NEWTON_REPORT' }, 'role', 'validation.invalid'],
    [{ storeList: [] }, 'storeList', 'validation.required'],
    [{ role: 'STORE_OWNER', storeList: undefined }, 'storeList', 'validation.required'],
  ])('refuses %o on %s with %s', (patch, field, key) => {
    expect(errorsOf(createUserSchema, { ...valid, ...patch })[field]).toBe(key);
  });

  it('reports every failing field at once, the mismatch included', () => {
    const errors = errorsOf(createUserSchema, { ...valid, username: 'ab', passwordConfirm: 'x', storeList: [] });
    expect(Object.keys(errors).sort()).toEqual(['passwordConfirm', 'storeList', 'username']);
  });
});

describe('invite and change requests', () => {
  it('an invitation names an account and a store for a store role', () => {
    expect(inviteUserSchema.safeParse({ account: '0901234567', role: 'LEGAL' }).success).toBe(true);
    expect(errorsOf(inviteUserSchema, { account: '', role: 'LEGAL' }).account).toBe('validation.required');
    expect(errorsOf(inviteUserSchema, { account: 'someone', role: 'STORE_CASHIER' }).storeList).toBe('validation.required');
  });

  it('reqType selects the request; an update keeps its field messages', () => {
    expect(userRequestSchema.safeParse({ reqType: 'remove' }).success).toBe(true);
    expect(userRequestSchema.safeParse({ reqType: 'promote' }).success).toBe(false);
    expect(userRequestSchema.safeParse({ reqType: 'remove', role: 'ADMINISTRATOR' }).success).toBe(false);
    expect(errorsOf(userRequestSchema, { reqType: 'update', email: 'bad@' }).email).toBe('validation.email');
    expect(errorsOf(updateUserSchema, { reqType: 'update', role: 'STORE_OWNER', storeList: [] }).storeList).toBe('validation.required');
  });
});

describe('invitation status texts (spec §4)', () => {
  const text = (status: keyof typeof INVITATION_STATUS_TEXT_KEYS) => {
    const key = INVITATION_STATUS_TEXT_KEYS[status];
    return key ? key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], vi) : null;
  };
  it('shows the spec strings exactly', () => {
    expect(text('EXPIRED')).toBe('Chưa xác nhận');
    expect(text('WAITING')).toBe('Chờ xác nhận');
    expect(text('REJECT')).toBe('Từ chối lời mời');
    expect(text('CANCEL')).toBe('Từ chối lời mời');
    expect(text('ACCEPT')).toBeNull();
  });
});

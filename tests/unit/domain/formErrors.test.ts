import { describe, expect, it } from 'vitest';
import { createInstance } from 'i18next';
import { z } from 'zod';
import {
  firstMessage,
  formErrors,
  schemaErrors,
  schemaMessage,
  translateErrors,
  validateWithSchema,
  type Translate,
} from '@/domain/formErrors';
import {
  byteLengthSchema,
  emailSchema,
  loginSchema,
  passwordSchema,
  phoneSchema,
  requiredString,
  usernameSchema,
  withPasswordConfirm,
} from '@/domain/validation';
import { createUserSchema } from '@/domain/users';
import viValidation from '@/i18n/vi/validation.json';
import enValidation from '@/i18n/en/validation.json';
import { translate as serverTranslate } from '../../../server/i18n';

/** A gift list like the campaign form's: an array of objects, a refine that names its field. */
const giftSchema = z
  .object({ name: requiredString, discountAmount: z.number({ error: 'validation.invalid' }), minOrderAmount: z.number().optional() })
  .refine((g) => g.minOrderAmount === undefined || g.discountAmount <= g.minOrderAmount, {
    path: ['discountAmount'],
    message: 'validation.campaign.discountAboveOrder',
  });
const campaignLike = z.object({
  name: requiredString,
  contact: z.object({ phone: phoneSchema, email: emailSchema }),
  gifts: z.array(giftSchema).min(1, 'validation.required'),
  note: byteLengthSchema(5).optional(),
});

/** A refine on the whole object with no path: the form says which field shows it. */
const rangeSchema = z
  .object({ from: requiredString, to: requiredString })
  .refine((v) => v.from <= v.to, { message: 'validation.campaign.endBeforeStart' });

const valid = {
  name: 'Khai trương',
  contact: { phone: '0901234567', email: 'a@b.vn' },
  gifts: [{ name: 'Voucher', discountAmount: 10_000 }],
};

describe('formErrors / schemaErrors: zod issue paths → form fields', () => {
  it('is empty for valid values', () => {
    expect(schemaErrors(campaignLike, valid)).toEqual({});
  });

  it('keeps nested object paths and array indexes, the first error of each field', () => {
    const errors = schemaErrors(campaignLike, {
      ...valid,
      contact: { phone: '123', email: 'nope' },
      gifts: [{ name: 'ok', discountAmount: 10_000 }, { name: '', discountAmount: 'x' }],
      note: 'dài quá',
    });
    expect(Object.keys(errors)).toEqual(['contact.phone', 'contact.email', 'gifts.1.name', 'gifts.1.discountAmount', 'note']);
    expect(errors['contact.phone']).toEqual({ field: 'contact.phone', messageKey: 'validation.phone', params: {} });
    expect(errors['gifts.1.name'].messageKey).toBe('validation.required');
    expect(errors['gifts.1.discountAmount'].messageKey).toBe('validation.invalid');
    expect(errors.note).toEqual({ field: 'note', messageKey: 'validation.byteLength', params: { max: 5 } });
  });

  it('puts a refine that names its field on that field, inside an array too', () => {
    const errors = schemaErrors(campaignLike, { ...valid, gifts: [{ name: 'V', discountAmount: 50_000, minOrderAmount: 20_000 }] });
    expect(errors).toEqual({
      'gifts.0.discountAmount': { field: 'gifts.0.discountAmount', messageKey: 'validation.campaign.discountAboveOrder', params: {} },
    });
  });

  it('puts a refine on the whole object on the field the form names (rootField), else on root', () => {
    expect(schemaErrors(rangeSchema, { from: '2025-02-01', to: '2025-01-01' }, { rootField: 'to' })).toEqual({
      to: { field: 'to', messageKey: 'validation.campaign.endBeforeStart', params: {} },
    });
    expect(Object.keys(schemaErrors(rangeSchema, { from: '2025-02-01', to: '2025-01-01' }))).toEqual(['root']);
    // A field's own error comes first; the whole-object check does not run on invalid fields.
    expect(schemaErrors(rangeSchema, { from: '', to: '2025-01-01' }, { rootField: 'to' })).toEqual({
      from: { field: 'from', messageKey: 'validation.required', params: {} },
    });
  });

  it("withPasswordConfirm's mismatch lands on passwordConfirm, next to other field errors", () => {
    const schema = withPasswordConfirm(z.object({ username: usernameSchema, password: passwordSchema, passwordConfirm: requiredString }));
    expect(schemaErrors(schema, { username: 'x', password: 'Demo@1234', passwordConfirm: 'Demo@12345' })).toEqual({
      username: { field: 'username', messageKey: 'validation.username', params: {} },
      passwordConfirm: { field: 'passwordConfirm', messageKey: 'validation.passwordConfirm', params: {} },
    });
  });

  it("depth 'input' gives an array's error to its input (a store picker shows storeList.0)", () => {
    const schema = z.object({ storeList: z.array(z.number().int().positive('validation.invalid')) });
    expect(schemaErrors(schema, { storeList: [1, -2, -3] }, { depth: 'input' })).toEqual({
      storeList: { field: 'storeList', messageKey: 'validation.invalid', params: {} },
    });
  });

  it('never lets through an untranslated zod sentence', () => {
    const result = z.object({ count: z.number(), name: z.string().max(2) }).safeParse({ name: 'abc' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(formErrors(result.error)).toEqual({
        count: { field: 'count', messageKey: 'validation.required', params: {} },
        name: { field: 'name', messageKey: 'validation.invalid', params: {} },
      });
    }
  });

  it('treats missing login fields as required, in field order', () => {
    expect(Object.keys(schemaErrors(loginSchema, {}))).toEqual(['username', 'password']);
  });
});

describe('validateWithSchema: a react-admin form validate', () => {
  it('shapes errors like the form values, each { message, args } for react-admin to translate', () => {
    const validate = validateWithSchema(campaignLike);
    expect(validate(valid)).toEqual({});
    expect(
      validate({ ...valid, contact: { phone: '0901234567', email: 'x' }, gifts: [{ name: 'a', discountAmount: 1 }, { discountAmount: 1 }], note: 'abcdef' }),
    ).toEqual({
      contact: { email: { message: 'validation.email', args: {} } },
      gifts: [undefined, { name: { message: 'validation.required', args: {} } }],
      note: { message: 'validation.byteLength', args: { max: 5 } },
    });
  });

  it('validates the body `prepare` builds from the form values', () => {
    const validate = validateWithSchema<{ text?: string }>(z.object({ text: byteLengthSchema(3) }), {
      prepare: (values) => ({ text: values.text ?? '' }),
    });
    expect(validate({ text: 'abc' })).toEqual({});
    expect(validate({ text: 'abcd' })).toEqual({ text: { message: 'validation.byteLength', args: { max: 3 } } });
    expect(validate({})).toEqual({ text: { message: 'validation.required', args: {} } });
  });

  it('an error on an array and one inside it do not merge: the first wins', () => {
    const schema = z
      .object({ gifts: z.array(z.object({ name: requiredString })) })
      .superRefine((v, ctx) => {
        if (v.gifts.length > 1) ctx.addIssue({ code: 'custom', path: ['gifts'], message: 'validation.invalid' });
      });
    expect(validateWithSchema(schema)({ gifts: [{ name: '' }] })).toEqual({ gifts: [{ name: { message: 'validation.required', args: {} } }] });
  });

  it('the user form: a bad store in storeList is the store picker’s error', () => {
    const validate = validateWithSchema(createUserSchema, { depth: 'input' });
    const errors = validate({ username: 'cashier_new', fullname: 'Lê Văn C', password: 'Demo@1234', passwordConfirm: 'Demo@1234', role: 'STORE_CASHIER', storeList: [0] });
    expect(Object.keys(errors)).toEqual(['storeList']);
  });
});

describe('messages in the user’s language, from the files the server translates with', () => {
  /** The portal's way: an i18next instance over the same validation.json, default `{{var}}` interpolation. */
  async function portalT(lng: 'vi' | 'en'): Promise<Translate> {
    const i18n = createInstance();
    await i18n.init({
      lng,
      resources: { vi: { validation: viValidation }, en: { validation: enValidation } },
      defaultNS: 'validation',
      interpolation: { escapeValue: false },
    });
    return (key, params) => i18n.t(key, params);
  }
  const serverT = (lng: 'vi' | 'en'): Translate => (key, params) => serverTranslate(lng, key, params);

  const bad = { ...valid, contact: { phone: '123', email: 'a@b.vn' }, note: 'abcdef' };

  it.each([
    ['vi', 'Số điện thoại gồm 10 hoặc 11 chữ số và bắt đầu bằng số 0', 'Nội dung không được vượt quá 5 byte'],
    ['en', 'The phone number has 10 or 11 digits and starts with 0', 'The text must not exceed 5 bytes'],
  ] as const)('in %s, the same text in a form and in an API answer', async (lng, phone, note) => {
    const errors = schemaErrors(campaignLike, bad);
    const inForm = translateErrors(errors, await portalT(lng));
    expect(inForm).toEqual({ 'contact.phone': phone, note });
    expect(translateErrors(errors, serverT(lng))).toEqual(inForm);
  });

  it('schemaMessage: the first message of a one-value schema, translated, or null', async () => {
    const otp = z.string().regex(/^\d{6}$/, 'validation.auth.otpCode');
    expect(schemaMessage(otp, '123456', await portalT('vi'))).toBeNull();
    expect(schemaMessage(otp, '12', await portalT('vi'))).toBe('Mã xác thực gồm 6 chữ số');
    expect(schemaMessage(otp, '12', serverT('en'))).toBe('The verification code has 6 digits');
    expect(schemaMessage(byteLengthSchema(3), 'abcd', serverT('vi'))).toBe('Nội dung không được vượt quá 3 byte');
    const result = z.object({ otpId: requiredString, otpCode: otp }).safeParse({ otpId: 'x', otpCode: '1' });
    expect(result.success).toBe(false);
    if (!result.success) expect(firstMessage(result.error, serverT('vi'))).toBe('Mã xác thực gồm 6 chữ số');
  });
});

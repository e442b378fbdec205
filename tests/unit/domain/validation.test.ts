import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DOCUMENT_TYPES,
  IMAGE_TYPES,
  PASSWORD_SPECIAL_CHARACTERS,
  byteLengthSchema,
  documentTypeSchema,
  emailSchema,
  facebookUrlSchema,
  fileExtension,
  identifierSchema,
  imageTypeSchema,
  listTemplatePlaceholders,
  loginSchema,
  optionalField,
  passwordSchema,
  phoneSchema,
  requiredString,
  templatePlaceholderSchema,
  toFieldErrors,
  usernameSchema,
  utf8ByteLength,
  webUrlSchema,
  withPasswordConfirm,
} from '@/domain/validation';
import viValidation from '@/i18n/vi/validation.json';
import enValidation from '@/i18n/en/validation.json';
import { formErrors } from '@/domain/formErrors';

type Row = [input: unknown, valid: boolean, note?: string];

/** Runs a table: valid rows must pass; invalid rows must fail with exactly `message` (or required). */
function table(name: string, schema: z.ZodType, message: string, rows: Row[]) {
  describe(name, () => {
    it('has at least 15 cases', () => expect(rows.length).toBeGreaterThanOrEqual(15));
    it.each(rows.map(([input, valid, note]) => ({ input, valid, note: note ?? '' })))(
      '$input → $valid $note',
      ({ input, valid }) => {
        const result = schema.safeParse(input);
        expect(result.success).toBe(valid);
        if (!result.success) {
          const expected = input === '' || input === undefined || input === null || typeof input !== 'string' ? 'validation.required' : message;
          expect(result.error.issues).toHaveLength(1);
          expect(result.error.issues[0].message).toBe(expected);
        }
      },
    );
  });
}

table('phoneSchema', phoneSchema, 'validation.phone', [
  ['0912345678', true, '09 mobile, 10 digits'],
  ['0312345678', true, '03'],
  ['0512345678', true, '05'],
  ['0712345678', true, '07'],
  ['0812345678', true, '08'],
  ['01212345678', true, '012, 11 digits'],
  ['01612345678', true, '016'],
  ['01812345678', true, '018'],
  ['01912345678', true, '019'],
  ['02838123456', true, 'landline 028, 11 digits'],
  ['02412345678', true, 'landline 024'],
  ['091234567', false, '9 digits'],
  ['09123456789', false, '09 with 11 digits'],
  ['0121234567', false, '012 with 10 digits'],
  ['0283812345', false, 'landline with 10 digits'],
  ['0112345678', false, 'unassigned 011'],
  ['01112345678', false, 'unassigned 011, 11 digits'],
  ['0412345678', false, 'unassigned 04'],
  ['0612345678', false, 'unassigned 06'],
  ['0012345678', false, '00'],
  ['912345678', false, 'no leading 0'],
  ['+84912345678', false, 'international format'],
  ['84912345678', false, 'country code without +'],
  ['0912 345 678', false, 'inner spaces'],
  [' 0912345678', false, 'leading space'],
  ['0912345678 ', false, 'trailing space'],
  ['0912-345-678', false, 'dashes'],
  ['091234567a', false, 'letter'],
  ['０９１２３４５６７８', false, 'full-width digits'],
  ['0'.repeat(200), false, 'very long'],
  ['', false, 'empty'],
  [undefined, false, 'missing'],
  [912345678, false, 'number, not text'],
]);

table('passwordSchema', passwordSchema, 'validation.password', [
  ['Demo@1234', true, 'demo password'],
  ['Aa1!aaaa', true, '8 chars (min)'],
  ['Aa1!aaaaaaaaaaaa', true, '16 chars (max)'],
  ['Aa1!aaa', false, '7 chars'],
  ['Aa1!aaaaaaaaaaaaa', false, '17 chars'],
  ['aa1!aaaa', false, 'no uppercase'],
  ['AA1!AAAA', false, 'no lowercase'],
  ['Aa!aaaaa', false, 'no digit'],
  ['Aa1aaaaa', false, 'no special'],
  ['Aa1 aaaa', false, 'space is not special'],
  [' Aa1!aaaa', false, 'leading space'],
  ['Aa1!aaaa ', false, 'trailing space'],
  ['Ăa1!aaaa', false, 'Vietnamese letter'],
  ['Mậtkhẩu1!', false, 'diacritics'],
  ['Aa1!aaa😀', false, 'emoji'],
  ['Aa1\taaaa!', false, 'tab'],
  ['12345678', false, 'digits only'],
  ['Abcdefg1~', true, 'tilde'],
  ['Abcdefg1"', true, 'double quote'],
  ['Abcdefg1\\', true, 'backslash'],
  ['Abcdefg1`', true, 'backtick'],
  ['Abcdefg1_', true, 'underscore'],
  ['Abcdefg1€', false, 'euro sign is not in the set'],
  ['A'.repeat(500) + 'a1!', false, 'very long'],
  ['', false, 'empty'],
  [null, false, 'null'],
]);

describe('PASSWORD_SPECIAL_CHARACTERS', () => {
  it('is the 32 printable ASCII punctuation characters, without space', () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toHaveLength(32);
    expect(PASSWORD_SPECIAL_CHARACTERS).not.toContain(' ');
    for (const c of PASSWORD_SPECIAL_CHARACTERS) {
      expect(c.charCodeAt(0)).toBeGreaterThan(32);
      expect(c.charCodeAt(0)).toBeLessThan(127);
      expect(/[A-Za-z0-9]/.test(c)).toBe(false);
      expect(passwordSchema.safeParse(`Abcdefg1${c}`).success).toBe(true);
    }
  });
});

table('emailSchema', emailSchema, 'validation.email', [
  ['an.nguyen@example.com', true],
  ['an@example.vn', true, '2-letter suffix'],
  ['an@shop.com.vn', true, 'sub-domain'],
  ['an+tag@example.com', true, 'plus'],
  ['an_nguyen-1%x@ex-ample.org', true, 'allowed specials'],
  ['AN@EXAMPLE.COM', true, 'upper case'],
  ['an@example.info', false, '4-letter suffix'],
  ['an@example.c', false, '1-letter suffix'],
  ['an@example.c0m', false, 'digit in suffix'],
  ['an@example', false, 'no suffix'],
  ['an.example.com', false, 'no @'],
  ['an@@example.com', false, 'two @'],
  ['@example.com', false, 'no local part'],
  ['an@.com', false, 'no domain'],
  ['.an@example.com', false, 'leading dot'],
  ['an.@example.com', false, 'trailing dot'],
  ['an..nguyen@example.com', false, 'double dot'],
  ['an@-example.com', false, 'label starts with hyphen'],
  ['an nguyen@example.com', false, 'space'],
  [' an@example.com', false, 'leading space'],
  ['an@example.com ', false, 'trailing space'],
  ['ân@example.com', false, 'diacritic'],
  [`${'a'.repeat(65)}@example.com`, false, 'local part over 64'],
  [`a@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.com`, false, 'over 254'],
  ['', false, 'empty'],
]);

table('usernameSchema', usernameSchema, 'validation.username', [
  ['abcdef', true, '6 chars'],
  ['abcde', false, '5 chars'],
  ['a'.repeat(20), true, '20 chars'],
  ['a'.repeat(21), false, '21 chars'],
  ['merchant_01', true],
  ['MerchantOwner', true, 'upper and lower'],
  ['______', true, 'underscores only'],
  ['123456', false, 'all digits (6)'],
  ['12345678901234567890', false, 'all digits (20)'],
  ['123456a', true, 'digits and a letter'],
  ['1_23456', true, 'digits and underscore'],
  ['merchant owner', false, 'space'],
  [' merchant', false, 'leading space'],
  ['merchant ', false, 'trailing space'],
  ['merchant-01', false, 'hyphen'],
  ['merchant.01', false, 'dot'],
  ['nguyễnvăn', false, 'diacritics'],
  ['user@shop', false, 'at sign'],
  ['a'.repeat(1000), false, 'very long'],
  ['', false, 'empty'],
  [undefined, false, 'missing'],
]);

table('imageTypeSchema', imageTypeSchema, 'validation.imageType', [
  ['logo.png', true],
  ['logo.jpg', true],
  ['logo.jpeg', true],
  ['logo.svg', true],
  ['LOGO.PNG', true, 'upper case'],
  ['Logo.JpEg', true, 'mixed case'],
  ['ảnh cửa hàng.jpg', true, 'Vietnamese name with spaces'],
  ['archive.tar.png', true, 'last extension counts'],
  ['logo.gif', false],
  ['logo.webp', false],
  ['contract.pdf', false, 'pdf is a document, not an image'],
  ['logo.png.exe', false, 'double extension'],
  ['logo', false, 'no extension'],
  ['.png', false, 'extension only'],
  ['logo.', false, 'trailing dot'],
  ['logo.png ', false, 'trailing space'],
  ['logopng', false, 'no dot'],
  ['', false, 'empty'],
]);

table('documentTypeSchema', documentTypeSchema, 'validation.documentType', [
  ['giay-phep.pdf', true],
  ['GIAY-PHEP.PDF', true],
  ['cccd-truoc.jpg', true],
  ['cccd-sau.jpeg', true],
  ['logo.png', true],
  ['logo.svg', true],
  ['hop-dong.docx', false],
  ['hop-dong.doc', false],
  ['bang-ke.xlsx', false],
  ['anh.heic', false],
  ['file.pdf.zip', false],
  ['pdf', false],
  ['.pdf', false],
  ['file.', false],
  ['', false],
]);

describe('file type lists', () => {
  it('IMAGE_TYPES and DOCUMENT_TYPES follow §5', () => {
    expect([...IMAGE_TYPES]).toEqual(['jpg', 'png', 'jpeg', 'svg']);
    expect([...DOCUMENT_TYPES]).toEqual(['jpg', 'png', 'jpeg', 'svg', 'pdf']);
    expect(fileExtension('a.B.JPG')).toBe('jpg');
  });
});

table('webUrlSchema', webUrlSchema, 'validation.webUrl', [
  ['https://example.com', true],
  ['http://example.com', true],
  ['https://shop.example.com.vn', true, 'sub-domains'],
  ['https://example.com/', true, 'root path'],
  ['https://example.com/a/b?c=1&d=2#top', true, 'path, query, fragment'],
  ['https://example.com:8', true, '1-digit port'],
  ['https://example.com:8080/path', true, 'port and path'],
  ['https://example.com:65535', true, 'highest port'],
  ['https://example.com:65536', false, 'port out of range'],
  ['https://example.com:0', false, 'port 0'],
  ['https://example.com:123456', false, '6-digit port'],
  ['https://example.com:', false, 'empty port'],
  ['HTTPS://EXAMPLE.COM', true, 'upper case'],
  ['https://xn--vi-xanh-7ya.vn', true, 'punycode host'],
  ['ftp://example.com', false, 'other scheme'],
  ['example.com', false, 'no scheme'],
  ['https://example', false, 'no top-level domain'],
  ['https://example.c', false, '1-letter TLD'],
  ['https://example.123', false, 'digit TLD'],
  ['https://localhost:3000', false, 'localhost'],
  ['https://192.168.1.1', false, 'IP address'],
  ['https://-example.com', false, 'label starts with hyphen'],
  ['https://exa mple.com', false, 'space in host'],
  ['https://example.com/a b', false, 'space in path'],
  [' https://example.com', false, 'leading space'],
  ['https://example.com ', false, 'trailing space'],
  ['https://víxanh.vn', false, 'raw Unicode host'],
  ['javascript:alert(1)', false, 'script URL'],
  [`https://example.com/${'a'.repeat(2000)}`, true, 'very long path'],
  ['', false, 'empty'],
]);

table('facebookUrlSchema', facebookUrlSchema, 'validation.facebookUrl', [
  ['https://www.facebook.com/vixanh', true],
  ['https://facebook.com/vixanh', true],
  ['http://facebook.com/vixanh', true],
  ['https://m.facebook.com/vixanh', true],
  ['https://web.facebook.com/vixanh', true],
  ['https://fb.com/vixanh', true],
  ['https://fb.me/vixanh', true],
  ['https://www.facebook.com/profile.php?id=100012345678', true],
  ['https://www.facebook.com/groups/123/', true],
  ['HTTPS://WWW.FACEBOOK.COM/VIXANH', true, 'upper case'],
  ['https://www.facebook.com/', false, 'no page'],
  ['https://www.facebook.com', false, 'no path'],
  ['https://www.facebook.com//x', false, 'empty first segment'],
  ['https://facebook.com.evil.com/vixanh', false, 'look-alike host'],
  ['https://evilfacebook.com/vixanh', false, 'suffix look-alike'],
  ['https://www.instagram.com/vixanh', false, 'other network'],
  ['facebook.com/vixanh', false, 'no scheme'],
  ['https://www.facebook.com/vi xanh', false, 'space'],
  [' https://www.facebook.com/vixanh', false, 'leading space'],
  ['', false, 'empty'],
]);

table('identifierSchema', identifierSchema, 'validation.identifier', [
  ['abc', true],
  ['ABC_123', true],
  ['_', true, 'underscore only'],
  ['a', true, 'single letter'],
  ['1', true, 'single digit'],
  ['cua_hang_1', true],
  ['a'.repeat(500), true, 'very long'],
  ['a b', false, 'space'],
  [' abc', false, 'leading space'],
  ['abc ', false, 'trailing space'],
  ['a-b', false, 'hyphen'],
  ['a.b', false, 'dot'],
  ['cửa_hàng', false, 'diacritics'],
  ['đ', false, 'đ'],
  ['a$b', false, 'dollar'],
  ['a\nb', false, 'newline'],
  ['', false, 'empty'],
]);

table('templatePlaceholderSchema', templatePlaceholderSchema, 'validation.templatePlaceholder', [
  ['Xin chào ${customerName}', true],
  ['${a}${b}', true, 'adjacent'],
  ['${first_name} ${LAST_NAME} ${x1}', true, 'several'],
  ['Không có biến', true, 'no placeholder'],
  ['Giá $100 {không phải biến}', true, 'dollar and braces apart'],
  ['Mã: ${order_id}.', true, 'followed by punctuation'],
  ['$', true, 'lone dollar'],
  ['Xin chào ${}', false, 'empty name'],
  ['Xin chào ${customer name}', false, 'space in name'],
  ['Xin chào ${customerName', false, 'unclosed'],
  ['Xin chào ${tên}', false, 'diacritics in name'],
  ['${a-b}', false, 'hyphen in name'],
  ['${ a }', false, 'spaces around name'],
  ['${${a}}', false, 'nested'],
  ['ok ${a} then ${', false, 'dangling at the end'],
  ['   ', true, 'whitespace only text is still a text'],
  ['', false, 'empty'],
]);

describe('listTemplatePlaceholders', () => {
  it.each([
    ['Xin chào ${name}, đơn ${orderId} của ${name}', ['name', 'orderId']],
    ['no placeholder', []],
    ['${a}${b}${a}', ['a', 'b']],
    ['${bad name} ${ok}', ['ok']],
    ['', []],
  ])('%s', (text, names) => expect(listTemplatePlaceholders(text)).toEqual(names));
});

table('byteLengthSchema(10)', byteLengthSchema(10), 'validation.byteLength', [
  ['a', true],
  ['abcdefghij', true, '10 ASCII bytes'],
  ['abcdefghijk', false, '11 ASCII bytes'],
  ['đđđđđ', true, 'đ is 2 bytes: 10'],
  ['đđđđđa', false, '11 bytes'],
  ['ệệệ', true, 'ệ precomposed is 3 bytes: 9'],
  ['ệệệa', true, '10 bytes'],
  ['ệệệệ', false, '12 bytes'],
  ['e\u0323\u0302e\u0323\u0302', true, 'decomposed ệ is 5 bytes: 10'],
  ['e\u0323\u0302e\u0323\u0302a', false, 'decomposed: 11 bytes'],
  ['😀😀', true, 'emoji 4 bytes each: 8'],
  ['😀😀😀', false, '12 bytes'],
  ['          ', true, '10 spaces'],
  ['Việt Nam', true, '10 bytes'],
  ['Việt Nam!', false, '11 bytes'],
  ['x'.repeat(10_000), false, 'very long'],
  ['', false, 'empty is required'],
]);

describe('utf8ByteLength', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['đ', 2],
    ['ệ', 3],
    ['😀', 4],
    ['Tiếng Việt', 14],
  ])('%s → %i', (text, bytes) => expect(utf8ByteLength(text)).toBe(bytes));

  it('carries {max} for the message', () => {
    const result = byteLengthSchema(255).safeParse('x'.repeat(256));
    expect(result.success).toBe(false);
    if (!result.success) expect(toFieldErrors(result.error)[0]).toEqual({ field: '', messageKey: 'validation.byteLength', params: { max: 255 } });
  });
});

table('requiredString', requiredString, 'validation.required', [
  ['a', true],
  ['  a  ', true, 'surrounded by spaces'],
  ['0', true],
  ['Nguyễn Văn A', true],
  ['x'.repeat(10_000), true, 'very long'],
  [' ', false, 'one space'],
  ['   ', false, 'spaces'],
  ['\t\n', false, 'tab and newline'],
  ['\u00a0', false, 'no-break space'],
  ['\u3000', false, 'ideographic space'],
  ['', false, 'empty'],
  [undefined, false, 'missing'],
  [null, false, 'null'],
  [0, false, 'number'],
  [false, false, 'boolean'],
]);

describe('loginSchema', () => {
  it('accepts a well-formed username and password', () => {
    expect(loginSchema.safeParse({ username: 'owner_demo', password: 'Demo@1234' }).success).toBe(true);
  });
  it('gives the §5 messages for malformed values', () => {
    const result = loginSchema.safeParse({ username: '123456', password: 'x' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldErrors(result.error)).toEqual([
        { field: 'username', messageKey: 'validation.username', params: {} },
        { field: 'password', messageKey: 'validation.password', params: {} },
      ]);
    }
  });
  it('requires both', () => {
    const result = loginSchema.safeParse({ username: '', password: '' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldErrors(result.error)).toEqual([
        { field: 'username', messageKey: 'validation.required', params: {} },
        { field: 'password', messageKey: 'validation.required', params: {} },
      ]);
    }
  });
  it('treats missing fields as required', () => {
    const result = loginSchema.safeParse({});
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(formErrors(result.error))).toEqual(['username', 'password']);
  });
});

describe('withPasswordConfirm', () => {
  const schema = withPasswordConfirm(
    z.object({ username: usernameSchema, password: passwordSchema, passwordConfirm: requiredString }),
  );
  it('accepts a matching pair', () => {
    expect(schema.safeParse({ username: 'cashier_01', password: 'Demo@1234', passwordConfirm: 'Demo@1234' }).success).toBe(true);
  });
  it('puts the mismatch on passwordConfirm, next to other field errors', () => {
    const result = schema.safeParse({ username: 'x', password: 'Demo@1234', passwordConfirm: 'Demo@12345' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(formErrors(result.error)).toEqual({
        username: { field: 'username', messageKey: 'validation.username', params: {} },
        passwordConfirm: { field: 'passwordConfirm', messageKey: 'validation.passwordConfirm', params: {} },
      });
    }
  });
  it('says only "required" for an empty confirmation', () => {
    const result = schema.safeParse({ username: 'cashier_01', password: 'Demo@1234', passwordConfirm: '' });
    expect(result.success).toBe(false);
    if (!result.success) expect(toFieldErrors(result.error)).toEqual([{ field: 'passwordConfirm', messageKey: 'validation.required', params: {} }]);
  });
});

describe('optionalField', () => {
  const schema = z.object({ email: optionalField(emailSchema) });
  it.each([[''], [null], [undefined]])('lets %s through', (email) => expect(schema.safeParse({ email }).success).toBe(true));
  it('validates a given value with the rule message and field path', () => {
    const result = schema.safeParse({ email: 'not-an-email' });
    expect(result.success).toBe(false);
    if (!result.success) expect(toFieldErrors(result.error)).toEqual([{ field: 'email', messageKey: 'validation.email', params: {} }]);
  });
});

describe('toFieldErrors', () => {
  it('never passes on an untranslated zod message', () => {
    const schema = z.object({ count: z.number(), name: z.string().max(2), nested: z.object({ phone: phoneSchema }) });
    const result = schema.safeParse({ name: 'abc', nested: { phone: '123' } });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldErrors(result.error)).toEqual([
        { field: 'count', messageKey: 'validation.required', params: {} },
        { field: 'name', messageKey: 'validation.invalid', params: {} },
        { field: 'nested.phone', messageKey: 'validation.phone', params: {} },
      ]);
    }
  });
});

// The react-admin form validator (was toFieldValidator) is tested in formErrors.test.ts.

describe('messages', () => {
  const keys = [
    'required', 'invalid', 'phone', 'password', 'passwordConfirm', 'email', 'username', 'imageType', 'documentType',
    'webUrl', 'facebookUrl', 'identifier', 'templatePlaceholder', 'byteLength',
  ];
  it.each(keys)('validation.%s exists in vi and en', (key) => {
    expect((viValidation.validation as unknown as Record<string, string>)[key]).toBeTruthy();
    expect((enValidation.validation as unknown as Record<string, string>)[key]).toBeTruthy();
  });
  it('uses the §5 sentences', () => {
    expect(viValidation.validation.phone).toBe('Số điện thoại gồm 10 hoặc 11 chữ số và bắt đầu bằng số 0');
    expect(viValidation.validation.password).toBe(
      'Mật khẩu phải chứa 8-16 ký tự bao gồm ít nhất 1 chữ số, chữ hoa, chữ thường và ký tự đặc biệt',
    );
    expect(viValidation.validation.username).toBe(
      'Tên đăng nhập phải chứa từ 6 đến 20 ký tự, chỉ gồm chữ hoa, chữ thường, chữ số và dấu gạch dưới',
    );
    expect(enValidation.validation.phone).toBe('The phone number has 10 or 11 digits and starts with 0');
    expect(enValidation.validation.password).toBe(
      'The password must contain 8-16 characters including at least 1 digit, uppercase, lowercase and special character',
    );
    expect(enValidation.validation.username).toBe(
      'The username must contain 6 to 20 characters, only uppercase, lowercase, digits and underscore',
    );
  });
});

/**
 * Validation rules of spec §5, one zod schema per rule, shared by the portal's forms and the API.
 *
 * Every message is an i18n key of the `validation` namespace (src/i18n/{vi,en}/validation.json), never
 * a sentence: the form translates it with the user's language, the server with the request's `lang`.
 *
 * Schemas never transform the value (no trimming, no case folding): what is validated is exactly what
 * is stored, so the portal and the server can never disagree about a value one of them "fixed".
 * A missing value, a value that is not a string and the empty string all give `validation.required`;
 * an optional field is wrapped with `optionalField()`, which lets '' / null / undefined through.
 */
import { z } from 'zod';

export const ValidationKeys = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  phone: 'validation.phone',
  password: 'validation.password',
  passwordConfirm: 'validation.passwordConfirm',
  email: 'validation.email',
  username: 'validation.username',
  imageType: 'validation.imageType',
  documentType: 'validation.documentType',
  webUrl: 'validation.webUrl',
  facebookUrl: 'validation.facebookUrl',
  identifier: 'validation.identifier',
  templatePlaceholder: 'validation.templatePlaceholder',
  byteLength: 'validation.byteLength',
} as const;
export type ValidationKey = (typeof ValidationKeys)[keyof typeof ValidationKeys];

/** Builds a string schema with one rule and one message, so a field shows one error at a time. */
function rule(
  isValid: (value: string) => boolean,
  message: ValidationKey,
  params?: Record<string, unknown>,
): z.ZodString {
  return z.string({ error: ValidationKeys.required }).check((ctx) => {
    if (ctx.value === '') {
      ctx.issues.push({ code: 'custom', message: ValidationKeys.required, input: ctx.value });
    } else if (!isValid(ctx.value)) {
      ctx.issues.push({ code: 'custom', message, input: ctx.value, ...(params ? { params } : {}) });
    }
  });
}

/**
 * Lets an absent field through ('' / null / undefined all mean "not given") and validates the rest
 * with `schema`, keeping its own message (a zod union would report a generic "invalid_union").
 */
export function optionalField<T extends z.ZodType>(schema: T): z.ZodType<z.output<T> | '' | null | undefined> {
  return z
    .unknown()
    .check((ctx) => {
      if (ctx.value === '' || ctx.value === null || ctx.value === undefined) return;
      const result = schema.safeParse(ctx.value);
      if (!result.success) {
        for (const issue of result.error.issues) {
          ctx.issues.push({ ...issue, code: 'custom', input: ctx.value } as z.core.$ZodRawIssue);
        }
      }
    })
    // Optional, so a generated JSON Schema (the API's OpenAPI document) does not list it as required.
    .optional() as unknown as z.ZodType<z.output<T> | '' | null | undefined>;
}

// ---------------------------------------------------------------------------------------------
// Database ids
// ---------------------------------------------------------------------------------------------

/** PostgreSQL `integer`: a larger id cannot name a row, and a query given one fails. */
export const MAX_DB_INT = 2_147_483_647;

/** A database id in a JSON body (stores, services, settings): a positive PostgreSQL integer. */
export const dbIdSchema = z
  .number(ValidationKeys.invalid)
  .int(ValidationKeys.invalid)
  .min(1, ValidationKeys.invalid)
  .max(MAX_DB_INT, ValidationKeys.invalid);

/** The same id in a path or query, where it arrives as text. */
export const dbIdParam = z.coerce
  .number(ValidationKeys.invalid)
  .int(ValidationKeys.invalid)
  .min(1, ValidationKeys.invalid)
  .max(MAX_DB_INT, ValidationKeys.invalid);

// ---------------------------------------------------------------------------------------------
// Required text
// ---------------------------------------------------------------------------------------------

/** Any non-blank text. Whitespace-only counts as empty: a name of three spaces is not a name. */
export const requiredString = rule((v) => v.trim().length > 0, ValidationKeys.required);

// ---------------------------------------------------------------------------------------------
// Phone (§5)
// ---------------------------------------------------------------------------------------------

/**
 * Vietnamese numbers in national format (leading 0, digits only, no spaces or +84):
 * - mobile 03, 05, 07, 08, 09: 10 digits;
 * - the former 11-digit mobile prefixes 012, 016, 018, 019: 11 digits (spec §5 still accepts them);
 * - fixed lines 02x: 11 digits (area code 02xx since 2017), because store phones are often landlines;
 * - every other prefix (00, 01x other than the four above, 04, 06) is not assigned and is rejected.
 */
export const PHONE_PREFIX_LENGTHS: ReadonlyArray<{ prefix: string; length: number }> = [
  { prefix: '03', length: 10 },
  { prefix: '05', length: 10 },
  { prefix: '07', length: 10 },
  { prefix: '08', length: 10 },
  { prefix: '09', length: 10 },
  { prefix: '012', length: 11 },
  { prefix: '016', length: 11 },
  { prefix: '018', length: 11 },
  { prefix: '019', length: 11 },
  { prefix: '02', length: 11 },
];

export function isValidPhone(value: string): boolean {
  if (!/^0\d{9,10}$/.test(value)) return false;
  const match = PHONE_PREFIX_LENGTHS.find(({ prefix }) => value.startsWith(prefix));
  return match !== undefined && value.length === match.length;
}

export const phoneSchema = rule(isValidPhone, ValidationKeys.phone);

// ---------------------------------------------------------------------------------------------
// Password (§5)
// ---------------------------------------------------------------------------------------------

/**
 * The fixed set of special characters: the 32 printable ASCII punctuation characters (OWASP's list
 * without the space). Only ASCII letters, digits and these are allowed: a space or a letter with a
 * diacritic can be typed in different Unicode forms by different keyboards and input methods, so the
 * same password would not match itself on another device.
 */
export const PASSWORD_SPECIAL_CHARACTERS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;

const isPasswordSpecial = (c: string) => PASSWORD_SPECIAL_CHARACTERS.includes(c);

export function isValidPassword(value: string): boolean {
  if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return false;
  let digit = false;
  let upper = false;
  let lower = false;
  let special = false;
  for (const c of value) {
    if (c >= '0' && c <= '9') digit = true;
    else if (c >= 'A' && c <= 'Z') upper = true;
    else if (c >= 'a' && c <= 'z') lower = true;
    else if (isPasswordSpecial(c)) special = true;
    else return false;
  }
  return digit && upper && lower && special;
}

export const passwordSchema = rule(isValidPassword, ValidationKeys.password);

/**
 * Adds the "confirmation matches" rule to an object schema that has `password` and `passwordConfirm`;
 * the error sits on `passwordConfirm`, where the user typed the mismatch.
 */
export function withPasswordConfirm<T extends z.ZodObject<{ password: z.ZodType; passwordConfirm: z.ZodType }>>(
  schema: T,
) {
  type Pair = { password?: unknown; passwordConfirm?: unknown };
  return schema.refine((value) => (value as Pair).password === (value as Pair).passwordConfirm, {
    message: ValidationKeys.passwordConfirm,
    path: ['passwordConfirm'],
    // Run even when other fields fail, so the mismatch shows together with the other errors; skip it
    // while the confirmation is empty (that field already says "required").
    when: (payload) => {
      const value = payload.value as Pair | null;
      return typeof value?.password === 'string' && typeof value.passwordConfirm === 'string' && value.passwordConfirm !== '';
    },
  });
}

// ---------------------------------------------------------------------------------------------
// E-mail (§5): local part @ domain . 2-3 letter suffix
// ---------------------------------------------------------------------------------------------

/**
 * Local part: letters, digits and . _ % + - (no leading, trailing or double dot, at most 64).
 * Domain: dot-separated labels of letters, digits and inner hyphens, ending in a 2-3 letter suffix
 * (so `.vn`, `.com`, `.com.vn` pass and `.info` does not, as §5 says). At most 254 characters in all.
 */
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9._%+-]{1,64}(?<!\.)@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,3}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

export const emailSchema = rule(isValidEmail, ValidationKeys.email);

// ---------------------------------------------------------------------------------------------
// Username (§5)
// ---------------------------------------------------------------------------------------------

export const USERNAME_MIN_LENGTH = 6;
export const USERNAME_MAX_LENGTH = 20;

/** 6-20 ASCII letters, digits or underscores, not digits only (a digits-only name looks like a phone). */
export function isValidUsername(value: string): boolean {
  return /^[A-Za-z0-9_]{6,20}$/.test(value) && !/^\d+$/.test(value);
}

export const usernameSchema = rule(isValidUsername, ValidationKeys.username);

// ---------------------------------------------------------------------------------------------
// File types (§5): decided by the file name's last extension, case-insensitive
// ---------------------------------------------------------------------------------------------

export const IMAGE_TYPES = ['jpg', 'png', 'jpeg', 'svg'] as const;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'pdf'] as const;

/** The last extension, lower case, or '' when the name has none or is only an extension (".png"). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return '';
  return fileName.slice(dot + 1).toLowerCase();
}

/** True when the name's last extension is one of `types`. The server still checks the content. */
export function hasFileType(fileName: string, types: readonly string[]): boolean {
  return types.includes(fileExtension(fileName));
}

/** Validates a file name (e.g. `File.name`). */
export const imageTypeSchema = rule((v) => hasFileType(v, IMAGE_TYPES), ValidationKeys.imageType);
export const documentTypeSchema = rule((v) => hasFileType(v, DOCUMENT_TYPES), ValidationKeys.documentType);

// ---------------------------------------------------------------------------------------------
// Web and Facebook addresses (§5)
// ---------------------------------------------------------------------------------------------

/**
 * http or https (any case, as URL schemes are), then a host name of labels with a top-level domain of 2+ letters (no IP address, no
 * `localhost`: merchants give public sites), an optional port of 1-5 digits that must also be a real
 * port (1-65535), and an optional path, query or fragment without spaces.
 */
const WEB_URL_PATTERN =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}(?::(\d{1,5}))?(?:[/?#]\S*)?$/i;

export function isValidWebUrl(value: string): boolean {
  const match = WEB_URL_PATTERN.exec(value);
  if (!match) return false;
  if (match[1] !== undefined) {
    const port = Number(match[1]);
    if (port < 1 || port > 65535) return false;
  }
  return true;
}

export const webUrlSchema = rule(isValidWebUrl, ValidationKeys.webUrl);

/**
 * A Facebook page or profile: http(s), facebook.com / fb.com (optionally www., m., web., mbasic.,
 * business.) or fb.me, then a non-empty path such as `/shopname` or `/profile.php?id=100`.
 */
const FACEBOOK_URL_PATTERN =
  /^https?:\/\/(?:(?:(?:www|m|web|mbasic|business)\.)?(?:facebook|fb)\.com|fb\.me)\/(?=[^\s/])\S+$/i;

export function isValidFacebookUrl(value: string): boolean {
  return FACEBOOK_URL_PATTERN.test(value);
}

export const facebookUrlSchema = rule(isValidFacebookUrl, ValidationKeys.facebookUrl);

// ---------------------------------------------------------------------------------------------
// Identifier and template placeholders (§5)
// ---------------------------------------------------------------------------------------------

const IDENTIFIER_PATTERN = /^[A-Za-z0-9_]+$/;

export function isValidIdentifier(value: string): boolean {
  return IDENTIFIER_PATTERN.test(value);
}

export const identifierSchema = rule(isValidIdentifier, ValidationKeys.identifier);

/** A placeholder is `${name}` where name is an identifier (letters, digits, underscore). */
const PLACEHOLDER_PATTERN = /\$\{([A-Za-z0-9_]+)\}/g;

/** The placeholder names used in a template text, each once, in order of first use. */
export function listTemplatePlaceholders(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) names.add(match[1]);
  return [...names];
}

/**
 * A template text is valid when every `${` opens a well-formed placeholder: `${}`, `${a b}`,
 * `${name` or `${tên}` would reach the customer as raw text, so they are refused when saved.
 */
export function isValidTemplate(text: string): boolean {
  return !text.replace(PLACEHOLDER_PATTERN, '').includes('${');
}

export const templatePlaceholderSchema = rule(isValidTemplate, ValidationKeys.templatePlaceholder);

// ---------------------------------------------------------------------------------------------
// Byte length (§5)
// ---------------------------------------------------------------------------------------------

const utf8 = new TextEncoder();

/** UTF-8 byte length: 'a' is 1 byte, 'đ' 2, 'ệ' 3 (precomposed; decomposed forms count each mark). */
export function utf8ByteLength(value: string): number {
  return utf8.encode(value).length;
}

/** Text of at most `max` UTF-8 bytes (back-end columns and partner APIs limit bytes, not characters). */
export function byteLengthSchema(max: number) {
  return rule((v) => utf8ByteLength(v) <= max, ValidationKeys.byteLength, { max });
}

// ---------------------------------------------------------------------------------------------
// Login
// ---------------------------------------------------------------------------------------------

/**
 * Login checks the §5 username and password rules (the foundation issue asks for their messages on the
 * login page). The rules are public and every account is created under them, so they reveal nothing;
 * a wrong but well-formed password still gets the one invalid-credentials answer.
 */
export const loginSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
});
export type LoginInput = z.infer<typeof loginSchema>;

// ---------------------------------------------------------------------------------------------
// Turning zod errors into translatable field errors
// ---------------------------------------------------------------------------------------------

export interface FieldError {
  /** Dotted path of the field ('' for the value itself), e.g. `username`, `stores.0.id`. */
  field: string;
  /** An i18n key of the `validation` namespace. */
  messageKey: string;
  /** Interpolation values for the message, e.g. `{ max: 255 }`. */
  params: Record<string, unknown>;
}

/**
 * Maps each zod issue to a field error. Our own schemas always carry a `validation.*` key; issues
 * from zod's built-in checks (a schema composed elsewhere) fall back to `required` for a missing value
 * and `invalid` otherwise, so a user never sees an untranslated zod sentence.
 */
export function toFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => {
    const params =
      issue.code === 'custom' && issue.params && typeof issue.params === 'object'
        ? { ...(issue.params as Record<string, unknown>) }
        : {};
    let messageKey: string = issue.message;
    if (!messageKey.startsWith('validation.')) {
      messageKey = issue.code === 'invalid_type' && issue.input == null ? ValidationKeys.required : ValidationKeys.invalid;
    }
    return { field: issue.path.map(String).join('.'), messageKey, params };
  });
}

// Forms map these to their fields through src/domain/formErrors.ts (schemaErrors, validateWithSchema).

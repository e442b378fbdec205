/**
 * The one way a form turns a shared zod schema's issues into field errors (docs/contract.md
 * "Validation"): every portal form validates with the schema its API route validates with, so the
 * form refuses exactly what the server refuses, and each message is the same `validation.*` key the
 * server translates from the same JSON files.
 *
 * - `schemaErrors(schema, values)`: the first error of each field, keyed by form field path;
 * - `validateWithSchema(schema, options)`: a react-admin `validate` (`<SimpleForm>` / `<Form>`);
 * - `translateErrors(errors, t)` / `schemaMessage(schema, value, t)` / `firstMessage(error, t)`: the messages themselves, for
 *   forms outside react-admin (react-admin translates `{ message, args }` itself).
 *
 * Pure: no React, no i18next; `t` is whatever translates in the caller's world (i18next's `t`,
 * react-admin's `translate`, the server's `translate(lang, …)`).
 */
import type { z } from 'zod';
import { toFieldErrors, type FieldError } from './validation';

export type { FieldError };

/** A translation function: key of the `validation` namespace + interpolation values → text. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface FormErrorOptions {
  /**
   * The form field that shows an issue raised on the whole value (an object-level `refine` or
   * `superRefine` without a `path`). Without it such an issue is kept under `root`, which still
   * blocks a react-admin submit. A refine that names its field (`{ path: ['passwordConfirm'] }`)
   * lands on that field either way.
   */
  rootField?: string;
  /**
   * `'path'` (default): nested paths stay nested (`gifts.0.discountAmount`, for an `<ArrayInput>`).
   * `'input'`: the first segment names the input (a multi-select of `storeList` shows `storeList.0`'s error).
   */
  depth?: 'path' | 'input';
}

/** The first error of each form field, keyed by its dotted path (`username`, `gifts.0.quantity`). */
export function formErrors(error: z.ZodError, options: FormErrorOptions = {}): Record<string, FieldError> {
  const result: Record<string, FieldError> = {};
  for (const fieldError of toFieldErrors(error)) {
    let field = fieldError.field === '' ? (options.rootField ?? 'root') : fieldError.field;
    if (options.depth === 'input') field = field.split('.')[0];
    if (!(field in result)) result[field] = { ...fieldError, field };
  }
  return result;
}

/** Validates `values` with `schema`: `{}` when valid, else the first error of each field. */
export function schemaErrors(schema: z.ZodType, values: unknown, options: FormErrorOptions = {}): Record<string, FieldError> {
  const result = schema.safeParse(values);
  return result.success ? {} : formErrors(result.error, options);
}

/** Field path → message in the caller's language. */
export function translateErrors(errors: Record<string, FieldError>, t: Translate): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, e]) => [field, t(e.messageKey, e.params)]));
}

/** The first issue's message, translated: for a form with one input (an OTP code). */
export function firstMessage(error: z.ZodError, t: Translate): string {
  const [first] = toFieldErrors(error);
  return t(first.messageKey, first.params);
}

/** The first message of a single-value schema, translated; null when valid. */
export function schemaMessage(schema: z.ZodType, value: unknown, t: Translate): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : firstMessage(result.error, t);
}

/** What react-admin translates: an i18n key and its interpolation values. */
export interface RaValidationMessage {
  message: string;
  args: Record<string, unknown>;
}

type Nested = { [key: string]: Nested | Nested[] | RaValidationMessage | undefined };

const isMessage = (value: unknown): value is RaValidationMessage =>
  typeof value === 'object' && value !== null && 'message' in value && 'args' in value;

/**
 * `{ 'gifts.0.name': e }` → `{ gifts: [{ name: e }] }`: the shape of the form values react-admin
 * expects. A field keeps one message: an error on `gifts` itself and one inside it do not merge, the
 * first issue wins (zod reports them in schema order).
 */
function nest(errors: Record<string, FieldError>): Nested {
  const root: Nested = {};
  for (const [field, error] of Object.entries(errors)) {
    const path = field.split('.');
    const leaf = path[path.length - 1];
    let node: Record<string, unknown> | null = root;
    for (const [i, part] of path.slice(0, -1).entries()) {
      node[part] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
      const next: unknown = node[part];
      node = isMessage(next) ? null : (next as Record<string, unknown>);
      if (!node) break;
    }
    if (node && node[leaf] === undefined) node[leaf] = { message: error.messageKey, args: error.params };
  }
  return root;
}

/**
 * A react-admin form `validate` from a shared zod schema. `prepare` turns the form values into the
 * request body the schema describes (the body the form will send). Each error is `{ message, args }`,
 * which react-admin translates with the portal's i18n (same JSON files as the server).
 */
export function validateWithSchema<V extends Record<string, unknown> = Record<string, unknown>>(
  schema: z.ZodType,
  options: FormErrorOptions & { prepare?: (values: V) => unknown } = {},
): (values: V) => Nested {
  const { prepare, ...mapping } = options;
  return (values: V) => nest(schemaErrors(schema, prepare ? prepare(values) : values, mapping));
}

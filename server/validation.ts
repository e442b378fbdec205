/**
 * Request validation with zod, turned into field errors in the caller's language. Message keys of
 * the shared rules (`validation.*`) come from src/domain/validation.ts; the few rules only the API has
 * (unknown fields, allowed page sizes) use `rules.*` keys of api.json.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { dbIdParam, MAX_DB_INT, toFieldErrors, ValidationKeys } from '@/domain/validation';
import type { FieldError } from './errors';
import { hasTranslation, LANGUAGES, translate, type Lang } from './i18n';

export type ValidationContext = 'body' | 'querystring' | 'params' | 'headers';

export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly zodError: z.ZodError,
    readonly context: ValidationContext,
    /** The raw request part, to tell a missing value from a wrong one. */
    readonly input: unknown,
  ) {
    super(`Invalid ${context}`);
    this.name = 'RequestValidationError';
  }
}

/**
 * Fastify validator that keeps the ZodError whole (the stock compiler flattens it), with the input
 * reported so a missing value and a wrong value get different messages.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const context = (httpPart ?? 'body') as ValidationContext;
    // Before zod: no schema lets a NUL through, whatever it forgets (PostgreSQL refuses NUL in text).
    const nul = nulCharacterIssues(data);
    if (nul.length) return { error: new RequestValidationError(new z.ZodError(nul), context, data) };
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error, context, data) };
  };

/** Deep enough for any real request; a deeper body is refused as a whole rather than walked. */
const MAX_DEPTH = 32;

/** One issue per text (value or key) holding a NUL character, named by its path. */
export function nulCharacterIssues(data: unknown): z.core.$ZodIssue[] {
  const issues: z.core.$ZodIssue[] = [];
  const visit = (value: unknown, path: PropertyKey[]) => {
    if (issues.length >= 20) return;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) issues.push({ code: 'custom', message: 'rules.nulCharacter', path, input: value });
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (path.length >= MAX_DEPTH) {
      issues.push({ code: 'custom', message: 'rules.tooDeep', path, input: value });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, [...path, i]));
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) issues.push({ code: 'custom', message: 'rules.nulCharacter', path: [...path, key.replaceAll('\u0000', '')], input: key });
      else visit(item, [...path, key]);
    }
  };
  visit(data, []);
  return issues;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function fieldLabel(lang: Lang, field: string, context: ValidationContext): string {
  if (field === '') return translate(lang, `fields.${context}`);
  const last = field.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? field;
  for (const key of [`fields.${field}`, `fields.${last}`]) {
    if (hasTranslation(lang, key)) return translate(lang, key);
  }
  return field;
}

/** Field errors with their messages in `lang`, each prefixed with the field's label. */
export function fieldErrorsOf(error: RequestValidationError, lang: Lang): FieldError[] {
  const errors: FieldError[] = [];
  const labelled = (field: string, message: string) => ({
    field,
    message: `${fieldLabel(lang, field, error.context)}: ${message}`,
  });
  for (const issue of error.zodError.issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.map(String).join('.');
      for (const key of issue.keys) {
        const field = prefix ? `${prefix}.${key}` : key;
        errors.push(labelled(field, translate(lang, 'rules.unknownField')));
      }
      continue;
    }
    if (issue.message.startsWith('rules.')) {
      errors.push(labelled(issue.path.map(String).join('.'), translate(lang, issue.message)));
      continue;
    }
    // Whatever check failed, a value that was not sent at all is "required" (zod reports a missing
    // enum as a wrong value, and a coerced missing number as NaN).
    if (valueAt(error.input, issue.path) === undefined) {
      errors.push(labelled(issue.path.map(String).join('.'), translate(lang, ValidationKeys.required)));
      continue;
    }
    const [fieldError] = toFieldErrors(new z.ZodError([issue]));
    errors.push(labelled(fieldError.field, translate(lang, fieldError.messageKey, fieldError.params)));
  }
  return errors;
}

/**
 * `lang` is accepted on every request; an unknown value means Vietnamese (contract), so it never
 * fails validation.
 */
export const langParam = z
  .enum(LANGUAGES)
  .optional()
  .catch(undefined)
  .meta({ description: 'Language of messages: vi (default, also for unknown values) or en' });

/** A query schema: `lang` plus the route's own parameters; anything else is refused. */
export function apiQuery<T extends z.ZodRawShape>(shape: T) {
  return z.strictObject({ lang: langParam, ...shape });
}

/** The only query of routes that take no parameters of their own. */
export const langOnlyQuery = apiQuery({});

/** Ids are PostgreSQL integers: a larger number cannot name a row and must not reach a query. */
export const MAX_ID = MAX_DB_INT;

/** A positive database id in a path or query (always a string on the wire); the portal's shared schema. */
export const idParam = dbIdParam;

import type { z } from 'zod';
import { firstErrorByField } from '@/domain/validation';

/**
 * A react-admin form `validate` from a shared zod schema: the form refuses exactly what the API
 * refuses, each field with its §5 message key (translated by react-admin with its args).
 * `prepare` turns form values into the request body the schema describes.
 */
export function schemaValidator(schema: z.ZodType, prepare: (values: Record<string, unknown>) => Record<string, unknown>) {
  return (values: Record<string, unknown>) => {
    const result = schema.safeParse(prepare(values));
    if (result.success) return {};
    const errors: Record<string, { message: string; args: Record<string, unknown> }> = {};
    for (const [field, error] of Object.entries(firstErrorByField(result.error))) {
      // An error inside the store list (storeList.0) belongs to the store picker.
      const input = field.split('.')[0];
      errors[input] ??= { message: error.messageKey, args: error.params };
    }
    return errors;
  };
}

/** Empty optional inputs come back as null or ''; the API takes them as "not given". */
export function withoutEmpty(values: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field];
    if (value !== undefined && value !== null) body[field] = value;
  }
  return body;
}

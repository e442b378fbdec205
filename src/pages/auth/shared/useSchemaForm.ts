import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { schemaErrors, type FieldError } from '@/domain/formErrors';

/**
 * A small form state for the public auth pages (outside react-admin): values, the shared zod schema's
 * field errors (i18n keys, translated here), server field errors, and the props of each input.
 */
export function useSchemaForm<T extends Record<string, string>>(idPrefix: string, initial: T) {
  const { t } = useTranslation();
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, FieldError>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const message = (field: keyof T) => {
    const e = errors[field];
    if (e) return t(e.messageKey, e.params);
    return serverErrors[field as string];
  };

  return {
    values,
    setValues,
    setServerErrors,
    /** Validates with `schema`; on failure shows the errors and focuses the first field in error. */
    validate(schema: z.ZodType, order: (keyof T)[], extra: Record<string, unknown> = {}): boolean {
      setServerErrors({});
      const found = schemaErrors(schema, { ...values, ...extra }) as Partial<Record<keyof T, FieldError>>;
      setErrors(found);
      const first = order.find((f) => found[f]);
      if (first) document.getElementById(`${idPrefix}-${String(first)}`)?.focus();
      return !first;
    },
    /** True once anything was typed (for the "leave a half-filled form?" confirm). */
    dirty: Object.keys(values).some((k) => values[k] !== initial[k]),
    reset() {
      setValues(initial);
      setErrors({});
      setServerErrors({});
    },
    field(name: keyof T & string) {
      const msg = message(name);
      return {
        id: `${idPrefix}-${name}`,
        name,
        value: values[name],
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          setValues((v) => ({ ...v, [name]: event.target.value }));
          if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
          if (serverErrors[name]) setServerErrors((e) => ({ ...e, [name]: '' }));
        },
        error: Boolean(msg),
        helperText: msg || undefined,
      };
    },
  };
}

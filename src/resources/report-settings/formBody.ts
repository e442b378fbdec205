import { validateWithSchema } from '@/domain/formErrors';
import { reportSettingSchema, SETTING_TYPE_COLUMNS, type ReportSettingType } from '@/domain/reportCenter';
import { emailSchema } from '@/domain/validation';

/** Recipients as typed: one or more per line (separated by spaces, commas or semicolons). */
const lineAddresses = (line: string) => line.split(/[\s,;]+/).filter(Boolean);

/** The first address that is not an e-mail, with its line number (1-based), or null. */
export function badRecipientLine(text: unknown): { line: number; value: string } | null {
  if (Array.isArray(text)) return badRecipientLine(text.join('\n'));
  const lines = String(text ?? '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const bad = lineAddresses(lines[i]!).find((address) => !emailSchema.safeParse(address).success);
    if (bad !== undefined) return { line: i + 1, value: bad };
  }
  return null;
}

/** Form values → the API body (only the fields the API takes; recipients typed one per line or comma). */
export function toBody(values: Record<string, unknown>): Record<string, unknown> {
  const type = values.reportType as ReportSettingType | undefined;
  const allowed = type ? SETTING_TYPE_COLUMNS[type] : [];
  const recipients = Array.isArray(values.recipients)
    ? values.recipients
    : String(values.recipients ?? '')
        .split(/\r?\n/)
        .flatMap(lineAddresses);
  return {
    name: values.name ?? '',
    reportType: type,
    // Keep the type's column order whatever order they were ticked in.
    columns: allowed.filter((c) => Array.isArray(values.columns) && values.columns.includes(c)),
    storeIds: Array.isArray(values.storeIds) ? values.storeIds : [],
    frequency: values.frequency,
    runTime: values.runTime ?? '',
    dayOfWeek: values.frequency === 'WEEKLY' ? (values.dayOfWeek ?? null) : null,
    dayOfMonth: values.frequency === 'MONTHLY' ? (values.dayOfMonth ?? null) : null,
    recipients,
    format: values.format ?? 'xlsx',
    isActive: values.isActive ?? true,
  };
}

const schemaErrors = validateWithSchema(reportSettingSchema, { prepare: toBody, depth: 'input' });

/**
 * The form refuses exactly what the API refuses, with the same message keys (columns.2 → the columns
 * input); a wrong recipient is named with its line and what was typed there.
 */
export function validateSetting(values: Record<string, unknown>): Record<string, unknown> {
  const errors = schemaErrors(values) as Record<string, unknown>;
  const bad = badRecipientLine(values.recipients);
  return bad ? { ...errors, recipients: { message: 'portal.reportSettings.recipientLine', args: bad } } : errors;
}

/** The record as the form edits it: recipients as text. */
export const toFormValues = <R extends { recipients?: unknown }>(record: R): R => ({
  ...record,
  recipients: Array.isArray(record.recipients) ? record.recipients.join('\n') : record.recipients,
});

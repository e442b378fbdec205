import { validateWithSchema } from '@/domain/formErrors';
import { reportSettingSchema, SETTING_TYPE_COLUMNS, type ReportSettingType } from '@/domain/reportCenter';

/** Form values → the API body (only the fields the API takes; recipients typed one per line or comma). */
export function toBody(values: Record<string, unknown>): Record<string, unknown> {
  const type = values.reportType as ReportSettingType | undefined;
  const allowed = type ? SETTING_TYPE_COLUMNS[type] : [];
  const recipients = Array.isArray(values.recipients)
    ? values.recipients
    : String(values.recipients ?? '')
        .split(/[\s,;]+/)
        .filter(Boolean);
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

/** The form refuses exactly what the API refuses, with the same message keys (columns.2 → the columns input). */
export const validateSetting = validateWithSchema(reportSettingSchema, { prepare: toBody, depth: 'input' });

/** The record as the form edits it: recipients as text. */
export const toFormValues = <R extends { recipients?: unknown }>(record: R): R => ({
  ...record,
  recipients: Array.isArray(record.recipients) ? record.recipients.join('\n') : record.recipients,
});

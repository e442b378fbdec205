/** Report columns holding codes shown in words (`portal.reports.values.<code>`, the code itself when unknown). */
const CODED_COLUMNS: ReadonlySet<string> = new Set(['channel', 'cardBrand', 'failureReason']);

export const isCodedColumn = (key: string): boolean => CODED_COLUMNS.has(key);

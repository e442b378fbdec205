import { useState } from 'react';
import { useTranslate } from 'react-admin';
import TextField from '@mui/material/TextField';
import { ExportMenuButton } from '@/components/ExportMenuButton';
import { notify } from '@/components/notifications/notifier';
import { downloadFile, type FetchedFile } from '@/files';

/** i18n roots: the budget screens share `resources.marketing-budget.*`. */
export const T = 'resources.marketing-budget';

export const marketingKeys = {
  all: (merchantId: number | null) => ['marketing-budget', merchantId] as const,
  account: (merchantId: number | null) => ['marketing-budget', merchantId, 'account'] as const,
  spending: (merchantId: number | null, from: string, to: string) => ['marketing-budget', merchantId, 'spending', from, to] as const,
  payments: (merchantId: number | null, filter: object, page: number, size: number) => ['marketing-budget', merchantId, 'payments', filter, page, size] as const,
  transactions: (merchantId: number | null, filter: object, page: number, size: number) => ['marketing-budget', merchantId, 'transactions', filter, page, size] as const,
};

export const errorText = (error: unknown): string => (error as { message?: string } | null)?.message ?? '';

/** A fresh key per confirmed top-up (kept on a retry of the same one). */
export const newIdempotencyKey = (): string => `topup-${crypto.randomUUID()}`;


const ACCEPT = {
  csv: ['text/csv'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
} as const;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The export button of both histories: every row the filter selects, made and streamed by the server. */
export function HistoryExportButton({ fetchFile, disabled }: { fetchFile: (format: ExportFormat) => Promise<FetchedFile>; disabled: boolean }) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const exportAs = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await downloadFile(() => fetchFile(format), { notify, t: translate, accept: ACCEPT[format] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ExportMenuButton
      label={translate(`${T}.export.button`)}
      menuLabel={translate(`${T}.export.menuLabel`)}
      formats={EXPORT_FORMATS}
      formatLabel={(format) => translate(`${T}.export.${format}`)}
      note={translate(`${T}.export.note`)}
      busy={busy}
      disabled={disabled}
      variant="outlined"
      onExport={exportAs}
    />
  );
}

/** A day filter (native date input: typed or picked, keyboard friendly), '' when empty. */
export function DayFilter({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ minWidth: 170 }}
    />
  );
}

export { MarketingNav } from '@/features/marketing-gate';

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import { formatDateTime } from '@/domain/format';
import { TICKET_ATTACHMENT_EXTENSIONS, TICKET_ATTACHMENTS_PER_MESSAGE, type TicketAttachment, type TicketStatus, type TicketSummary } from '@/domain/tickets';

const STATUS_COLORS: Record<TicketStatus, 'info' | 'warning' | 'secondary' | 'success' | 'default'> = {
  OPEN: 'info',
  IN_PROGRESS: 'warning',
  WAITING_MERCHANT: 'secondary',
  RESOLVED: 'success',
  CLOSED: 'default',
};

export function TicketStatusChip({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLORS[status]} label={t(`portal.tickets.statuses.${status}`)} data-status={status} />;
}

/** The SLA due time, red with "overdue" once passed while the ticket is still open. */
export function SlaDue({ ticket }: { ticket: Pick<TicketSummary, 'slaDueAt' | 'overdue'> }) {
  const { t } = useTranslation();
  return (
    <Typography component="span" variant="body2" color={ticket.overdue ? 'error' : 'text.secondary'}>
      {formatDateTime(ticket.slaDueAt)}
      {ticket.overdue ? ` · ${t('portal.tickets.overdue')}` : ''}
    </Typography>
  );
}

/** The server's message of a failed call (already in the user's language), or a generic one. */
export const errorText = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * Files picked for a message: each is uploaded at once (the server checks its content) and shown as a
 * chip; a refused file shows the server's reason and is not kept.
 */
export function AttachmentPicker({
  value,
  onChange,
  upload,
}: {
  value: TicketAttachment[];
  onChange: (next: TicketAttachment[]) => void;
  upload: (file: File) => Promise<TicketAttachment>;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    setError(null);
    let next = value;
    for (const file of Array.from(files).slice(0, TICKET_ATTACHMENTS_PER_MESSAGE - value.length)) {
      try {
        next = [...next, await upload(file)];
      } catch (err) {
        setError(`${file.name}: ${errorText(err, t('portal.tickets.uploadFailed'))}`);
      }
    }
    onChange(next);
    setBusy(false);
    if (input.current) input.current.value = '';
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Button
          size="small"
          variant="outlined"
          startIcon={<AttachFileOutlined />}
          disabled={busy || value.length >= TICKET_ATTACHMENTS_PER_MESSAGE}
          onClick={() => input.current?.click()}
        >
          {t('portal.tickets.attach')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          data-testid="ticket-attachment-input"
          accept={TICKET_ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',')}
          onChange={(e) => void pick(e.target.files)}
        />
        {value.map((a) => (
          <Chip key={a.id} size="small" label={a.fileName} onDelete={() => onChange(value.filter((v) => v.id !== a.id))} />
        ))}
        <Typography variant="caption" color="text.secondary">
          {t('portal.tickets.attachHint')}
        </Typography>
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
    </Stack>
  );
}

/** Attachment links: a click downloads the file through the caller's download. */
export function AttachmentLinks({ files, onOpen }: { files: TicketAttachment[]; onOpen: (file: TicketAttachment) => void }) {
  if (files.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
      {files.map((f) => (
        <Chip key={f.id} size="small" variant="outlined" icon={<AttachFileOutlined />} label={f.fileName} onClick={() => onOpen(f)} />
      ))}
    </Box>
  );
}

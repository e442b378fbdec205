import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/domain/format';
import { TICKET_TEXT_MAX, type TicketAttachment, type TicketCommentInput, type TicketDetail } from '@/domain/tickets';
import { downloadFile, type FetchedFile } from '@/files';
import { AttachmentLinks, AttachmentPicker, errorText, SlaDue, TicketStatusChip } from './TicketParts';

export interface TicketThreadApi {
  upload: (file: File) => Promise<TicketAttachment>;
  comment: (input: TicketCommentInput) => Promise<TicketDetail>;
  file: (attachmentId: number) => Promise<FetchedFile>;
}

/**
 * One ticket as both sides see it: the facts (category, status, SLA due time, linked transactions or
 * period, the description and its files), the thread of comments with attachments, a reply box (not on a
 * closed ticket), the side's own actions (`actions`) and the audit trail.
 */
export function TicketThread({
  ticket,
  api,
  onChanged,
  actions,
  viewer,
}: {
  ticket: TicketDetail;
  api: TicketThreadApi;
  onChanged: (next: TicketDetail) => void;
  actions?: ReactNode;
  viewer: 'MERCHANT' | 'OPERATOR';
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const open = (file: TicketAttachment) =>
    void downloadFile(() => api.file(file.id), {
      t,
      fileName: file.fileName,
      notify: (message, { type }) => (type === 'error' || type === 'warning' ? setError(message) : setNotice(message)),
    });
  const send = async () => {
    setSending(true);
    setError(null);
    try {
      onChanged(await api.comment({ body, attachmentIds: files.map((f) => f.id) }));
      setBody('');
      setFiles([]);
    } catch (err) {
      setError(errorText(err, t('portal.tickets.sendFailed')));
    } finally {
      setSending(false);
    }
  };
  const fact = (label: string, value: ReactNode) => (
    <Stack direction="row" spacing={1}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 150 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {value}
      </Typography>
    </Stack>
  );
  const sideLabel = (side: 'MERCHANT' | 'OPERATOR') => t(`portal.tickets.sides.${side}`);

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <Typography variant="h6" component="h2">
              #{ticket.id} · {ticket.subject}
            </Typography>
            <TicketStatusChip status={ticket.status} />
          </Stack>
          {viewer === 'OPERATOR' ? fact(t('portal.tickets.fields.merchant'), ticket.merchantName) : null}
          {fact(t('portal.tickets.fields.category'), t(`portal.tickets.categories.${ticket.category}`))}
          {fact(t('portal.tickets.fields.createdBy'), `${ticket.createdBy?.name ?? '-'} · ${formatDateTime(ticket.createdAt)}`)}
          {fact(t('portal.tickets.fields.slaDueAt'), <SlaDue ticket={ticket} />)}
          {ticket.transactionIds.length ? fact(t('portal.tickets.fields.transactionIds'), ticket.transactionIds.join(', ')) : null}
          {ticket.periodId ? fact(t('portal.tickets.fields.periodId'), `#${ticket.periodId}`) : null}
          {ticket.rating ? fact(t('portal.tickets.fields.rating'), `${'★'.repeat(ticket.rating.rating)}${'☆'.repeat(5 - ticket.rating.rating)} ${ticket.rating.comment ?? ''}`) : null}
          <Divider />
          <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap' }}>
            {ticket.description}
          </Typography>
          <AttachmentLinks files={ticket.attachments} onOpen={open} />
          {actions ? (
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ pt: 1 }}>
              {actions}
            </Stack>
          ) : null}
        </Stack>
      </Paper>

      <Typography variant="subtitle1" component="h3">
        {t('portal.tickets.thread')}
      </Typography>
      {ticket.comments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('portal.tickets.noComments')}
        </Typography>
      ) : (
        ticket.comments.map((c) => (
          <Paper
            key={c.id}
            variant="outlined"
            data-testid="ticket-comment"
            data-side={c.side}
            sx={{ p: 1.5, ml: c.side === viewer ? 6 : 0, mr: c.side === viewer ? 0 : 6, bgcolor: c.side === 'OPERATOR' ? 'action.hover' : undefined }}
          >
            <Typography variant="caption" color="text.secondary">
              {c.author} ({sideLabel(c.side)}) · {formatDateTime(c.createdAt)}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {c.body}
            </Typography>
            <AttachmentLinks files={c.attachments} onOpen={open} />
          </Paper>
        ))
      )}

      {error ? <Alert severity="error">{error}</Alert> : null}
      {notice ? <Alert severity="success">{notice}</Alert> : null}
      {ticket.status !== 'CLOSED' ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={1}>
            <TextField
              label={t('portal.tickets.reply')}
              multiline
              minRows={3}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX } }}
            />
            <AttachmentPicker value={files} onChange={setFiles} upload={api.upload} />
            <Stack direction="row">
              <Button variant="contained" disabled={sending || body.trim() === ''} onClick={() => void send()}>
                {t('portal.tickets.send')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      ) : null}

      <Typography variant="subtitle1" component="h3">
        {t('portal.tickets.history')}
      </Typography>
      <Stack component="ol" spacing={0.5} sx={{ pl: 2, m: 0 }}>
        {ticket.events.map((e) => (
          <Typography key={e.id} component="li" variant="body2" color="text.secondary">
            {formatDateTime(e.createdAt)} · {e.actor} ({sideLabel(e.side)}) · {t(`portal.tickets.actions.${e.action}`)}
            {e.toStatus && e.action !== 'CREATED' ? ` → ${t(`portal.tickets.statuses.${e.toStatus}`)}` : ''}
          </Typography>
        ))}
      </Stack>
    </Stack>
  );
}

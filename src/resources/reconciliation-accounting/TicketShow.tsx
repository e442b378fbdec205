import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { TICKET_TEXT_MAX, type TicketDetail } from '@/domain/tickets';
import { TicketThread } from '@/features/tickets/TicketThread';
import { errorText } from '@/features/tickets/TicketParts';
import { PageLoader } from '@/components/PageLoader';
import { usePathOf } from '@/resourceConfig';

const RESOURCE = 'reconciliation-accounting';

/** Closing asks for 1–5 stars and an optional comment. */
function CloseDialog({ open, onClose, onDone, id }: { open: boolean; onClose: () => void; onDone: (t: TicketDetail) => void; id: number }) {
  const { t } = useTranslation();
  const api = usePortalApi();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = async () => {
    if (!rating) {
      setError(t('validation.rating'));
      return;
    }
    try {
      onDone(await api.closeTicket(id, rating, comment.trim() || undefined));
    } catch (err) {
      setError(errorText(err, t('portal.tickets.sendFailed')));
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('portal.tickets.closeTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('portal.tickets.ratingAsk')}</Typography>
          <Rating name="ticket-rating" value={rating} onChange={(_e, v) => setRating(v)} size="large" getLabelText={(n) => t('portal.tickets.stars', { n })} />
          <TextField label={t('portal.tickets.ratingComment')} multiline minRows={2} value={comment} onChange={(e) => setComment(e.target.value)} slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX } }} />
          {error ? <Alert severity="error">{error}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('portal.tickets.cancel')}</Button>
        <Button variant="contained" onClick={() => void close()}>
          {t('portal.tickets.closeConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One ticket (reconciliation-accounting/{id}): the thread with the operator, reply, close with a rating, reopen within 7 days. */
export default function TicketShow() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const key = [RESOURCE, 'one', id];
  const ticket = useQuery({ queryKey: key, queryFn: () => api.getTicket(id), enabled: Number.isInteger(id) && id > 0 });
  const [closing, setClosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = (next: TicketDetail) => {
    queryClient.setQueryData(key, next);
    void queryClient.invalidateQueries({ queryKey: [RESOURCE, 'list'] });
  };
  if (ticket.error) return <Alert severity="error" sx={{ m: 2 }}>{errorText(ticket.error, t('portal.tickets.loadFailed'))}</Alert>;
  if (!ticket.data) return <PageLoader />;
  const data = ticket.data;
  const reopen = async () => {
    try {
      changed(await api.reopenTicket(id));
    } catch (err) {
      setError(errorText(err, t('portal.tickets.sendFailed')));
    }
  };
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 }, maxWidth: 960 }}>
      <Button component={RouterLink} to={pathOf(RESOURCE, 'list')} sx={{ alignSelf: 'flex-start' }}>
        {t('portal.tickets.back')}
      </Button>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <TicketThread
        viewer="MERCHANT"
        ticket={data}
        onChanged={changed}
        api={{
          upload: (file) => api.uploadTicketAttachment(file),
          comment: (input) => api.commentTicket(id, input),
          file: (attachmentId) => api.getTicketAttachment(id, attachmentId),
        }}
        actions={
          <>
            {data.allowed.includes('CLOSED') ? (
              <Button variant="outlined" onClick={() => setClosing(true)}>
                {t('portal.tickets.close')}
              </Button>
            ) : null}
            {data.canReopen ? (
              <Button variant="outlined" onClick={() => void reopen()}>
                {t('portal.tickets.reopen')}
              </Button>
            ) : null}
          </>
        }
      />
      <CloseDialog
        open={closing}
        id={id}
        onClose={() => setClosing(false)}
        onDone={(next) => {
          setClosing(false);
          changed(next);
        }}
      />
    </Stack>
  );
}

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Route, Routes, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { TICKET_STATUSES, type TicketDetail, type TicketStatus } from '@/domain/tickets';
import { PageLoader } from '@/components/PageLoader';
import { TicketTable } from '@/features/tickets/TicketTable';
import { TicketThread } from '@/features/tickets/TicketThread';
import { errorText } from '@/features/tickets/TicketParts';

const KEY = 'ops-tickets';

/** The queue across merchants: status, merchant, search; SLA overdue first by default. */
function Queue() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [merchantId, setMerchantId] = useState<number | ''>('');
  const [keyword, setKeyword] = useState('');
  const [overdueFirst, setOverdueFirst] = useState(true);
  const [pageNumber, setPageNumber] = useState(0);
  const query = { status: status ? [status] : undefined, merchantId: merchantId || undefined, keyword: keyword.trim() || undefined, overdueFirst };
  const list = useQuery({ queryKey: [KEY, 'list', query, pageNumber], queryFn: () => api.listOpsTickets({ ...query, pageNumber, pageSize: 20 }) });
  const merchants = useQuery({ queryKey: [KEY, 'merchants'], queryFn: () => api.listOpsTicketMerchants() });
  const reset = () => setPageNumber(0);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('portal.ops.tickets.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap alignItems="center">
          <TextField select size="small" sx={{ minWidth: 180 }} label={t('portal.tickets.fields.status')} value={status} onChange={(e) => (setStatus(e.target.value as TicketStatus | ''), reset())}>
            <MenuItem value="">{t('portal.tickets.all')}</MenuItem>
            {TICKET_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`portal.tickets.statuses.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" sx={{ minWidth: 220 }} label={t('portal.tickets.fields.merchant')} value={merchantId} onChange={(e) => (setMerchantId(e.target.value === '' ? '' : Number(e.target.value)), reset())}>
            <MenuItem value="">{t('portal.tickets.all')}</MenuItem>
            {(merchants.data ?? []).map((m) => (
              <MenuItem key={m.id} value={m.id}>
                {m.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField size="small" label={t('portal.tickets.search')} placeholder={t('portal.tickets.searchHint')} value={keyword} onChange={(e) => (setKeyword(e.target.value), reset())} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <FormControlLabel control={<Switch checked={overdueFirst} onChange={(e) => (setOverdueFirst(e.target.checked), reset())} />} label={t('portal.ops.tickets.overdueFirst')} />
        </Stack>
      </Paper>
      {list.error ? <Alert severity="error">{errorText(list.error, t('portal.tickets.loadFailed'))}</Alert> : null}
      {list.data ? <TicketTable page={list.data} showMerchant linkOf={(row) => String(row.id)} onPage={setPageNumber} /> : <PageLoader />}
    </Stack>
  );
}

/** One ticket for the operator: the thread, reply with files, and the status moves allowed now. */
function Detail() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const key = [KEY, 'one', id];
  const ticket = useQuery({ queryKey: key, queryFn: () => api.getOpsTicket(id), enabled: Number.isInteger(id) && id > 0 });
  const [error, setError] = useState<string | null>(null);
  const changed = (next: TicketDetail) => {
    queryClient.setQueryData(key, next);
    void queryClient.invalidateQueries({ queryKey: [KEY, 'list'] });
  };
  const move = async (status: TicketStatus) => {
    setError(null);
    try {
      changed(await api.moveOpsTicket(id, status));
    } catch (err) {
      setError(errorText(err, t('portal.tickets.sendFailed')));
    }
  };
  if (ticket.error) return <Alert severity="error">{errorText(ticket.error, t('portal.tickets.loadFailed'))}</Alert>;
  if (!ticket.data) return <PageLoader />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Button component={RouterLink} to=".." relative="path" sx={{ alignSelf: 'flex-start' }}>
        {t('portal.ops.tickets.back')}
      </Button>
      {error ? <Alert severity="error">{error}</Alert> : null}
      <TicketThread
        viewer="OPERATOR"
        ticket={ticket.data}
        onChanged={changed}
        api={{
          upload: (file) => api.uploadOpsTicketAttachment(file),
          comment: (input) => api.commentOpsTicket(id, input),
          file: (attachmentId) => api.getOpsTicketAttachment(id, attachmentId),
        }}
        actions={ticket.data.allowed.map((status) => (
          <Button key={status} variant="outlined" onClick={() => void move(status)}>
            {t(`portal.ops.tickets.moveTo.${status}`)}
          </Button>
        ))}
      />
    </Stack>
  );
}

/** Section `tickets` of /portal/ops. */
export default function OpsTickets() {
  return (
    <Routes>
      <Route index element={<Queue />} />
      <Route path=":id" element={<Detail />} />
    </Routes>
  );
}

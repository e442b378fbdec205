import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { presetRange, vietnamToday, type DayRange } from '@/domain/time';
import { TICKET_CATEGORIES, TICKET_STATUSES, type TicketCategory, type TicketStatus } from '@/domain/tickets';
import { DateRangeFilter, MultiSelect, SearchFilter } from '@/features/report-list';
import { TicketTable } from '@/features/tickets/TicketTable';
import { errorText } from '@/features/tickets/TicketParts';
import { usePathOf } from '@/resourceConfig';

const RESOURCE = 'reconciliation-accounting';
const PAGE_SIZE = 20;

/**
 * The merchant's tickets (reconciliation-accounting): status, category, created days with the report
 * presets, creator and search, newest first, paged by the server.
 */
export default function TicketList() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const [range, setRange] = useState<DayRange>(() => presetRange('last90Days', vietnamToday()));
  const [status, setStatus] = useState<TicketStatus[]>([]);
  const [category, setCategory] = useState<TicketCategory | ''>('');
  const [createdBy, setCreatedBy] = useState<number | ''>('');
  const [keyword, setKeyword] = useState('');
  const [pageNumber, setPageNumber] = useState(0);
  const filter = { ...range, status, category: category ? [category] : undefined, createdBy: createdBy || undefined, keyword: keyword || undefined };
  const list = useQuery({
    queryKey: [RESOURCE, 'list', filter, pageNumber],
    queryFn: () => api.listTickets({ ...filter, pageNumber, pageSize: PAGE_SIZE }),
  });
  const creators = useQuery({ queryKey: [RESOURCE, 'creators'], queryFn: () => api.listTicketCreators() });
  const change = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPageNumber(0);
  };

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 } }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="h5" component="h1">
          {t('resources.reconciliation-accounting.name')}
        </Typography>
        <Button component={RouterLink} to={pathOf(RESOURCE, 'create')} variant="contained" size="small" startIcon={<AddOutlined />}>
          {t('portal.tickets.create')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap alignItems="flex-start">
          <DateRangeFilter value={range} onChange={change(setRange)} />
          <MultiSelect
            label={t('portal.tickets.fields.status')}
            value={status}
            choices={TICKET_STATUSES.map((s) => ({ id: s, name: t(`portal.tickets.statuses.${s}`) }))}
            onChange={change(setStatus)}
          />
          <TextField select size="small" sx={{ minWidth: 170 }} label={t('portal.tickets.fields.category')} value={category} onChange={(e) => change(setCategory)(e.target.value as TicketCategory | '')}>
            <MenuItem value="">{t('portal.tickets.all')}</MenuItem>
            {TICKET_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`portal.tickets.categories.${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select size="small" sx={{ minWidth: 170 }} label={t('portal.tickets.fields.createdBy')} value={createdBy} onChange={(e) => change(setCreatedBy)(e.target.value === '' ? '' : Number(e.target.value))}>
            <MenuItem value="">{t('portal.tickets.all')}</MenuItem>
            {(creators.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <SearchFilter label={t('portal.tickets.search')} placeholder={t('portal.tickets.searchHint')} value={keyword} maxLength={100} onChange={(v) => change(setKeyword)(v.trim())} />
        </Stack>
      </Paper>
      {list.error ? <Alert severity="error">{errorText(list.error, t('portal.tickets.loadFailed'))}</Alert> : null}
      {list.data ? <TicketTable page={list.data} linkOf={(row) => pathOf(RESOURCE, 'show', { id: row.id })} onPage={setPageNumber} /> : null}
    </Stack>
  );
}

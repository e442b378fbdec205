import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import { Pager, usePaging } from '@/components/PagedTable';
import { formatDateTime, formatMoney, formatNumber } from '@/domain/format';
import { formatDay } from '@/domain/time';
import { TRANSACTION_ID_PATTERN } from '@/domain/tickets';
import { CONTROL_CLASSES, TICKET_CLASSES, type ControlClass, type ControlRow, type ControlRun } from '@/domain/transactionControl';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { ExportButton, StatusChip } from '@/features/report-list';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { R } from './ControlParts';

/** The class a run opens on: the first with something to look at, in the order an accountant reads them. */
const FIRST_LOOK: readonly ControlClass[] = ['AMOUNT_MISMATCH', 'ONLY_MERCHANT', 'ONLY_PROVIDER', 'DUPLICATE', 'MATCHED'];
const isClass = (v: string | null): v is ControlClass => (CONTROL_CLASSES as readonly string[]).includes(v ?? '');

/** The ticket form (reconciliation-accounting/create) prefilled about one row: subject, transaction id, details. */
function useTicketLink(run: ControlRun) {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const lng = getLanguage();
  let create: string | null = null;
  try {
    create = pathOf('reconciliation-accounting', 'create');
  } catch {
    create = null;
  }
  return (row: ControlRow): string | null => {
    if (!create) return null;
    const cls = translate(`${R}.classes.${row.class}`);
    const money = (v: number | null) => (v === null ? '-' : formatMoney(v, lng));
    const params = new URLSearchParams({
      category: 'TRANSACTION',
      subject: translate(`${R}.ticket.subject`, { run: run.id, class: cls, id: row.transactionId ?? row.orderId ?? '-' }),
      description: translate(`${R}.ticket.description`, {
        run: run.id,
        file: run.fileName,
        from: formatDay(run.from),
        to: formatDay(run.to),
        class: cls,
        transactionId: row.transactionId ?? '-',
        orderId: row.orderId ?? '-',
        rowNo: row.rowNo ?? '-',
        merchantAmount: money(row.merchantAmount),
        providerAmount: money(row.providerAmount),
      }),
    });
    // The ticket takes provider transaction ids (digits); an id only the merchant knows stays in the text.
    if (row.transactionId && TRANSACTION_ID_PATTERN.test(row.transactionId)) params.set('transactionIds', row.transactionId);
    return `${create}?${params.toString()}`;
  };
}

function Totals({ run }: { run: ControlRun }) {
  const translate = useTranslate();
  const lng = getLanguage();
  const title = translate(`${R}.totals.title`);
  return (
    <Box sx={{ position: 'relative', overflowX: 'auto', width: 0, minWidth: '100%' }} tabIndex={0} role="region" aria-label={title}>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(`${R}.fields.class`)}</TableCell>
            <TableCell align="right">{translate(`${R}.fields.count`)}</TableCell>
            <TableCell align="right">{translate(`${R}.fields.merchantAmount`)}</TableCell>
            <TableCell align="right">{translate(`${R}.fields.providerAmount`)}</TableCell>
            <TableCell align="right">{translate(`${R}.fields.difference`)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {CONTROL_CLASSES.map((cls) => {
            const t = run.totals[cls];
            return (
              <TableRow key={cls} data-testid={`control-total-${cls}`}>
                <TableCell component="th" scope="row">
                  {translate(`${R}.classes.${cls}`)}
                </TableCell>
                <TableCell align="right" data-testid={`control-total-${cls}-count`}>
                  {formatNumber(t.count, lng)}
                </TableCell>
                <TableCell align="right" data-testid={`control-total-${cls}-merchant`}>
                  {formatMoney(t.merchantAmount, lng)}
                </TableCell>
                <TableCell align="right" data-testid={`control-total-${cls}-provider`}>
                  {formatMoney(t.providerAmount, lng)}
                </TableCell>
                <TableCell align="right">{formatMoney(t.merchantAmount - t.providerAmount, lng)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

function ClassRows({ run, cls }: { run: ControlRun; cls: ControlClass }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const ticketLink = useTicketLink(run);
  const paging = usePaging();
  const { page, pageSize } = paging;
  const rows = useQuery({
    queryKey: ['transaction-control', 'rows', run.id, cls, page, pageSize],
    queryFn: () => api.getControlRows(run.id, cls, page, pageSize),
    placeholderData: keepPreviousData,
  });
  const money = (v: number | null) => (v === null ? '-' : formatMoney(v, lng));
  const ticketable = TICKET_CLASSES.includes(cls);
  const label = translate(`${R}.classes.${cls}`);
  return (
    <Box role="tabpanel" id={`control-panel-${cls}`} aria-labelledby={`control-tab-${cls}`}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', p: 1 }}>
        <ExportButton report="transaction-control" start={(format) => api.startControlExport(run.id, cls, format)} disabled={run.totals[cls].count === 0} />
      </Stack>
      {rows.isError ? <Alert severity="warning">{translate('portal.reports.loadFailed')}</Alert> : null}
      <Box sx={{ position: 'relative', overflowX: 'auto', width: 0, minWidth: '100%' }} tabIndex={0} role="region" aria-label={label}>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              <TableCell align="right">{translate(`${R}.fields.rowNo`)}</TableCell>
              <TableCell>{translate(`${R}.fields.transactionId`)}</TableCell>
              <TableCell>{translate(`${R}.fields.orderId`)}</TableCell>
              <TableCell align="right">{translate(`${R}.fields.merchantAmount`)}</TableCell>
              <TableCell align="right">{translate(`${R}.fields.providerAmount`)}</TableCell>
              <TableCell align="right">{translate(`${R}.fields.difference`)}</TableCell>
              <TableCell>{translate(`${R}.fields.providerStatus`)}</TableCell>
              <TableCell>{translate(`${R}.fields.providerCreatedAt`)}</TableCell>
              {cls === 'DUPLICATE' ? <TableCell align="right">{translate(`${R}.fields.duplicateOf`)}</TableCell> : <TableCell>{translate(`${R}.fields.matchedBy`)}</TableCell>}
              {ticketable ? <TableCell>{translate(`${R}.fields.action`)}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.data?.content.map((row) => {
              const link = ticketable ? ticketLink(row) : null;
              return (
                <TableRow key={row.seq} data-testid="control-row">
                  <TableCell align="right">{row.rowNo ?? '-'}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.transactionId ?? '-'}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.orderId ?? '-'}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(row.merchantAmount)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(row.providerAmount)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {row.merchantAmount !== null && row.providerAmount !== null ? formatMoney(row.merchantAmount - row.providerAmount, lng) : '-'}
                  </TableCell>
                  <TableCell>{row.providerStatus ? <StatusChip status={row.providerStatus} of="transaction" /> : '-'}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.providerCreatedAt ? formatDateTime(row.providerCreatedAt) : '-'}</TableCell>
                  {cls === 'DUPLICATE' ? (
                    <TableCell align="right">{row.duplicateOf ?? '-'}</TableCell>
                  ) : (
                    <TableCell>{row.matchedBy ? translate(`${R}.matchedBy.${row.matchedBy}`) : '-'}</TableCell>
                  )}
                  {ticketable ? (
                    <TableCell>
                      {link ? (
                        <Button
                          component={RouterLink}
                          to={link}
                          size="small"
                          startIcon={<SupportAgentOutlined />}
                          aria-label={translate(`${R}.openTicketFor`, { id: row.transactionId ?? row.orderId ?? '-' })}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {translate(`${R}.openTicket`)}
                        </Button>
                      ) : null}
                    </TableCell>
                  ) : null}
                </TableRow>
              );
            })}
            {rows.data && rows.data.content.length === 0 ? (
              <TableRow>
                <TableCell colSpan={ticketable ? 10 : 9}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {translate(`${R}.rows.empty`)}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Box>
      <Pager paging={paging} total={rows.data?.totalElements ?? 0} />
    </Box>
  );
}

/** A control run (transaction-control/{id}): what was checked, totals per class, and each class's rows. */
export default function ControlRunShow() {
  const translate = useTranslate();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const lng = getLanguage();
  const id = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const run = useQuery({ queryKey: ['transaction-control', 'run', id], queryFn: () => api.getControlRun(id), retry: false });
  const r = run.data;
  const asked = search.get('class');
  const cls: ControlClass = isClass(asked) ? asked : (FIRST_LOOK.find((c) => (r?.totals[c].count ?? 0) > 0) ?? 'MATCHED');
  const heading = translate(`${R}.detail`, { id });
  return (
    <Stack spacing={2} sx={{ py: 2, minWidth: 0 }}>
      <Title title={heading} />
      <div>
        <Button component={RouterLink} to={pathOf('transaction-control')} startIcon={<ArrowBack />} size="small">
          {translate('portal.reports.backToList')}
        </Button>
      </div>
      {run.isPending ? <CircularProgress aria-label={translate('ra.page.loading')} /> : null}
      {run.isError ? <Alert severity="warning">{translate('portal.reports.notFound')}</Alert> : null}
      {r ? (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography component="h1" variant="h5" gutterBottom>
              {heading}
            </Typography>
            <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1 }}>
              {(
                [
                  ['fileName', r.fileName],
                  ['window', translate(`${R}.windowValue`, { from: formatDay(r.from), to: formatDay(r.to) })],
                  ['fileRowCount', formatNumber(r.fileRowCount, lng)],
                  ['createdByName', r.createdByName],
                  ['createdAt', formatDateTime(r.createdAt)],
                ] as const
              ).map(([key, value]) => (
                <Box key={key} sx={{ display: 'contents' }}>
                  <Typography component="dt" color="text.secondary">
                    {translate(`${R}.fields.${key}`)}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={`control-${key}`}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            <Typography component="h2" variant="h6" gutterBottom>
              {translate(`${R}.totals.title`)}
            </Typography>
            <Totals run={r} />
          </Paper>
          <Paper variant="outlined" sx={{ minWidth: 0 }}>
            <Tabs
              value={cls}
              onChange={(_e, next: ControlClass) => setSearch({ class: next }, { replace: true })}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
              aria-label={translate(`${R}.rows.tabs`)}
            >
              {CONTROL_CLASSES.map((c) => (
                <Tab
                  key={c}
                  value={c}
                  id={`control-tab-${c}`}
                  aria-controls={`control-panel-${c}`}
                  label={translate(`${R}.tab`, { class: translate(`${R}.classes.${c}`), count: formatNumber(r.totals[c].count, lng) })}
                />
              ))}
            </Tabs>
            <ClassRows key={cls} run={r} cls={cls} />
          </Paper>
        </>
      ) : null}
    </Stack>
  );
}

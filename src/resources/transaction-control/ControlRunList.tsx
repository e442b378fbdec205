import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Pager, usePaging } from '@/components/PagedTable';
import { formatDateTime, formatNumber } from '@/domain/format';
import { formatDay } from '@/domain/time';
import type { ControlClass } from '@/domain/transactionControl';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { R } from './ControlParts';
import { ControlUpload } from './ControlUpload';

const COUNTED: readonly ControlClass[] = ['MATCHED', 'AMOUNT_MISMATCH', 'ONLY_MERCHANT', 'ONLY_PROVIDER'];

/** Transaction control (transaction-control): the upload panel and the past runs, newest first. */
export default function ControlRunList() {
  const translate = useTranslate();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lng = getLanguage();
  const paging = usePaging();
  const { page, pageSize } = paging;
  const runs = useQuery({
    queryKey: ['transaction-control', 'runs', page, pageSize],
    queryFn: () => api.listControlRuns(page, pageSize),
    placeholderData: keepPreviousData,
  });
  const title = translate(`${R}.name`);
  const runsTitle = translate(`${R}.runs.title`);
  return (
    <Stack spacing={2} sx={{ py: 2, minWidth: 0 }}>
      <Title title={title} />
      <Typography color="text.secondary">{translate(`${R}.intro`)}</Typography>
      <ControlUpload
        onDone={(run) => {
          void queryClient.invalidateQueries({ queryKey: ['transaction-control'] });
          navigate(pathOf('transaction-control', 'show', { id: run.id }));
        }}
      />
      <Paper variant="outlined" component="section" aria-label={runsTitle}>
        <Typography component="h2" variant="h6" sx={{ px: 2, pt: 2 }}>
          {runsTitle}
        </Typography>
        {runs.isError ? <Alert severity="warning">{translate('portal.reports.loadFailed')}</Alert> : null}
        <Box sx={{ position: 'relative', overflowX: 'auto', width: 0, minWidth: '100%' }} tabIndex={0} role="region" aria-label={runsTitle}>
          <Table size="small" aria-label={runsTitle}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${R}.fields.id`)}</TableCell>
                <TableCell>{translate(`${R}.fields.createdAt`)}</TableCell>
                <TableCell>{translate(`${R}.fields.window`)}</TableCell>
                <TableCell>{translate(`${R}.fields.fileName`)}</TableCell>
                <TableCell>{translate(`${R}.fields.createdByName`)}</TableCell>
                <TableCell align="right">{translate(`${R}.fields.fileRowCount`)}</TableCell>
                {COUNTED.map((cls) => (
                  <TableCell key={cls} align="right">
                    {translate(`${R}.classes.${cls}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.data?.content.map((run) => (
                <TableRow key={run.id} hover data-testid="control-run-row">
                  <TableCell>
                    <Link component={RouterLink} to={pathOf('transaction-control', 'show', { id: run.id })} aria-label={translate(`${R}.runs.open`, { id: run.id })}>
                      #{run.id}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.createdAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`${R}.windowValue`, { from: formatDay(run.from), to: formatDay(run.to) })}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{run.fileName}</TableCell>
                  <TableCell>{run.createdByName}</TableCell>
                  <TableCell align="right">{formatNumber(run.fileRowCount, lng)}</TableCell>
                  {COUNTED.map((cls) => (
                    <TableCell key={cls} align="right">
                      {formatNumber(run.totals[cls].count, lng)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
              {runs.data && runs.data.content.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COUNTED.length + 6}>
                    <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                      {translate(`${R}.runs.empty`)}
                    </Typography>
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </Box>
        <Pager paging={paging} total={runs.data?.totalElements ?? 0} />
      </Paper>
    </Stack>
  );
}

import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useGetOne, useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { formatDateTimeSeconds, formatMoney, formatNumber } from '@/domain/format';
import { REPORTS, type ReportKey } from '@/domain/reportCenter';
import { getLanguage } from '@/i18n';
import { usePathOf } from '@/resourceConfig';
import { StatusChip } from './StatusChip';
import { isCodedColumn } from './codedColumns';

/** The detail of one report row (card payment {transId}, disbursement {tranId}): every column, labelled. */
export function ReportRowShow({ report }: { report: ReportKey }) {
  const def = REPORTS[report];
  const translate = useTranslate();
  const lng = getLanguage();
  const pathOf = usePathOf();
  const { id = '' } = useParams();
  const row = useGetOne(report, { id }, { retry: false });

  const value = (key: string) => {
    const v = row.data?.[key];
    const type = def.columns.find((c) => c.key === key)?.type;
    if (v === null || v === undefined || v === '') return '-';
    if (type === 'money') return formatMoney(v as number, lng);
    if (type === 'number') return formatNumber(v as number, lng);
    if (type === 'date') return formatDateTimeSeconds(v as string);
    if (type === 'status') return <StatusChip status={String(v)} />;
    if (isCodedColumn(key)) return translate(`portal.reports.values.${String(v)}`, { _: String(v) });
    return String(v);
  };

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={`${translate(`resources.${report}.detail`)} ${id}`} />
      <div>
        <Button component={RouterLink} to={pathOf(report)} startIcon={<ArrowBack />} size="small">
          {translate('portal.reports.backToList')}
        </Button>
      </div>
      {row.isPending ? <CircularProgress aria-label={translate('ra.page.loading')} /> : null}
      {row.isError ? <Alert severity="warning">{translate('portal.reports.notFound')}</Alert> : null}
      {row.data ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            {def.columns.map((c) => (
              <Stack key={c.key} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
                <Typography component="dt" color="text.secondary" sx={{ minWidth: 220 }}>
                  {translate(`portal.reports.columns.${c.key}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: c.key === def.idColumn ? 600 : undefined }}>
                  {value(c.key)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

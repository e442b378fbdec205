import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@mui/x-charts/BarChart';
import { visuallyHidden } from '@mui/utils';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { formatDate, formatMoney, shortAmount } from '@/domain/format';
import { presetRange, vietnamToday, type RangePreset } from '@/domain/time';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { getLanguage } from '@/i18n';
import { errorText, marketingKeys, T } from './shared';

const PRESETS: readonly RangePreset[] = ['last7Days', 'last30Days', 'thisMonth', 'lastMonth', 'last90Days'];
const dayLabel = (day: string) => formatDate(`${day}T00:00:00+07:00`);

/** Spending (debits) by day, as a chart with the same figures as a table, and by campaign. */
export function SpendingPanel({ merchantId }: { merchantId: number | null }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const [preset, setPreset] = useState<RangePreset>('last30Days');
  const [tableShown, setTableShown] = useState(false);
  const headingId = useId();
  const range = presetRange(preset, vietnamToday());
  const spending = useQuery({
    queryKey: marketingKeys.spending(merchantId, range.from, range.to),
    queryFn: () => api.getMarketingSpending(range.from, range.to),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-labelledby={headingId}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id={headingId} component="h2" variant="h6">
          {translate(`${T}.spending.title`)}
        </Typography>
        <TextField select size="small" label={translate(`${T}.spending.period`)} value={preset} onChange={(e) => setPreset(e.target.value as RangePreset)} sx={{ minWidth: 200 }}>
          {PRESETS.map((p) => (
            <MenuItem key={p} value={p}>
              {translate(`${T}.presets.${p}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {spending.isPending ? (
        <PageLoader />
      ) : spending.isError ? (
        <Alert severity="error">{errorText(spending.error)}</Alert>
      ) : (
        <Stack spacing={2}>
          <Typography data-testid="marketing-spending-total">
            {translate(`${T}.spending.total`, { amount: formatMoney(spending.data.total, lng), from: dayLabel(range.from), to: dayLabel(range.to) })}
          </Typography>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography component="h3" variant="subtitle1">
              {translate(`${T}.spending.byDay`)}
            </Typography>
            <Button size="small" aria-pressed={tableShown} onClick={() => setTableShown(!tableShown)}>
              {translate(tableShown ? `${T}.spending.hideTable` : `${T}.spending.showTable`)}
            </Button>
          </Stack>
          <Box aria-hidden sx={{ width: '100%', minWidth: 0 }}>
            <BarChart
              height={220}
              disableKeyboardNavigation
              xAxis={[{ scaleType: 'band', data: spending.data.byDay.map((d) => dayLabel(d.day).slice(0, 5)) }]}
              yAxis={[{ valueFormatter: (v: number) => shortAmount(v, lng) }]}
              series={[{ data: spending.data.byDay.map((d) => d.amount), label: translate(`${T}.spending.amount`), valueFormatter: (v) => formatMoney(v ?? 0, lng) }]}
            />
          </Box>
          <Box sx={tableShown ? { overflowX: 'auto' } : visuallyHidden}>
            <Table size="small">
              <caption>{translate(`${T}.spending.byDay`)}</caption>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${T}.fields.day`)}</TableCell>
                  <TableCell align="right">{translate(`${T}.spending.amount`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {spending.data.byDay.map((d) => (
                  <TableRow key={d.day}>
                    <TableCell>{dayLabel(d.day)}</TableCell>
                    <TableCell align="right">{formatMoney(d.amount, lng)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <Typography component="h3" variant="subtitle1">
            {translate(`${T}.spending.byCampaign`)}
          </Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate(`${T}.spending.byCampaign`)}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${T}.fields.campaign`)}</TableCell>
                  <TableCell align="right">{translate(`${T}.spending.amount`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {spending.data.byCampaign.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={2}>{translate(`${T}.spending.empty`)}</TableCell>
                  </TableRow>
                )}
                {spending.data.byCampaign.map((c) => (
                  <TableRow key={c.campaignId}>
                    <TableCell>{c.campaignName ?? `#${c.campaignId}`}</TableCell>
                    <TableCell align="right">{formatMoney(c.amount, lng)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}

import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@mui/x-charts/BarChart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { DEMOGRAPHIC_DIMENSIONS, DEMOGRAPHIC_POPULATIONS, type DemographicDimension, type DemographicPopulation, type DemographicRow } from '@/domain/customerCare';
import { formatNumber } from '@/domain/format';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { downloadFile } from '@/files';
import { ChartWithTable } from '@/components/ChartWithTable';
import { CareHeader, careKey, lang, R, useCarePage } from './shared';

const K = `${R}.demographics`;
const CHART_HEIGHT = 240;

/**
 * Spec §2 {id}/customer-demographic: the page's followers and/or chatting customers by age band, gender,
 * province, tag and last activity; each chart with the same figures as a table; CSV or XLSX export.
 */
export default function Demographics() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = usePortalApi();
  const { pageId, page } = useCarePage();
  const [population, setPopulation] = useState<DemographicPopulation>('ALL');
  const [exporting, setExporting] = useState(false);
  const lng = lang();
  const query = useQuery({ queryKey: careKey('demographics', pageId, population), queryFn: () => api.careDemographics(pageId, population) });
  const d = query.data;

  const labelOf = (dimension: DemographicDimension, row: DemographicRow): string => {
    if (row.key === null) return translate(dimension === 'tag' ? `${K}.untagged` : `${K}.unknown`);
    if (dimension === 'tag') return row.label ?? row.key;
    if (dimension === 'province') return row.key;
    return translate(`${K}.values.${dimension}.${row.key}`);
  };
  const share = (count: number) => (d && d.total > 0 ? `${formatNumber(Math.round((count / d.total) * 1000) / 10, lng)}%` : '0%');
  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      await downloadFile(() => api.exportCareDemographics(pageId, population, format), {
        notify,
        t: translate,
        accept: format === 'csv' ? ['text/csv'] : ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <CareHeader resource="care-demographic" page={page} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={translate(`${K}.population`)}
          value={population}
          onChange={(e) => setPopulation(e.target.value as DemographicPopulation)}
          sx={{ minWidth: 240 }}
        >
          {DEMOGRAPHIC_POPULATIONS.map((p) => (
            <MenuItem key={p} value={p}>
              {translate(`${K}.populations.${p}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" disabled={exporting || !d} onClick={() => void exportAs('csv')}>
          {translate(`${K}.exportCsv`)}
        </Button>
        <Button variant="outlined" disabled={exporting || !d} onClick={() => void exportAs('xlsx')}>
          {translate(`${K}.exportXlsx`)}
        </Button>
      </Stack>
      {query.isPending && <PageLoader />}
      {query.isError && <Alert severity="error">{translate(`${R}.loadFailed`)}</Alert>}
      {d && (
        <>
          <Typography sx={{ mb: 2 }} data-testid="demographics-total">
            {translate(`${K}.total`, { count: formatNumber(d.total, lng) })}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
            {DEMOGRAPHIC_DIMENSIONS.map((dimension) => {
              const rows = d[dimension];
              return (
                <ChartWithTable
                  key={dimension}
                  title={translate(`${K}.dimensions.${dimension}`)}
                  rows={rows}
                  rowKey={(row) => row.key ?? 'none'}
                  columns={[
                    { key: 'value', label: translate(`${K}.columns.value`), value: (row) => labelOf(dimension, row) },
                    { key: 'count', label: translate(`${K}.columns.count`), value: (row) => formatNumber(row.count, lng), numeric: true },
                    { key: 'share', label: translate(`${K}.columns.share`), value: (row) => share(row.count), numeric: true },
                  ]}
                  chart={
                    rows.length > 0 ? (
                      <BarChart
                        height={CHART_HEIGHT}
                        xAxis={[{ scaleType: 'band', data: rows.map((row) => labelOf(dimension, row)) }]}
                        series={[{ data: rows.map((row) => row.count), label: translate(`${K}.columns.count`) }]}
                        hideLegend
                        disableKeyboardNavigation
                      />
                    ) : (
                      <Typography color="text.secondary" sx={{ py: 2 }}>
                        {translate(`${K}.empty`)}
                      </Typography>
                    )
                  }
                />
              );
            })}
          </Box>
        </>
      )}
    </>
  );
}

import { useMemo, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { sidebarQueryOptions } from '@/authProvider/allowedRoutes';
import { allowedRouteCodesOf } from '@/authProvider/canAccess';
import { getChosenMerchantId } from '@/authProvider/session';
import type { StoreOption } from '@/domain/api';
import { formatDate, formatMoney, formatNumber, shortAmount } from '@/domain/format';
import type { DashboardPoint } from '@/domain/reportCenter';
import { presetRange, vietnamToday, type DayRange } from '@/domain/time';
import { getLanguage } from '@/i18n';
import { secureLocal, StorageKeys } from '@/storage';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { DateRangeFilter } from '@/features/report-list/DateRangeFilter';

const CHART_HEIGHT = 180;

/** Revenue per day as SVG bars, with the same numbers in a table for screen readers. */
function DayChart({ points, title }: { points: DashboardPoint[]; title: string }) {
  const translate = useTranslate();
  const lng = getLanguage();
  const max = Math.max(1, ...points.map((p) => p.amount));
  const width = Math.max(points.length * 12, 240);
  const bar = width / points.length;
  return (
    <figure style={{ margin: 0 }}>
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={title}
        sx={{ width: '100%', height: CHART_HEIGHT, display: 'block', color: 'primary.main' }}
      >
        {points.map((p, i) => {
          const h = (p.amount / max) * (CHART_HEIGHT - 4);
          return (
            <rect key={p.key} x={i * bar + bar * 0.15} y={CHART_HEIGHT - h} width={bar * 0.7} height={h} fill="currentColor" rx={1}>
              <title>{`${formatDate(p.key)}: ${formatMoney(p.amount, lng)} · ${formatNumber(p.count, lng)}`}</title>
            </rect>
          );
        })}
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', color: 'text.secondary' }} aria-hidden>
        <Typography variant="caption">{points.length ? formatDate(points[0].key) : ''}</Typography>
        <Typography variant="caption">{translate('portal.dashboard.max', { value: shortAmount(max, lng) })}</Typography>
        <Typography variant="caption">{points.length ? formatDate(points[points.length - 1].key) : ''}</Typography>
      </Stack>
      <Box component="table" sx={visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{translate('portal.dashboard.day')}</th>
            <th scope="col">{translate('portal.dashboard.amount')}</th>
            <th scope="col">{translate('portal.dashboard.count')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.key}>
              <th scope="row">{formatDate(p.key)}</th>
              <td>{formatMoney(p.amount, lng)}</td>
              <td>{formatNumber(p.count, lng)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </figure>
  );
}

/** A ranked breakdown as horizontal bars: a list, so it reads well without the picture. */
function Breakdown({ points, labelOf }: { points: DashboardPoint[]; labelOf: (p: DashboardPoint) => string }) {
  const translate = useTranslate();
  const lng = getLanguage();
  const max = Math.max(1, ...points.map((p) => p.amount));
  if (!points.length) return <Typography color="text.secondary">{translate('portal.dashboard.empty')}</Typography>;
  return (
    <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {points.map((p) => (
        <li key={p.key}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography variant="body2" noWrap>
              {labelOf(p)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatMoney(p.amount, lng)}
              <Typography component="span" variant="caption" color="text.secondary">
                {` · ${translate('portal.dashboard.payments', { count: formatNumber(p.count, lng) })}`}
              </Typography>
            </Typography>
          </Stack>
          <Box aria-hidden sx={{ height: 6, borderRadius: 3, bgcolor: 'action.hover', mt: 0.5 }}>
            <Box sx={{ height: 6, borderRadius: 3, bgcolor: 'primary.main', width: `${(p.amount / max) * 100}%` }} />
          </Box>
        </li>
      ))}
    </Stack>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `dashboard-${title.replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, flex: 1, minWidth: 280 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * Spec §2 dashboard. MERCHANT_DASHBOARD: net revenue and payment count of the chosen days, by day, store
 * and payment method. MERCHANT_DASHBOARD_DONATION (donation merchants): donations by day and campaign.
 */
export default function DashboardPage() {
  const translate = useTranslate();
  const lng = getLanguage();
  const merchantId = getChosenMerchantId();
  const api = usePortalApi();
  const sidebar = useQuery(sidebarQueryOptions(merchantId));
  const codes = useMemo(() => allowedRouteCodesOf(sidebar.data), [sidebar.data]);
  const donation = !codes.includes('MERCHANT_DASHBOARD') && codes.includes('MERCHANT_DASHBOARD_DONATION');
  const [range, setRange] = useState<DayRange>(() => presetRange('thisMonth', vietnamToday()));
  const [storeId, setStoreId] = useState<number | ''>('');
  const stores = useMemo(() => secureLocal.get<StoreOption[]>(StorageKeys.storeOption) ?? [], []);
  const data = useQuery({
    queryKey: ['portal', 'dashboard', merchantId, donation, range.from, range.to, storeId],
    queryFn: ({ signal }) =>
      api.getDashboard(donation, { fromDate: range.from, toDate: range.to, ...(storeId && !donation ? { storeId } : {}) }, signal),
    enabled: sidebar.isSuccess,
    placeholderData: keepPreviousData,
  });
  const d = data.data;
  const storeLabel = (p: DashboardPoint) =>
    p.key === 'others' ? translate('portal.dashboard.otherStores') : p.key === '0' ? translate('portal.dashboard.noStore') : p.label;
  const methodLabel = (p: DashboardPoint) => translate(`portal.dashboard.methods.${p.key}`, { _: p.key });

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Typography variant="h4" component="h1">
        {translate(donation ? 'portal.dashboard.donationTitle' : 'resources.dashboard.name')}
      </Typography>
      <Paper variant="outlined" component="search" sx={{ p: 2 }} aria-label={translate('portal.reports.filters')}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
          <DateRangeFilter value={range} onChange={setRange} />
          {!donation && stores.length > 1 ? (
            <TextField
              select
              size="small"
              label={translate('portal.reports.store')}
              value={storeId}
              onChange={(e) => setStoreId(e.target.value === '' ? '' : Number(e.target.value))}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">{translate('portal.reports.all')}</MenuItem>
              {stores.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.storeName}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Stack>
      </Paper>
      {data.isError ? <Alert severity="error">{translate('portal.dashboard.error')}</Alert> : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
          <Typography color="text.secondary">{translate(donation ? 'portal.dashboard.donationAmount' : 'portal.dashboard.revenue')}</Typography>
          <Typography variant="h4" component="p" data-testid="dashboard-total-amount" aria-busy={data.isFetching}>
            {d ? formatMoney(d.totalAmount, lng) : '…'}
          </Typography>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
          <Typography color="text.secondary">{translate(donation ? 'portal.dashboard.donationCount' : 'portal.dashboard.count')}</Typography>
          <Typography variant="h4" component="p" data-testid="dashboard-total-count">
            {d ? formatNumber(d.totalCount, lng) : '…'}
          </Typography>
        </Paper>
      </Stack>
      <Card title={translate(donation ? 'portal.dashboard.donationsByDay' : 'portal.dashboard.byDay')}>
        {d ? <DayChart points={d.byDay} title={translate(donation ? 'portal.dashboard.donationsByDay' : 'portal.dashboard.byDay')} /> : null}
      </Card>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Card title={translate(donation ? 'portal.dashboard.byCampaign' : 'portal.dashboard.byStore')}>
          {d ? <Breakdown points={d.byStore} labelOf={storeLabel} /> : null}
        </Card>
        {donation ? null : <Card title={translate('portal.dashboard.byMethod')}>{d ? <Breakdown points={d.byMethod} labelOf={methodLabel} /> : null}</Card>}
      </Stack>
    </Stack>
  );
}

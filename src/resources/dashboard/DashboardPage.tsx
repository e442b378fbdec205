import { useId, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { sidebarQueryOptions } from '@/authProvider/allowedRoutes';
import { allowedRouteCodesOf } from '@/authProvider/canAccess';
import { getChosenMerchantId } from '@/authProvider/session';
import { PRODUCT_NAME } from '@/config';
import type { StoreOption } from '@/domain/api';
import { changePercent } from '@/domain/figures';
import { formatDate, formatMoney, formatNumber, shortAmount } from '@/domain/format';
import { isWalletDestination, PAYOUT_BANKS } from '@/domain/payouts';
import type { Dashboard, DashboardFigures, DashboardPoint, NextPayout } from '@/domain/reportCenter';
import { formatDay, presetRange, vietnamToday, type DayRange } from '@/domain/time';
import { getLanguage } from '@/i18n';
import { secureLocal, StorageKeys } from '@/storage';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { DateRangeFilter } from '@/features/report-list/DateRangeFilter';

const CHART_HEIGHT = 180;

/** Revenue per day as SVG bars; the same numbers in a table, read by screen readers and shown on demand. */
function DayChart({ points, title }: { points: DashboardPoint[]; title: string }) {
  const translate = useTranslate();
  const lng = getLanguage();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
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
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Typography component="figcaption" variant="caption" color="text.secondary">
          {translate('portal.dashboard.chartNote')}
        </Typography>
        <Button size="small" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)}>
          {translate(showTable ? 'portal.dashboard.hideTable' : 'portal.dashboard.showTable')}
        </Button>
      </Stack>
      {/* Hidden, the table sits in a clipped box (a table grows to its content whatever its own width). */}
      <Box
        sx={showTable ? { overflowX: 'auto', width: 0, minWidth: '100%' } : visuallyHidden}
        {...(showTable ? { tabIndex: 0, role: 'region', 'aria-label': title } : {})}
      >
        <Box
          id={tableId}
          component="table"
          sx={{ width: '100%', mt: 1, borderCollapse: 'collapse', '& th, & td': { py: 0.5, borderBottom: 1, borderColor: 'divider' }, '& td': { textAlign: 'right' } }}
        >
          <caption style={visuallyHidden as CSSProperties}>{title}</caption>
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'left' }}>
                {translate('portal.dashboard.day')}
              </th>
              <th scope="col">{translate('portal.dashboard.amount')}</th>
              <th scope="col">{translate('portal.dashboard.count')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.key}>
                <th scope="row" style={{ textAlign: 'left', fontWeight: 'normal' }}>
                  {formatDate(p.key)}
                </th>
                <td>{formatMoney(p.amount, lng)}</td>
                <td>{formatNumber(p.count, lng)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </figure>
  );
}

/** A ranked breakdown as horizontal bars: a list with the values written out, so it reads well without the picture. */
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
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, flex: 1, minWidth: 280 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** "+12 %" / "−5 %" to see, "Tăng 12 % so với kỳ trước" to hear. */
function Change({ current, previous }: { current: number; previous: number }) {
  const translate = useTranslate();
  const lng = getLanguage();
  const change = changePercent(current, previous);
  if (change === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('portal.dashboard.changeNone')}
      </Typography>
    );
  }
  const words =
    change > 0
      ? translate('portal.dashboard.changeUp', { value: formatNumber(change, lng) })
      : change < 0
        ? translate('portal.dashboard.changeDown', { value: formatNumber(-change, lng) })
        : translate('portal.dashboard.changeSame');
  const shown = `${change > 0 ? '+' : change < 0 ? '−' : ''}${formatNumber(Math.abs(change), lng)} %`;
  return (
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      <span aria-hidden>{shown}</span>
      <Box component="span" sx={visuallyHidden}>
        {words}
      </Box>
    </Typography>
  );
}

interface FigureTile {
  key: keyof DashboardFigures;
  label: string;
  detail?: string;
  money: boolean;
}

/** One figure of the period, the change from the previous period, and the previous value. */
function Figure({ tile, dashboard }: { tile: FigureTile; dashboard: Dashboard }) {
  const translate = useTranslate();
  const lng = getLanguage();
  const current = dashboard.figures[tile.key] ?? 0;
  const before = dashboard.previous[tile.key] ?? 0;
  const show = (v: number) => (tile.money ? formatMoney(v, lng) : formatNumber(v, lng));
  const id = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, flex: '1 1 200px' }}>
      <Typography id={id} color="text.secondary" component="h2" variant="body1">
        {tile.label}
      </Typography>
      <Typography variant="h5" component="p" data-testid={`dashboard-${tile.key}`}>
        {show(current)}
      </Typography>
      {tile.detail ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {tile.detail}
        </Typography>
      ) : null}
      <Change current={current} previous={before} />
      <Typography variant="caption" color="text.secondary" component="p" data-testid={`dashboard-previous-${tile.key}`}>
        {translate('portal.dashboard.previous', {
          from: formatDay(dashboard.previousFromDate),
          to: formatDay(dashboard.previousToDate),
          value: show(before),
        })}
      </Typography>
    </Paper>
  );
}

/** Where the money goes: the destination's name; a bank by its short name and the masked account. */
function destinationLabel(payout: NextPayout, translate: ReturnType<typeof useTranslate>): string {
  if (isWalletDestination(payout.destination)) return translate('resources.payouts.destinations.wallet', { product: PRODUCT_NAME });
  if (payout.destination === 'BANK') {
    const bank = PAYOUT_BANKS.find((b) => b.id === payout.bankNameId)?.shortName ?? payout.bankNameId ?? '';
    return [bank, payout.accountMasked].filter(Boolean).join(' ');
  }
  return translate(`resources.payouts.destinations.${payout.destination}`, { _: payout.destination });
}

/** When and where the merchant is paid next: T+1 today's net on the next working day, or after each payment. */
function PayoutCard({ payout }: { payout: NextPayout }) {
  const translate = useTranslate();
  const lng = getLanguage();
  const nextDay = payout.date !== null && payout.amount !== null;
  return (
    <Card title={translate('portal.dashboard.payout.title')}>
      <Typography variant="h5" component="p" data-testid="dashboard-payout">
        {nextDay
          ? translate('portal.dashboard.payout.nextDay', { amount: formatMoney(payout.amount, lng), date: formatDay(payout.date) })
          : translate('portal.dashboard.payout.realTime')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(nextDay ? 'portal.dashboard.payout.nextDayDetail' : 'portal.dashboard.payout.realTimeDetail')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="dashboard-payout-destination">
        {translate('portal.dashboard.payout.to', { destination: destinationLabel(payout, translate) })}
      </Typography>
    </Card>
  );
}

/**
 * Spec §2 dashboard. MERCHANT_DASHBOARD: how much money comes to the merchant and when: net, gross, fees,
 * refunds and successful payments of the chosen days beside the previous period of the same length, the
 * next payout, and successful payments by day, store and payment method. Store-scoped roles see no fees,
 * net or payout. MERCHANT_DASHBOARD_DONATION (donation merchants): the same figures of donations, by day
 * and campaign. Every figure is the one definition of src/domain/figures.ts, computed by the server.
 */
export default function DashboardPage() {
  const translate = useTranslate();
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
  const methodLabel = (p: DashboardPoint) => translate(`resources.transaction-report.methods.${p.key}`, { _: p.key });
  const figure = (key: string) => translate(`portal.reports.figures.${key}`);
  const seesFees = d ? d.figures.netAmount !== null : true;
  const tiles: FigureTile[] = [
    ...(seesFees ? [{ key: 'netAmount' as const, label: figure('net'), detail: figure('netDetail'), money: true }] : []),
    { key: 'grossAmount', label: translate(donation ? 'portal.dashboard.donationAmount' : 'portal.reports.figures.gross'), detail: figure('grossDetail'), money: true },
    ...(seesFees && !donation ? [{ key: 'feeAmount' as const, label: figure('fees'), detail: figure('feesDetail'), money: true }] : []),
    { key: 'refundedAmount', label: figure('refunds'), money: true },
    {
      key: 'successfulCount',
      label: translate(donation ? 'portal.dashboard.donationCount' : 'portal.reports.figures.successful'),
      detail: d ? translate('portal.reports.figures.refundedIncluded', { count: formatNumber(d.figures.refundedCount, getLanguage()) }) : undefined,
      money: false,
    },
  ];

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
      {d && !seesFees ? <Alert severity="info">{translate('portal.dashboard.storeScoped')}</Alert> : null}
      <Box aria-busy={data.isFetching} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {d ? tiles.map((tile) => <Figure key={tile.key} tile={tile} dashboard={d} />) : null}
      </Box>
      {d?.payout ? <PayoutCard payout={d.payout} /> : null}
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

import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { visuallyHidden } from '@mui/utils';
import { BarChart } from '@mui/x-charts/BarChart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { formatDateTime, formatMoney, formatNumber } from '@/domain/format';
import { isEditable, type MerchantAction } from '@/domain/marketingCampaigns';
import { formatDay } from '@/domain/time';
import type { CampaignDetail as Detail } from '@/dataProvider/api/marketingCampaigns';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';
import { errorText, lang, M, MarketingFrame, mkKey, StatusChip, useMarketingPage, usePageId } from './shared';

const D = `${M}.detail`;
const FIGURES = ['impressions', 'clicks', 'follows', 'payments', 'spend', 'costPerResult'] as const;

/** Spec §2 marketing-management/{id}/campaign/{campaignId}: status and its moves, money, delivery by day (chart and table), the creative and the audit. */
export default function CampaignDetail() {
  const page = useMarketingPage();
  return (
    <MarketingFrame resource="marketing-campaign" pageName={page.data?.name} back>
      <CampaignView canManage={page.data?.canManage ?? false} />
    </MarketingFrame>
  );
}

function CampaignView({ canManage }: { canManage: boolean }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const queryClient = useQueryClient();
  const pageId = usePageId();
  const campaignId = Number(useParams().campaignId ?? '');
  const lng = lang();
  const [busy, setBusy] = useState(false);
  const campaign = useQuery({ queryKey: mkKey('campaign', pageId, campaignId), queryFn: () => api.getMarketingCampaign(pageId, campaignId) });
  const delivery = useQuery({ queryKey: mkKey('delivery', pageId, campaignId), queryFn: () => api.getMarketingCampaignDelivery(pageId, campaignId) });
  const events = useQuery({ queryKey: mkKey('events', pageId, campaignId), queryFn: () => api.getMarketingCampaignEvents(pageId, campaignId) });
  if (campaign.isPending) return <PageLoader />;
  if (campaign.isError) return <Alert severity="error">{errorText(campaign.error) || translate(`${M}.loadFailed`)}</Alert>;
  const c: Detail = campaign.data;

  const move = async (action: MerchantAction) => {
    setBusy(true);
    try {
      await api.moveMarketingCampaign(pageId, campaignId, action, c.version);
    } catch {
      // The httpClient has shown the server's message (e.g. changed elsewhere, balance too small).
    } finally {
      await queryClient.invalidateQueries({ queryKey: mkKey() });
      await queryClient.invalidateQueries({ queryKey: ['marketing-budget'] });
      setBusy(false);
    }
  };

  const money = [
    { key: 'budget', value: `${formatMoney(c.budgetAmount, lng)} ${translate(`${M}.budgetKinds.${c.budgetKind}`)}` },
    { key: 'reserveAmount', value: formatMoney(c.reserveAmount, lng) },
    { key: 'spent', value: formatMoney(c.spent, lng) },
    { key: 'released', value: formatMoney(c.released, lng) },
  ];
  const audience = [
    c.audience.ageBands.length ? c.audience.ageBands.map((b) => translate(`${M}.form.ageBandNames.${b}`)).join(', ') : null,
    c.audience.genders.length ? c.audience.genders.map((g) => translate(`${M}.form.genderNames.${g}`)).join(', ') : null,
    c.audience.provinces.length ? c.audience.provinces.join(', ') : null,
    c.audience.tagIds.length ? translate(`${D}.tagCount`, { count: c.audience.tagIds.length }) : null,
    c.audience.followers !== 'ANY' ? translate(`${M}.form.presence.followers.${c.audience.followers}`) : null,
    c.audience.payers !== 'ANY' ? translate(`${M}.form.presence.payers.${c.audience.payers}`) : null,
  ].filter((x): x is string => x !== null);
  const days = delivery.data?.days ?? [];
  const figure = (key: (typeof FIGURES)[number], value: number | null) =>
    value === null ? '-' : key === 'spend' || key === 'costPerResult' ? formatMoney(value, lng) : formatNumber(value, lng);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h2" variant="h6">
          {c.name}
        </Typography>
        <StatusChip status={c.status} />
        <Typography variant="body2" color="text.secondary">
          {translate(`${M}.objectives.${c.objective}`)} · {formatDateTime(c.startsAt)} – {formatDateTime(c.endsAt)} ({translate(`${D}.vietnamTime`)})
        </Typography>
      </Stack>
      {c.status === 'REJECTED' && c.rejectReason && (
        <Alert severity="error" data-testid="reject-reason">
          {translate(`${D}.rejected`, { reason: c.rejectReason })}
        </Alert>
      )}
      {c.status === 'IN_REVIEW' && <Alert severity="info">{translate(`${D}.inReview`)}</Alert>}
      {canManage && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          {isEditable(c.status) && (
            <Button component={RouterLink} variant="outlined" to={pathOf('marketing-campaign-create', 'page', { id: pageId }, { edit: c.id })}>
              {translate(`${D}.edit`)}
            </Button>
          )}
          {c.actions.map((action) => (
            <Button key={action} variant={action === 'END' ? 'outlined' : 'contained'} color={action === 'END' ? 'error' : 'primary'} disabled={busy} onClick={() => void move(action)}>
              {translate(`${D}.actions.${action}`)}
            </Button>
          ))}
          <Button component={RouterLink} to={pathOf('marketing-campaign-create', 'page', { id: pageId }, { from: `campaign:${c.id}` })}>
            {translate(`${D}.duplicate`)}
          </Button>
        </Stack>
      )}

      <Grid container spacing={2} component="section" aria-label={translate(`${D}.money`)}>
        {money.map((m) => (
          <Grid key={m.key} size={{ xs: 6, md: 3 }}>
            <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
              <Typography variant="overline" component="p" id={`campaign-${m.key}`}>
                {translate(`${D}.figures.${m.key}`)}
              </Typography>
              <Typography variant="h6" component="p" aria-labelledby={`campaign-${m.key}`} data-testid={`campaign-${m.key}`}>
                {m.value}
              </Typography>
            </Paper>
          </Grid>
        ))}
      </Grid>

      <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-labelledby="campaign-delivery-title">
        <Typography id="campaign-delivery-title" component="h2" variant="subtitle1">
          {translate(`${D}.delivery`)}
        </Typography>
        {delivery.isError && <Alert severity="error">{errorText(delivery.error)}</Alert>}
        {delivery.data && days.length === 0 && <Alert severity="info">{translate(`${D}.noDelivery`)}</Alert>}
        {days.length > 0 && (
          <>
            <Box aria-hidden sx={{ width: '100%', minWidth: 0 }}>
              <BarChart
                disableKeyboardNavigation
                height={260}
                xAxis={[{ scaleType: 'band', data: days.map((d) => formatDay(d.day)) }]}
                series={[
                  { data: days.map((d) => d.impressions), label: translate(`${D}.columns.impressions`) },
                  { data: days.map((d) => d.clicks), label: translate(`${D}.columns.clicks`) },
                ]}
              />
            </Box>
            <Typography sx={visuallyHidden}>{translate(`${D}.chartText`)}</Typography>
          </>
        )}
        {delivery.data && (
          <Box sx={{ overflowX: 'auto', mt: 1 }}>
            <Table size="small" aria-label={translate(`${D}.delivery`)}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${D}.columns.day`)}</TableCell>
                  {FIGURES.map((k) => (
                    <TableCell key={k} align="right">
                      {translate(k === 'costPerResult' ? `${D}.costPer.${c.objective}` : `${D}.columns.${k}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {days.map((d) => (
                  <TableRow key={d.day}>
                    <TableCell>{formatDay(d.day)}</TableCell>
                    {FIGURES.map((k) => (
                      <TableCell key={k} align="right">
                        {figure(k, d[k])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
                <TableRow data-testid="delivery-totals">
                  <TableCell sx={{ fontWeight: 600 }}>{translate(`${D}.total`)}</TableCell>
                  {FIGURES.map((k) => (
                    <TableCell key={k} align="right" sx={{ fontWeight: 600 }}>
                      {figure(k, delivery.data.totals[k])}
                    </TableCell>
                  ))}
                </TableRow>
              </TableBody>
            </Table>
          </Box>
        )}
      </Paper>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }} component="section" aria-labelledby="campaign-creative-title">
            <Typography id="campaign-creative-title" component="h2" variant="subtitle1">
              {translate(`${D}.creative`)}
            </Typography>
            {c.imageUrl && <Box component="img" src={c.imageUrl} alt={translate(`${M}.form.imageAlt`)} sx={{ mt: 1, maxWidth: '100%', maxHeight: 200, borderRadius: 1 }} />}
            <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {c.text}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {translate(`${M}.ctas.${c.cta}`)}
              {c.paymentLink ? ` · ${c.paymentLink.title} (${c.paymentLink.code})` : ''}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate(`${D}.audience`)}: {audience.length ? audience.join(' · ') : translate(`${D}.everyone`)}
            </Typography>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }} component="section" aria-labelledby="campaign-events-title">
            <Typography id="campaign-events-title" component="h2" variant="subtitle1">
              {translate(`${D}.events`)}
            </Typography>
            <Box component="ol" sx={{ pl: 2, my: 1 }} data-testid="campaign-events">
              {events.data?.map((e) => (
                <li key={e.id}>
                  <Typography variant="body2">
                    {formatDateTime(e.at)} · {translate(`${D}.eventActions.${e.action}`)} · {e.actorName ?? translate(`${D}.actors.${e.actorKind}`)}
                    {e.reason ? ` · ${e.reason}` : ''}
                  </Typography>
                </li>
              ))}
            </Box>
          </Paper>
        </Grid>
      </Grid>
    </Stack>
  );
}

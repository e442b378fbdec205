import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatMoney, formatNumber } from '@/domain/format';
import { CAMPAIGN_LIMITS, CAMPAIGN_STATUSES, type CampaignStatus } from '@/domain/marketingCampaigns';
import type { CampaignReview } from '@/dataProvider/api/marketingCampaigns';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { OpsQueue, ReasonDialog } from '../OpsQueue';

const T = 'portal.ops.marketingCampaigns';
const C = 'resources.marketing-management';

/** Operator section marketing-campaigns: campaigns in review (or another status) across merchants; approve (reserves the budget) or reject with a reason. */
export default function OpsMarketingCampaigns() {
  const { t, i18n } = useTranslation();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const lng = i18n.language === 'en' ? 'en' : 'vi';
  const [status, setStatus] = useState<CampaignStatus>('IN_REVIEW');
  const [rejecting, setRejecting] = useState<CampaignReview | null>(null);
  const query = useQuery({ queryKey: ['ops', 'marketing-campaigns', status], queryFn: () => api.getMarketingCampaignReviewQueue(status) });
  const act = async (campaign: CampaignReview, action: 'approve' | 'reject', reason?: string) => {
    let done = false;
    try {
      await api.reviewMarketingCampaign(campaign.id, action, reason);
      setRejecting(null);
      done = true;
    } catch {
      // The httpClient has shown the server's message (e.g. the merchant's balance no longer covers the reserve).
    }
    await queryClient.invalidateQueries({ queryKey: ['ops', 'marketing-campaigns'] });
    return done;
  };
  return (
    <OpsQueue prefix={T} filterLabel={t(`${T}.status`)} states={CAMPAIGN_STATUSES} state={status} stateLabel={(s) => t(`${C}.statuses.${s}`)} onState={setStatus} query={query}>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t(`${T}.title`)}>
          <TableHead>
            <TableRow>
              <TableCell>{t(`${T}.campaign`)}</TableCell>
              <TableCell>{t(`${T}.merchant`)}</TableCell>
              <TableCell>{t(`${T}.creative`)}</TableCell>
              <TableCell>{t(`${T}.schedule`)}</TableCell>
              <TableCell align="right">{t(`${T}.reserve`)}</TableCell>
              <TableCell align="right">{t(`${T}.audience`)}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {query.data?.map((c) => (
              <TableRow key={c.id} data-testid="ops-campaign-row">
                <TableCell>
                  {c.name}
                  <Typography variant="caption" component="p" color="text.secondary">
                    {t(`${C}.objectives.${c.objective}`)}
                  </Typography>
                </TableCell>
                <TableCell>
                  {c.merchantName}
                  <Typography variant="caption" component="p" color="text.secondary">
                    {c.pageName}
                  </Typography>
                </TableCell>
                <TableCell sx={{ maxWidth: 320 }}>
                  {c.imageUrl && <Box component="img" src={c.imageUrl} alt="" sx={{ maxHeight: 48, borderRadius: 1, display: 'block' }} />}
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {c.text}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(`${C}.ctas.${c.cta}`)}
                  </Typography>
                </TableCell>
                <TableCell>
                  {formatDateTime(c.startsAt)} – {formatDateTime(c.endsAt)}
                </TableCell>
                <TableCell align="right">{formatMoney(c.reserveAmount, lng)}</TableCell>
                <TableCell align="right">{formatNumber(c.audienceSize, lng)}</TableCell>
                <TableCell>
                  {c.status === 'IN_REVIEW' && (
                    <>
                      <Button size="small" variant="contained" onClick={() => void act(c, 'approve')} aria-label={`${t(`${T}.approve`)} ${c.name}`}>
                        {t(`${T}.approve`)}
                      </Button>{' '}
                      <Button size="small" color="error" onClick={() => setRejecting(c)} aria-label={`${t(`${T}.reject`)} ${c.name}`}>
                        {t(`${T}.reject`)}
                      </Button>
                    </>
                  )}
                  {c.status === 'REJECTED' && c.rejectReason && <Typography variant="caption">{c.rejectReason}</Typography>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <ReasonDialog
        title={rejecting ? `${t(`${T}.reject`)}: ${rejecting.name}` : null}
        prefix={T}
        maxLength={CAMPAIGN_LIMITS.rejectReasonMaxLength}
        onClose={() => setRejecting(null)}
        onConfirm={(reason) => (rejecting ? act(rejecting, 'reject', reason) : Promise.resolve(false))}
      />
    </OpsQueue>
  );
}

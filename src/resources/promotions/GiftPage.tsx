import { Link as RouterLink, useParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PageLoader } from '@/components/PageLoader';
import { formatNumber } from '@/domain/format';
import { redemptionPerMille } from '@/domain/promotions';
import { getLanguage } from '@/i18n';
import { CampaignStatusChip, money, period } from './CampaignFields';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { usePathOf } from '@/resourceConfig';

/** Gift detail (my-campaigns/{id}/gift/{giftId}): the voucher and how many were issued and redeemed. */
export default function GiftPage() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const lng = getLanguage();
  const { id = '', giftId = '' } = useParams();
  const { data: gift, isPending, isError } = useQuery({
    queryKey: ['portal', 'promotions', 'gift', id, giftId],
    queryFn: () => api.getGift(id, giftId),
  });
  if (isPending) return <PageLoader />;
  if (isError || !gift) return <Alert severity="error">{translate('resources.promotion-gifts.notFound')}</Alert>;
  const perMille = redemptionPerMille(gift);
  const rows: Array<[string, string]> = [
    ['discountAmount', money(gift.discountAmount)],
    ['minOrderAmount', money(gift.minOrderAmount)],
    ['quantity', formatNumber(gift.quantity, lng)],
    ['issuedCount', formatNumber(gift.issuedCount, lng)],
    ['redeemedCount', formatNumber(gift.redeemedCount, lng)],
    ['remainingCount', formatNumber(gift.remainingCount, lng)],
    ['redemptionRate', `${formatNumber(`${Math.trunc(perMille / 10)}.${perMille % 10}`, lng)} %`],
    ['redeemedAmount', money(gift.redeemedAmount)],
  ];
  const countsLabel = translate('resources.promotion-gifts.counts');
  return (
    <Stack spacing={3}>
      <Title title={`${gift.code} · ${gift.name}`} />
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="h2" variant="h6">
              {`${gift.campaign.code} · ${gift.campaign.name}`}
            </Typography>
            <CampaignStatusChip status={gift.campaign.status} />
            <Typography color="text.secondary">{period(gift.campaign)}</Typography>
          </Stack>
        </CardContent>
      </Card>
      <Table size="small" aria-label={countsLabel} sx={{ maxWidth: 560 }}>
        <TableBody>
          {rows.map(([key, value]) => (
            <TableRow key={key}>
              <TableCell component="th" scope="row">
                {translate(`resources.promotions.gifts.fields.${key}`)}
              </TableCell>
              <TableCell align="right">{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Button component={RouterLink} to={pathOf('promotions', 'show', { id: gift.campaign.id })} sx={{ alignSelf: 'flex-start' }}>
        {translate('resources.promotion-gifts.backToCampaign')}
      </Button>
    </Stack>
  );
}

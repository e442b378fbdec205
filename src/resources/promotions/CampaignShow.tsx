import { Link as RouterLink, useParams } from 'react-router-dom';
import { Labeled, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@/domain/format';
import type { PromotionCampaign } from '@/domain/promotions';
import { getLanguage } from '@/i18n';
import { CampaignStatusChip, money, period } from './CampaignFields';
import { usePathOf } from '@/resourceConfig';

function Gifts({ campaign }: { campaign: PromotionCampaign }) {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const lng = getLanguage();
  const label = translate('resources.promotions.gifts.title');
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mt: 2 }}>
        {label}
      </Typography>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.promotions.gifts.fields.code')}</TableCell>
            <TableCell>{translate('resources.promotions.gifts.fields.name')}</TableCell>
            <TableCell align="right">{translate('resources.promotions.gifts.fields.discountAmount')}</TableCell>
            <TableCell align="right">{translate('resources.promotions.gifts.fields.quantity')}</TableCell>
            <TableCell align="right">{translate('resources.promotions.gifts.fields.issuedCount')}</TableCell>
            <TableCell align="right">{translate('resources.promotions.gifts.fields.redeemedCount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(campaign.gifts ?? []).map((gift) => (
            <TableRow key={gift.id} hover>
              <TableCell>
                <Link component={RouterLink} to={pathOf('promotion-gifts', 'page', { id: campaign.id, giftId: gift.id })}>
                  {gift.code}
                </Link>
              </TableCell>
              <TableCell>{gift.name}</TableCell>
              <TableCell align="right">{money(gift.discountAmount)}</TableCell>
              <TableCell align="right">{formatNumber(gift.quantity, lng)}</TableCell>
              <TableCell align="right">{formatNumber(gift.issuedCount, lng)}</TableCell>
              <TableCell align="right">{formatNumber(gift.redeemedCount, lng)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

function CampaignDetail() {
  const record = useRecordContext<PromotionCampaign>();
  if (!record) return null;
  return (
    <SimpleShowLayout>
      <TextField source="code" />
      <TextField source="name" />
      <TextField source="description" emptyText="-" />
      <Labeled label="resources.promotions.fields.period">
        <span>{period(record)}</span>
      </Labeled>
      <Labeled label="resources.promotions.fields.status">
        <CampaignStatusChip status={record.status} />
      </Labeled>
      <Labeled label="resources.promotions.fields.budget">
        <span>{money(record.budget)}</span>
      </Labeled>
      <Labeled label="resources.promotions.fields.spentAmount">
        <span>{money(record.spentAmount)}</span>
      </Labeled>
      <Gifts campaign={record} />
    </SimpleShowLayout>
  );
}

/** react-admin seeds a detail from the list's cached row (without the detail's extras) and, within the 5 s stale time, would not refetch it. */
const FRESH = { staleTime: 0 } as const;

/** Campaign detail (my-campaigns/{id}) with its gifts (vouchers). */
export default function CampaignShow() {
  const { id } = useParams();
  return (
    <Show resource="promotions" id={id} actions={false} queryOptions={FRESH}>
      <CampaignDetail />
    </Show>
  );
}

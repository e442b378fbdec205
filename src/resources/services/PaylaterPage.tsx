import { Link as RouterLink } from 'react-router-dom';
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
import { formatMoney, formatNumber } from '@/domain/format';
import { getLanguage } from '@/i18n';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { RegisterServiceButton, ServiceStatusChip } from './ServiceFields';
import { LandingContent } from './ServiceTemplatePage';
import { usePathOf } from '@/resourceConfig';

/** Basis points as a percentage text with two decimals (250 → 2,50 %), from integers only. */
const percentOfBps = (bps: number, lng: 'vi' | 'en') =>
  `${formatNumber(`${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`, lng)} %`;

/**
 * Spec §2 service-management/PAYLATER: the later-payment service of this merchant: its registration,
 * the commercial terms (instalments, fee, order limits) and the service's landing content.
 */
export default function PaylaterPage() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const lng = getLanguage();
  const { data, isPending, isError, refetch } = useQuery({ queryKey: ['portal', 'services', 'paylater'], queryFn: () => api.getPaylaterPage() });
  if (isPending) return <PageLoader />;
  if (isError || !data) return <Alert severity="error">{translate('portal.http.error')}</Alert>;
  const { service, terms, landing } = data;
  const pending = service.status === 'INITIALIZED';
  return (
    <Stack spacing={3}>
      <Title title={service.name} />
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="h2" variant="h6">
              {translate('resources.service-paylater.registration')}
            </Typography>
            <ServiceStatusChip service={service} />
            <RegisterServiceButton service={service} onRegistered={() => void refetch()} />
          </Stack>
          {pending && (
            <Alert severity="info" sx={{ mt: 2 }}>
              {translate('resources.service-paylater.pendingReview')}
            </Alert>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            {translate('resources.service-paylater.terms')}
          </Typography>
          <Table size="small" aria-label={translate('resources.service-paylater.terms')}>
            <TableBody>
              <TableRow>
                <TableCell component="th" scope="row">
                  {translate('resources.service-paylater.installmentMonths')}
                </TableCell>
                <TableCell>
                  {terms.installmentMonths.map((m) => translate('resources.service-paylater.months', { months: m })).join(', ')}
                </TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th" scope="row">
                  {translate('resources.service-paylater.merchantFee')}
                </TableCell>
                <TableCell>{percentOfBps(terms.merchantFeeBps, lng)}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th" scope="row">
                  {translate('resources.service-paylater.orderRange')}
                </TableCell>
                <TableCell>{`${formatMoney(terms.minOrderAmount, lng)} – ${formatMoney(terms.maxOrderAmount, lng)}`}</TableCell>
              </TableRow>
              <TableRow>
                <TableCell component="th" scope="row">
                  {translate('resources.service-paylater.settlement')}
                </TableCell>
                <TableCell>{translate(`resources.service-paylater.periods.${terms.settlementPeriod.replace(".", "_")}`, { _: terms.settlementPeriod })}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      <LandingContent landing={landing} />
      <Button component={RouterLink} to={pathOf('services')} sx={{ alignSelf: 'flex-start' }}>
        {translate('resources.services.actions.backToList')}
      </Button>
    </Stack>
  );
}

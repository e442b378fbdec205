import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDate, formatMoney, formatNumber } from '@/domain/format';
import { getLanguage } from '@/i18n';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { integrationKeys } from './queryKeys';

const T = 'resources.payment-integration';

/** Selling plans (/selling-plan/v1): the fee plan of each payment service, read-only, with its rates. */
export function SellingPlans({ merchantId }: { merchantId: number | null }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const lng = getLanguage();
  const plans = useQuery({ queryKey: [...integrationKeys.sellingPlans(merchantId), lng], queryFn: () => api.getSellingPlans() });
  if (plans.isPending) return <Typography>{translate('ra.page.loading')}</Typography>;
  if (plans.isError) return <Alert severity="error">{(plans.error as { message?: string }).message}</Alert>;
  if (plans.data.length === 0) return <Typography color="text.secondary">{translate(`${T}.plans.empty`)}</Typography>;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{translate(`${T}.plans.intro`)}</Typography>
      {plans.data.map((plan) => (
        <Paper key={plan.serviceCode} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`plan-${plan.serviceCode}`}>
          <Typography variant="h6" component="h3" id={`plan-${plan.serviceCode}`}>
            {translate(`${T}.plans.services.${plan.serviceCode}`, { _: plan.serviceCode })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {plan.planName} ({plan.planCode}) · {translate(`${T}.plans.effectiveFrom`, { date: formatDate(plan.effectiveFrom) })}
          </Typography>
          <Table size="small" sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${T}.plans.method`)}</TableCell>
                <TableCell align="right">{translate(`${T}.plans.rate`)}</TableCell>
                <TableCell align="right">{translate(`${T}.plans.fixedFee`)}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {plan.rates.map((r) => (
                <TableRow key={r.method}>
                  <TableCell>{translate(`${T}.plans.methods.${r.method}`, { _: r.method })}</TableCell>
                  <TableCell align="right">{`${formatNumber(r.rateBps / 100, lng)}%`}</TableCell>
                  <TableCell align="right">{formatMoney(r.fixedFee, lng)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}

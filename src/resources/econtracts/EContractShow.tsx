import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import { getChosenMerchantId } from '@/authProvider/session';
import { ContractDocument } from '@/features/econtract-signing/ContractDocument';
import { SignContractPanel } from '@/features/econtract-signing/SignContractPanel';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { notify } from '@/components/notifications/notifier';
import type { EContractDetail } from '@/domain/econtracts';
import { formatDateTime, formatDateTimeSeconds } from '@/domain/format';
import { EContractStatusChip } from './EContractFields';
import { usePathOf } from '@/resourceConfig';
import { ScrollRegion } from '@/components/ScrollRegion';

/**
 * One contract (spec §2 econtract-management/econtract/:id): parties, status, the document (text, PDF,
 * download), who signed it, when, with which content hash, its history, and the sign action for those
 * who may sign a pending contract (the server decides `canSign` with the shared rule).
 */
export default function EContractShow() {
  const translate = useTranslate();
  const pathOf = usePathOf();
  const api = usePortalApi();
  const { id } = useParams();
  const merchantId = getChosenMerchantId();
  const contractId = Number(id);
  const queryClient = useQueryClient();
  const key = ['portal', 'econtract', merchantId, contractId];
  const contract = useQuery({
    queryKey: key,
    enabled: merchantId !== null && Number.isInteger(contractId) && contractId > 0,
    queryFn: () => api.getContract(merchantId!, contractId),
  });

  const signed = (detail: EContractDetail) => {
    queryClient.setQueryData(key, detail);
    void queryClient.invalidateQueries({ queryKey: ['econtracts'] });
    notify(translate('portal.econtract.signedToast'), { type: 'success' });
  };

  const back = (
    <Button component={RouterLink} to={pathOf('econtracts')} startIcon={<ArrowBackOutlined aria-hidden />} sx={{ ml: -2 }}>
      {translate('resources.econtracts.back')}
    </Button>
  );

  if (contract.isError) {
    return (
      <Box sx={{ py: 4 }}>
        {back}
        <Alert severity="error" sx={{ mt: 2 }}>
          {translate('portal.econtract.loadError')}
        </Alert>
      </Box>
    );
  }
  const data = contract.data;
  if (!data || merchantId === null) {
    return (
      <Box sx={{ py: 4 }} role="status" aria-label={translate('portal.common.loading')}>
        <Skeleton height={40} width="40%" />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }

  return (
    <Stack spacing={4} sx={{ py: 4 }}>
      <Box>{back}</Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {translate('resources.econtracts.detailTitle', { no: data.contractNo })}
        </Typography>
        <EContractStatusChip status={data.status} />
      </Box>

      <Card variant="outlined">
        <CardContent>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, rowGap: 1.5, columnGap: 4, m: 0, '& dd': { m: 0 } }}>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>{translate('resources.econtracts.fields.type')}</Typography>
            <Typography component="dd">{translate(`portal.econtract.types.${data.type}`, { _: data.type })}</Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>{translate('resources.econtracts.fields.version')}</Typography>
            <Typography component="dd">{data.version}</Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>{translate('resources.econtracts.fields.merchant')}</Typography>
            <Typography component="dd">{`${data.parties.merchantName} (${data.parties.partnerCode})`}</Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>{translate('resources.econtracts.fields.issuedAt')}</Typography>
            <Typography component="dd">{formatDateTime(data.issuedAt)}</Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>{translate('resources.econtracts.fields.signer')}</Typography>
            <Typography component="dd" data-testid="econtract-signed-by">
              {data.signer ? `${data.signer.name} (${data.signer.username ?? ''})` : '-'}
            </Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>{translate('resources.econtracts.fields.signedAt')}</Typography>
            <Typography component="dd">{data.signedAt ? formatDateTimeSeconds(data.signedAt) : '-'}</Typography>
            <Typography component="dt" sx={{ color: 'text.secondary' }}>{translate('resources.econtracts.fields.contentHash')}</Typography>
            <Typography component="dd" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontSize: 13 }}>
              {data.contentHash ?? '-'}
            </Typography>
          </Box>
        </CardContent>
      </Card>

      <ContractDocument merchantId={merchantId} contract={data} />
      {data.canSign && <SignContractPanel merchantId={merchantId} contract={data} onSigned={signed} />}

      <Box component="section" aria-labelledby="econtract-history-heading">
        <Typography variant="h6" component="h2" id="econtract-history-heading" sx={{ mb: 2 }}>
          {translate('resources.econtracts.history')}
        </Typography>
        <ScrollRegion label={translate('resources.econtracts.history')}>
          <Table size="small" aria-labelledby="econtract-history-heading">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.econtracts.historyFields.createdAt')}</TableCell>
                <TableCell>{translate('resources.econtracts.historyFields.action')}</TableCell>
                <TableCell>{translate('resources.econtracts.historyFields.actor')}</TableCell>
                <TableCell>{translate('resources.econtracts.historyFields.ip')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.history.map((event) => (
                <TableRow key={event.id}>
                  <TableCell>{formatDateTimeSeconds(event.createdAt)}</TableCell>
                  <TableCell>{translate(`portal.econtract.actions.${event.action}`)}</TableCell>
                  <TableCell>{event.actorName ? `${event.actorName} (${event.actorUsername ?? ''})` : translate('resources.econtracts.system')}</TableCell>
                  <TableCell>{event.ip ?? '-'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      </Box>
    </Stack>
  );
}

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '@/domain/format';
import type { ServiceRegistrationReview } from '@/domain/serviceReviews';
import { REGISTRATION_STATUSES, type RegistrationStatus } from '@/domain/services';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { OpsQueue } from '../OpsQueue';

const T = 'portal.ops.serviceRegistrations';

/**
 * Operator section service-registrations: registrations waiting for the provider's review (ADS, PAYLATER);
 * approving ADS onboards the merchant (spec §4), which opens marketing.
 */
export default function OpsServiceRegistrations() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RegistrationStatus>('INITIALIZED');
  const query = useQuery({ queryKey: ['ops', 'service-registrations', status], queryFn: () => api.getServiceRegistrationQueue(status) });
  const act = async (row: ServiceRegistrationReview, action: 'approve' | 'reject') => {
    try {
      await api.reviewServiceRegistration(row.id, action);
    } catch {
      // The httpClient has shown the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: ['ops', 'service-registrations'] });
  };
  return (
    <OpsQueue
      prefix={T}
      filterLabel={t(`${T}.status`)}
      states={REGISTRATION_STATUSES}
      state={status}
      stateLabel={(s) => t(`${T}.statuses.${s}`)}
      onState={setStatus}
      query={query}
    >
      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t(`${T}.title`)}>
          <TableHead>
            <TableRow>
              <TableCell>{t(`${T}.merchant`)}</TableCell>
              <TableCell>{t(`${T}.service`)}</TableCell>
              <TableCell>{t(`${T}.registeredAt`)}</TableCell>
              <TableCell>{t(`${T}.status`)}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {query.data?.map((row) => (
              <TableRow key={row.id} data-testid="ops-service-registration">
                <TableCell>{`${row.merchantName} (${row.partnerCode})`}</TableCell>
                <TableCell>{row.serviceName}</TableCell>
                <TableCell>{formatDateTime(row.registeredAt)}</TableCell>
                <TableCell>{t(`${T}.statuses.${row.status}`)}</TableCell>
                <TableCell>
                  {row.status === 'INITIALIZED' && (
                    <>
                      <Button size="small" variant="contained" onClick={() => void act(row, 'approve')} aria-label={`${t(`${T}.approve`)}: ${row.serviceName}, ${row.merchantName}`}>
                        {t(`${T}.approve`)}
                      </Button>{' '}
                      <Button size="small" color="error" onClick={() => void act(row, 'reject')} aria-label={`${t(`${T}.reject`)}: ${row.serviceName}, ${row.merchantName}`}>
                        {t(`${T}.reject`)}
                      </Button>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </OpsQueue>
  );
}

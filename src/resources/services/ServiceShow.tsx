import { useParams } from 'react-router-dom';
import { Labeled, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/domain/format';
import type { MerchantService } from '@/domain/services';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { RegisterServiceButton, ServiceLinks, ServiceStatusChip } from './ServiceFields';

/** Why the merchant cannot register this service, in the user's language (from the eligibility call). */
function Eligibility({ service }: { service: MerchantService }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const { data } = useQuery({
    queryKey: ['portal', 'services', 'eligible', service.id, service.status],
    queryFn: () => api.getServiceEligibility(service.id),
  });
  if (!data) return null;
  if (data.eligible) return <Alert severity="info">{translate('resources.services.eligible')}</Alert>;
  return (
    <Alert severity={data.reasons.includes('ALREADY_REGISTERED') ? 'success' : 'warning'}>
      <Typography component="h2" variant="subtitle2">
        {translate('resources.services.notEligibleTitle')}
      </Typography>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {data.messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </Alert>
  );
}

function ServiceDetail() {
  const translate = useTranslate();
  const record = useRecordContext<MerchantService>();
  if (!record) return null;
  return (
    <SimpleShowLayout>
      <TextField source="code" />
      <TextField source="name" />
      <TextField source="summary" />
      <Labeled label="resources.services.fields.status">
        <ServiceStatusChip service={record} />
      </Labeled>
      <Labeled label="resources.services.fields.registeredAt">
        <span>{formatDateTime(record.registeredAt)}</span>
      </Labeled>
      <Eligibility service={record} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} aria-label={translate('resources.services.fields.actions')}>
        <RegisterServiceButton service={record} />
        <ServiceLinks service={record} />
      </Stack>
    </SimpleShowLayout>
  );
}

/** react-admin seeds a detail from the list's cached row (without the detail's extras) and, within the 5 s stale time, would not refetch it. */
const FRESH = { staleTime: 0 } as const;

/** Spec §2 service-management/service/:id: one catalogue service with this merchant's registration. */
export default function ServiceShow() {
  const { id } = useParams();
  return (
    <Show resource="services" id={id} actions={false} queryOptions={FRESH}>
      <ServiceDetail />
    </Show>
  );
}

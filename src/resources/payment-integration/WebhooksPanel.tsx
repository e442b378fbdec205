import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { notify } from '@/components/notifications/notifier';
import { schemaErrors, translateErrors } from '@/domain/formErrors';
import {
  WEBHOOK_EVENT_TYPES,
  webhookSettingsSchema,
  type WebhookEventType,
  type WebhookSettings,
  type WebhookSettingsInput,
} from '@/domain/paymentIntegration';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { integrationKeys } from './queryKeys';

const T = 'resources.payment-integration';

function WebhookForm({ settings, merchantId, onTestQueued }: { settings: WebhookSettings; merchantId: number | null; onTestQueued: () => void }) {
  const translate = useTranslate();
  const api = usePortalApi();
  const queryClient = useQueryClient();
  const { environment } = settings;
  const [values, setValues] = useState<WebhookSettingsInput>({ url: settings.url, redirectUrl: settings.redirectUrl, eventTypes: settings.eventTypes });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: WebhookSettingsInput) => api.saveWebhookSettings(environment, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.overview(merchantId) }),
  });
  const test = useMutation({
    mutationFn: () => api.sendWebhookTestEvent(environment),
    onSuccess: () => {
      notify(translate(`${T}.webhooks.testQueued`), { type: 'success' });
      onTestQueued();
    },
  });
  const submit = () => {
    const found = translateErrors(schemaErrors(webhookSettingsSchema(environment), values), translate);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(values);
  };
  const toggle = (type: WebhookEventType, on: boolean) =>
    setValues((v) => ({ ...v, eventTypes: on ? [...v.eventTypes, type] : v.eventTypes.filter((t) => t !== type) }));
  const id = `webhook-${environment}`;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={id}>
      <Typography variant="h6" component="h3" id={id} sx={{ mb: 1 }}>
        {translate(`${T}.environments.${environment}`)}
      </Typography>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          label={translate(`${T}.webhooks.url`)}
          value={values.url}
          onChange={(e) => setValues((v) => ({ ...v, url: e.target.value }))}
          error={Boolean(errors.url)}
          helperText={errors.url ?? translate(environment === 'PRODUCTION' ? `${T}.webhooks.httpsOnly` : `${T}.webhooks.urlHelp`)}
          inputProps={{ inputMode: 'url' }}
          fullWidth
        />
        <TextField
          label={translate(`${T}.webhooks.redirectUrl`)}
          value={values.redirectUrl}
          onChange={(e) => setValues((v) => ({ ...v, redirectUrl: e.target.value }))}
          error={Boolean(errors.redirectUrl)}
          helperText={errors.redirectUrl ?? translate(`${T}.webhooks.redirectHelp`)}
          inputProps={{ inputMode: 'url' }}
          fullWidth
        />
        <FormGroup>
          <FormLabel component="legend">{translate(`${T}.webhooks.eventTypes`)}</FormLabel>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              control={<Checkbox checked={values.eventTypes.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />}
              label={`${translate(`${T}.events.${type.replace('.', '_')}`)} (${type})`}
            />
          ))}
        </FormGroup>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {translate(`${T}.webhooks.save`)}
          </Button>
          <Button onClick={() => test.mutate()} disabled={test.isPending || !settings.url}>
            {translate(`${T}.webhooks.sendTest`)}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

export function WebhooksPanel({ webhooks, merchantId, onTestQueued }: { webhooks: WebhookSettings[]; merchantId: number | null; onTestQueued: () => void }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{translate(`${T}.webhooks.intro`)}</Typography>
      {webhooks.map((w) => (
        <WebhookForm key={`${w.environment}-${w.updatedAt ?? ''}`} settings={w} merchantId={merchantId} onTestQueued={onTestQueued} />
      ))}
    </Stack>
  );
}

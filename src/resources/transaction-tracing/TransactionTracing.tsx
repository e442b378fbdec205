import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { StatusChip } from '@/features/report-list';
import { usePathOf } from '@/resourceConfig';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTimeSeconds, formatMoney } from '@/domain/format';
import { getLanguage } from '@/i18n';

/** Tracing (transaction-report/tracing): a payment's steps by its core transaction id. */
export default function TransactionTracing() {
  const translate = useTranslate();
  const lng = getLanguage();
  const api = usePortalApi();
  const pathOf = usePathOf();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const [input, setInput] = useState(id);
  const valid = /^\d{1,30}$/.test(id);
  const { data, isFetching, isError } = useQuery({
    queryKey: ['portal', 'transaction-report', 'tracing', id],
    queryFn: () => api.traceTransaction(id),
    enabled: valid,
  });
  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <Title title={translate('resources.transaction-tracing.name')} />
      <Paper
        variant="outlined"
        component="form"
        role="search"
        sx={{ p: 2 }}
        onSubmit={(e) => {
          e.preventDefault();
          setParams(input ? { id: input } : {});
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={translate('resources.transaction-tracing.id')}
            value={input}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 30 } }}
            onChange={(e) => setInput(e.target.value.replace(/\D/g, ''))}
            sx={{ width: 280, maxWidth: '100%' }}
          />
          <Button type="submit" variant="contained" disabled={!input}>
            {translate('resources.transaction-tracing.trace')}
          </Button>
        </Stack>
      </Paper>
      {isError ? <Alert severity="warning">{translate('resources.transaction-report.notFound')}</Alert> : null}
      {data && !isFetching ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 2, flexWrap: 'wrap' }}>
            <Link component={RouterLink} to={pathOf('transaction-report', 'show', { id: data.transaction.id })}>
              {data.transaction.id}
            </Link>
            <StatusChip status={data.transaction.status} of="transaction" />
            <Typography>{formatMoney(data.transaction.amount, lng)}</Typography>
          </Stack>
          <Stepper orientation="vertical" activeStep={data.steps.length}>
            {data.steps.map((s, i) => (
              <Step key={`${s.step}-${i}`} completed>
                <StepLabel
                  error={s.step === 'FAILED'}
                  optional={
                    <Typography variant="caption" color="text.secondary">
                      {[formatDateTimeSeconds(s.at), s.amount !== null ? formatMoney(s.amount, lng) : null, s.detail].filter(Boolean).join(' · ')}
                    </Typography>
                  }
                >
                  {translate(`resources.transaction-tracing.steps.${s.step}`)}
                </StepLabel>
              </Step>
            ))}
          </Stepper>
        </Paper>
      ) : null}
    </Stack>
  );
}

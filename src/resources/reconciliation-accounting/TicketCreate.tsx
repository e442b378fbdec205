import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usePortalApi } from '@/dataProvider/usePortalApi';
import { TICKET_CATEGORIES, TICKET_SUBJECT_MAX, TICKET_TEXT_MAX, ticketCreateSchema, type TicketAttachment, type TicketCategory } from '@/domain/tickets';
import { AttachmentPicker, errorText } from '@/features/tickets/TicketParts';
import { usePathOf } from '@/resourceConfig';

const RESOURCE = 'reconciliation-accounting';

/** The form's values from the query string (contracts: category, subject, description, transactionIds=a,b, periodId). */
function prefillOf(params: URLSearchParams) {
  const category = params.get('category');
  return {
    category: (TICKET_CATEGORIES as readonly string[]).includes(category ?? '') ? (category as TicketCategory) : ('QUESTION' as TicketCategory),
    subject: (params.get('subject') ?? '').slice(0, TICKET_SUBJECT_MAX),
    description: (params.get('description') ?? '').slice(0, TICKET_TEXT_MAX),
    transactionIds: (params.get('transactionIds') ?? '').split(',').map((s) => s.trim()).filter(Boolean).join(', '),
    periodId: /^\d{1,9}$/.test(params.get('periodId') ?? '') ? (params.get('periodId') as string) : '',
  };
}

/** Opening a ticket (reconciliation-accounting/create), prefilled from the query string when another screen opens it. */
export default function TicketCreate() {
  const { t } = useTranslation();
  const api = usePortalApi();
  const navigate = useNavigate();
  const pathOf = usePathOf();
  const [params] = useSearchParams();
  const initial = useMemo(() => prefillOf(params), [params]);
  const [values, setValues] = useState(initial);
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });

  const submit = async () => {
    const input = {
      subject: values.subject,
      category: values.category,
      description: values.description,
      transactionIds: values.transactionIds.split(/[\s,;]+/).filter(Boolean),
      periodId: values.periodId ? Number(values.periodId) : null,
      attachmentIds: files.map((f) => f.id),
    };
    const parsed = ticketCreateSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), t(i.message, (i as { params?: Record<string, unknown> }).params ?? {})])));
      return;
    }
    setErrors({});
    setSaving(true);
    setFailure(null);
    try {
      const created = await api.createTicket(parsed.data);
      navigate(pathOf(RESOURCE, 'show', { id: created.id }));
    } catch (err) {
      setFailure(errorText(err, t('portal.tickets.sendFailed')));
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ p: { xs: 1, md: 2 }, maxWidth: 760 }}>
      <Typography variant="h5" component="h1">
        {t('portal.tickets.createTitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField select required label={t('portal.tickets.fields.category')} value={values.category} onChange={set('category')}>
            {TICKET_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`portal.tickets.categories.${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            required
            label={t('portal.tickets.fields.subject')}
            value={values.subject}
            onChange={set('subject')}
            error={!!errors.subject}
            helperText={errors.subject}
            slotProps={{ htmlInput: { maxLength: TICKET_SUBJECT_MAX } }}
          />
          <TextField
            label={t('portal.tickets.fields.transactionIds')}
            value={values.transactionIds}
            onChange={set('transactionIds')}
            error={!!errors.transactionIds}
            helperText={errors.transactionIds ?? t('portal.tickets.transactionIdsHint')}
          />
          {values.category === 'PERIOD' || values.periodId ? (
            <TextField label={t('portal.tickets.fields.periodId')} value={values.periodId} onChange={set('periodId')} error={!!errors.periodId} helperText={errors.periodId} />
          ) : null}
          <TextField
            required
            multiline
            minRows={4}
            label={t('portal.tickets.fields.description')}
            value={values.description}
            onChange={set('description')}
            error={!!errors.description}
            helperText={errors.description}
            slotProps={{ htmlInput: { maxLength: TICKET_TEXT_MAX } }}
          />
          <AttachmentPicker value={files} onChange={setFiles} upload={(file) => api.uploadTicketAttachment(file)} />
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" disabled={saving} onClick={() => void submit()}>
              {t('portal.tickets.submit')}
            </Button>
            <Button onClick={() => navigate(pathOf(RESOURCE, 'list'))}>{t('portal.tickets.cancel')}</Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}

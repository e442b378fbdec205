import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { phoneOnlySchema, type OtpSent } from '@/domain/auth';
import { FormTextField } from '@/components/FormTextField';
import { errorText, serverFieldErrors } from './api';
import { useHistoryStep } from './useHistoryStep';
import type { useSchemaForm } from './useSchemaForm';

type FieldProps = ReturnType<ReturnType<typeof useSchemaForm<Record<string, string>>>['field']>;

/** What these steps need of a page's form (which has more fields): methods, so wider forms fit. */
interface PhoneForm {
  values: { phoneNumber: string };
  validate(schema: typeof phoneOnlySchema, order: 'phoneNumber'[]): boolean;
  setServerErrors(errors: Record<string, string>): void;
  field(name: 'phoneNumber'): FieldProps;
}

/**
 * The first step of the code flows that start from a phone number (SMS login, forgot password): check
 * the number with the §5 rule, ask `sendCode` for a code, and keep the answer for the code step (and resend).
 */
export function usePhoneCode(form: PhoneForm, sendCode: (phoneNumber: string) => Promise<{ data: OtpSent }>) {
  const { t } = useTranslation();
  // The code step is a history entry: Back (browser or page) returns to the number, kept as typed.
  const codeStep = useHistoryStep<OtpSent>('code');
  const sent = codeStep.value;
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const send = async () => (await sendCode(form.values.phoneNumber)).data;

  const request = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !form.validate(phoneOnlySchema, ['phoneNumber'])) return;
    setPending(true);
    setError(null);
    try {
      codeStep.open(await send());
    } catch (e) {
      form.setServerErrors(serverFieldErrors(e));
      setError(errorText(e, t('portal.http.error')));
    } finally {
      setPending(false);
    }
  };

  /** Back to the phone form: the answer is the same for any number, so a mistyped one shows only here. */
  const reset = () => codeStep.back();

  return { sent, send, request, error, pending, reset };
}

/** The phone form of that first step: the server's refusal, the number, "send code". */
export function PhoneCodeForm({ form, step }: { form: PhoneForm; step: ReturnType<typeof usePhoneCode> }) {
  const { t } = useTranslation();
  return (
    <Box component="form" noValidate onSubmit={(event) => void step.request(event)}>
      <Stack spacing={4}>
        {step.error && (
          <Alert severity="error" role="alert">
            {step.error}
          </Alert>
        )}
        <FormTextField {...form.field('phoneNumber')} label={t('portal.auth.phoneNumber')} autoComplete="tel" required autoFocus inputProps={{ inputMode: 'tel', maxLength: 11 }} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={step.pending}>
          {t('portal.auth.sendCode')}
        </Button>
      </Stack>
    </Box>
  );
}

/** Under the code step: where codes go (verified phones only), and the way back to the number. */
export function PhoneCodeBack({ step }: { step: ReturnType<typeof usePhoneCode> }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('portal.auth.verifiedPhoneHint')}
      </Typography>
      <Button onClick={step.reset} sx={{ alignSelf: 'flex-start' }}>
        {t('portal.auth.changePhone')}
      </Button>
    </Stack>
  );
}

import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '@/domain/api';
import type { PasswordChallenge } from '@/domain/authApi';
import { shellApi } from '@/dataProvider/shell';
import { FormTextField } from '@/components/FormTextField';
import { errorText } from './api';

/**
 * The password step of a code sign-in on a two-factor account (the server answered status 21 with a
 * PASSWORD challenge): the code proved the phone, the password is the second factor. Wrong guesses
 * count against the same lock as the login page.
 */
export function PasswordFactorStep({ idPrefix, challenge, onSignedIn }: { idPrefix: string; challenge: PasswordChallenge; onSignedIn: (answer: LoginResponse) => Promise<void> }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const fieldId = `${idPrefix}-password`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!password.trim()) {
      setFieldError(t('validation.required'));
      document.getElementById(fieldId)?.focus();
      return;
    }
    setFieldError(null);
    setError(null);
    setPending(true);
    try {
      await onSignedIn(await shellApi.confirmPasswordFactor({ challengeToken: challenge.challengeToken, password }));
    } catch (e) {
      setError(errorText(e, t('portal.http.error')));
      setPending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('portal.auth.passwordFactor.title')}>
      <Stack spacing={4}>
        <Alert severity="info" role="status">
          {t('portal.auth.passwordFactor.hint')}
        </Alert>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <FormTextField
          id={fieldId}
          name="password"
          type="password"
          label={t('portal.login.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(fieldError)}
          helperText={fieldError ?? undefined}
          autoComplete="current-password"
          required
          autoFocus
          inputProps={{ maxLength: 100 }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={pending}>
          {t('portal.login.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

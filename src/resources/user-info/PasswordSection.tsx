import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { passwordChangeSchema } from '@/domain/auth';
import { ConfirmDialog, ConfirmMessageKeys } from '@/components/ConfirmDialog';
import { FormTextField } from '@/components/FormTextField';
import { errorText, serverFieldErrors } from '@/pages/auth/shared/api';
import { useSchemaForm } from '@/pages/auth/shared/useSchemaForm';
import { usePortalApi } from '@/dataProvider/usePortalApi';

/**
 * Change password: the current one is checked first (password/check-password), then POST /password
 * ('Đổi mật khẩu thành công'); the server ends the user's other sessions.
 */
export function PasswordForm({ onDone }: { onDone: () => void }) {
  const accountApi = usePortalApi();
  const { t } = useTranslation();
  const form = useSchemaForm('password', { currentPassword: '', password: '', passwordConfirm: '' });
  const [pending, setPending] = useState(false);
  const [leave, setLeave] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || !form.validate(passwordChangeSchema, ['currentPassword', 'password', 'passwordConfirm'])) return;
    setPending(true);
    try {
      try {
        await accountApi.checkPassword(form.values.currentPassword);
      } catch (e) {
        form.setServerErrors({ currentPassword: errorText(e, t('portal.http.error')) });
        document.getElementById('password-currentPassword')?.focus();
        return;
      }
      await accountApi.changePassword(form.values);
      form.reset();
      onDone();
    } catch (e) {
      form.setServerErrors(serverFieldErrors(e));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('resources.user-info.password.title')}>
      <Stack spacing={4}>
        <FormTextField {...form.field('currentPassword')} type="password" label={t('resources.user-info.password.current')} autoComplete="current-password" required autoFocus inputProps={{ maxLength: 100 }} />
        <FormTextField {...form.field('password')} type="password" label={t('resources.user-info.password.new')} autoComplete="new-password" required inputProps={{ maxLength: 16 }} />
        <FormTextField {...form.field('passwordConfirm')} type="password" label={t('resources.user-info.password.confirm')} autoComplete="new-password" required inputProps={{ maxLength: 16 }} />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained" disabled={pending}>
            {t('resources.user-info.password.submit')}
          </Button>
          <Button onClick={() => (form.dirty ? setLeave(true) : onDone())}>{t('resources.user-info.back')}</Button>
        </Stack>
      </Stack>
      <ConfirmDialog open={leave} content={t(ConfirmMessageKeys.leaveUnsaved)} onConfirm={() => { form.reset(); setLeave(false); onDone(); }} onClose={() => setLeave(false)} />
    </Box>
  );
}

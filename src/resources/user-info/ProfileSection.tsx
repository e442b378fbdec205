import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Me } from '@/domain/api';
import { updateMeSchema } from '@/domain/auth';
import { ConfirmDialog, ConfirmMessageKeys } from '@/components/ConfirmDialog';
import { FormTextField } from '@/components/FormTextField';
import { serverFieldErrors } from '@/pages/auth/shared/api';
import { useSchemaForm } from '@/pages/auth/shared/useSchemaForm';
import { usePortalApi } from '@/dataProvider/usePortalApi';

/**
 * Editing the own profile (name, e-mail). Saving asks 'Bạn có chắc muốn cập nhật thông tin tài khoản?';
 * leaving a changed form asks 'Còn thông tin chưa nhập bạn có chắc muốn quay lại?' (spec §8).
 */
export function ProfileEditForm({ me, onDone }: { me: Me; onDone: (saved: boolean) => void }) {
  const accountApi = usePortalApi();
  const { t } = useTranslation();
  const form = useSchemaForm('profile', { fullname: me.name, email: me.email ?? '' });
  const [confirm, setConfirm] = useState<'save' | 'leave' | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate(updateMeSchema, ['fullname', 'email'])) setConfirm('save');
  };

  const save = async () => {
    setPending(true);
    try {
      await accountApi.updateMe(form.values);
      setConfirm(null);
      onDone(true);
    } catch (e) {
      form.setServerErrors(serverFieldErrors(e));
      setConfirm(null);
    } finally {
      setPending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('resources.user-info.profile.edit')}>
      <Stack spacing={4}>
        <FormTextField {...form.field('fullname')} label={t('resources.user-info.fields.name')} autoComplete="name" required autoFocus inputProps={{ maxLength: 100 }} />
        <FormTextField {...form.field('email')} label={t('resources.user-info.fields.email')} autoComplete="email" inputProps={{ maxLength: 254 }} />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained">
            {t('resources.user-info.profile.save')}
          </Button>
          <Button onClick={() => (form.dirty ? setConfirm('leave') : onDone(false))}>{t('resources.user-info.back')}</Button>
        </Stack>
      </Stack>
      <ConfirmDialog open={confirm === 'save'} content={t(ConfirmMessageKeys.updateAccount)} loading={pending} onConfirm={() => void save()} onClose={() => setConfirm(null)} />
      <ConfirmDialog open={confirm === 'leave'} content={t(ConfirmMessageKeys.leaveUnsaved)} onConfirm={() => onDone(false)} onClose={() => setConfirm(null)} />
    </Box>
  );
}

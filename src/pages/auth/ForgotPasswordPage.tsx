import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordSchema, requiredString, withPasswordConfirm } from '@/domain/validation';
import { AuthPaths, LOGIN_PATH } from '@/authProvider/paths';
import { notify } from '@/components/notifications/notifier';
import { FormTextField } from '@/components/FormTextField';
import { AuthCard } from './shared/AuthCard';
import { OtpStep } from './shared/OtpStep';
import { shellApi } from '@/dataProvider/shell';
import { serverFieldErrors } from './shared/api';
import { PhoneCodeBack, PhoneCodeForm, usePhoneCode } from './shared/PhoneCodeStep';
import { useSchemaForm } from './shared/useSchemaForm';

const newPasswordSchema = withPasswordConfirm(z.object({ password: passwordSchema, passwordConfirm: requiredString }));

/**
 * Spec §2 /auth/forgot-passwd: identify the account by phone, verify it with a code (/password/verify),
 * set a new password (/password/change). Any number gets the same answer (no account is revealed);
 * only a phone verified on an account receives a code, and the user can go back to fix the number.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useSchemaForm('forgot', { phoneNumber: '', password: '', passwordConfirm: '' });
  const step = usePhoneCode(form, shellApi.sendPasswordResetCode);
  const { sent, send } = step;

  const change = async (otpCode: string) => {
    try {
      const message = await shellApi.resetPassword({ ...form.values, otpId: sent!.otpId, otpCode });
      notify(message, { type: 'success' });
      navigate(LOGIN_PATH, { replace: true });
    } catch (e) {
      form.setServerErrors(serverFieldErrors(e));
      throw e;
    }
  };

  return (
    <AuthCard title={t('portal.auth.forgot.title')} subtitle={t(sent ? 'portal.auth.forgot.newPasswordHint' : 'portal.auth.forgot.subtitle')}>
      {sent ? (
        <>
          <OtpStep
            idPrefix="forgot"
            sent={sent}
            onSubmit={change}
            onResend={send}
            submitLabel={t('portal.auth.forgot.submit')}
            beforeSubmit={() => form.validate(newPasswordSchema, ['password', 'passwordConfirm'])}
          >
            <FormTextField {...form.field('password')} type="password" label={t('portal.auth.newPassword')} autoComplete="new-password" required autoFocus inputProps={{ maxLength: 16 }} />
            <FormTextField {...form.field('passwordConfirm')} type="password" label={t('portal.auth.passwordConfirm')} autoComplete="new-password" required inputProps={{ maxLength: 16 }} />
          </OtpStep>
          <PhoneCodeBack step={step} />
        </>
      ) : (
        <PhoneCodeForm form={form} step={step} />
      )}
    </AuthCard>
  );
}

ForgotPasswordPage.path = AuthPaths.forgotPassword;

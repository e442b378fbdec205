import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AuthApiPaths, loginSmsSchema } from '@/domain/auth';
import type { LoginResponse } from '@/domain/api';
import { startSession } from '@/authProvider/auth';
import { afterSignInPath } from '@/authProvider/afterSignIn';
import { AuthPaths, REDIRECT_PARAM } from '@/authProvider/paths';
import { AuthCard } from './shared/AuthCard';
import { OtpStep } from './shared/OtpStep';
import { publicPost } from './shared/api';
import { PhoneCodeForm, usePhoneCode } from './shared/PhoneCodeStep';
import { useSchemaForm } from './shared/useSchemaForm';

/** Spec §2 /auth/login-sms: phone number → one-time code → signed in, then the usual after-sign-in routing. */
export default function LoginSmsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useSchemaForm('login-sms', { phoneNumber: '' });
  const step = usePhoneCode(form, AuthApiPaths.loginSmsOtp);
  const { sent, send } = step;

  const confirm = async (otpCode: string) => {
    const body = { phoneNumber: form.values.phoneNumber, otpId: sent!.otpId, otpCode };
    if (!loginSmsSchema.safeParse(body).success) throw new Error(t('validation.auth.otpCode'));
    const { data } = await publicPost<LoginResponse>(AuthApiPaths.loginSms, body);
    await startSession(data);
    navigate(afterSignInPath(params.get(REDIRECT_PARAM)), { replace: true });
  };

  return (
    <AuthCard title={t('portal.auth.loginSms.title')} subtitle={t('portal.auth.loginSms.subtitle')}>
      {sent ? (
        <OtpStep idPrefix="login-sms" sent={sent} onSubmit={confirm} onResend={send} submitLabel={t('portal.login.submit')} />
      ) : (
        <PhoneCodeForm form={form} step={step} />
      )}
    </AuthCard>
  );
}

LoginSmsPage.path = AuthPaths.loginSms;

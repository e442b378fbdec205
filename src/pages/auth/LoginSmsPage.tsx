import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LoginResponse } from '@/domain/api';
import { loginSmsSchema } from '@/domain/auth';
import type { PasswordChallenge } from '@/domain/authApi';
import { startSession } from '@/authProvider/auth';
import { afterSignInPath } from '@/authProvider/afterSignIn';
import { AuthPaths, REDIRECT_PARAM } from '@/authProvider/paths';
import { AuthCard } from './shared/AuthCard';
import { OtpStep } from './shared/OtpStep';
import { shellApi } from '@/dataProvider/shell';
import { asPasswordChallenge } from './shared/api';
import { PasswordFactorStep } from './shared/PasswordFactorStep';
import { PhoneCodeBack, PhoneCodeForm, usePhoneCode } from './shared/PhoneCodeStep';
import { useSchemaForm } from './shared/useSchemaForm';

/**
 * Spec §2 /auth/login-sms: phone number → one-time code → signed in, then the usual after-sign-in
 * routing. On an account with two-factor security on, the code is one factor only: its password follows.
 */
export default function LoginSmsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useSchemaForm('login-sms', { phoneNumber: '' });
  const step = usePhoneCode(form, shellApi.sendLoginSmsCode);
  const { sent, send } = step;
  const [passwordChallenge, setPasswordChallenge] = useState<PasswordChallenge | null>(null);

  const signedIn = async (answer: LoginResponse) => {
    await startSession(answer);
    navigate(afterSignInPath(params.get(REDIRECT_PARAM)), { replace: true });
  };

  const confirm = async (otpCode: string) => {
    const body = { phoneNumber: form.values.phoneNumber, otpId: sent!.otpId, otpCode };
    if (!loginSmsSchema.safeParse(body).success) throw new Error(t('validation.auth.otpCode'));
    try {
      await signedIn(await shellApi.loginSms(body));
    } catch (e) {
      const challenge = asPasswordChallenge(e);
      if (!challenge) throw e;
      setPasswordChallenge(challenge);
    }
  };

  return (
    <AuthCard title={t('portal.auth.loginSms.title')} subtitle={t('portal.auth.loginSms.subtitle')}>
      {passwordChallenge ? (
        <PasswordFactorStep idPrefix="login-sms" challenge={passwordChallenge} onSignedIn={signedIn} />
      ) : sent ? (
        <>
          <OtpStep idPrefix="login-sms" sent={sent} onSubmit={confirm} onResend={send} submitLabel={t('portal.login.submit')} />
          <PhoneCodeBack step={step} />
        </>
      ) : (
        <PhoneCodeForm form={form} step={step} />
      )}
    </AuthCard>
  );
}

LoginSmsPage.path = AuthPaths.loginSms;

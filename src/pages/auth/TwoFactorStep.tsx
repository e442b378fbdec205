import { useState } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { OtpSent, SecondFactorChallenge } from '@/domain/authApi';
import { confirmSecondFactor } from '@/authProvider/auth';
import type { AuthState } from '@/authProvider/session';
import { OtpStep } from './shared/OtpStep';
import { shellApi } from '@/dataProvider/shell';
import { theme } from '@/theme';

/**
 * The second sign-in step (two-factor on): the code sent to the account phone. A lazy chunk of the
 * login page, loaded only when the server asks for it. Nothing is stored before the code is accepted.
 * The login page itself has no MUI theme (issue 19): this step, built of MUI parts, brings its own.
 */
export default function TwoFactorStep({ challenge, onSignedIn }: { challenge: SecondFactorChallenge; onSignedIn: (auth: AuthState) => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(challenge);
  const resend = async (): Promise<OtpSent> => {
    const data = await shellApi.resendLoginCode(current.challengeToken);
    setCurrent({ ...data, challengeToken: current.challengeToken });
    return data;
  };
  return (
    <ThemeProvider theme={theme}>
      <section aria-label={t('portal.auth.twoFactor.title')}>
        <OtpStep
          idPrefix="login-2fa"
          sent={challenge}
          onSubmit={async (code) => onSignedIn(await confirmSecondFactor(current, code))}
          onResend={resend}
          submitLabel={t('portal.login.submit')}
        />
      </section>
    </ThemeProvider>
  );
}

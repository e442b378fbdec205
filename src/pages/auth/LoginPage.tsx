import { lazy, Suspense, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import { useTranslation } from 'react-i18next';
import type * as Validation from '@/domain/validation';
import type * as FormErrors from '@/domain/formErrors';
import type { FieldError, LoginInput } from '@/domain/validation';
import { signIn, type SecondFactorRequired } from '@/authProvider/auth';
import type { SecondFactorChallenge } from '@/domain/authApi';
import { afterSignInPath } from '@/authProvider/afterSignIn';
import { AuthPaths, REASON_PARAM, REDIRECT_PARAM, SESSION_EXPIRED_REASON } from '@/authProvider/paths';
import { PRODUCT_NAME } from '@/config';
import { FormTextField } from '@/components/FormTextField';
import { ShellLayout } from '@/layout/ShellLayout';

type Field = keyof LoginInput;

/** The second step (two-factor on) is a lazy chunk: most sign-ins never load it. */
const TwoFactorStep = lazy(() => import('./TwoFactorStep'));

/** The other ways in (spec §2), each its own lazy page. */
const OTHER_WAYS = [
  ['loginSms', `/auth/${AuthPaths.loginSms}`],
  ['forgotPassword', `/auth/${AuthPaths.forgotPassword}`],
  ['sso', `/auth/${AuthPaths.ssoCheck}`],
  ['signup', `/auth/${AuthPaths.signup}`],
] as const;
type FieldErrors = Partial<Record<Field, FieldError>>;

/**
 * The shared loginSchema lives in src/domain/validation.ts with zod, which alone weighs about as much as
 * the rest of this page. It is fetched when the user first edits a field or submits, not on page load,
 * so the login page stays within its JS budget; a no-op until then, since nothing needs validating.
 */
let validatorModules: Promise<[typeof Validation, typeof FormErrors]> | null = null;
function loadValidation() {
  validatorModules ??= Promise.all([import('@/domain/validation'), import('@/domain/formErrors')]);
  return validatorModules;
}

async function validateLogin(values: LoginInput): Promise<FieldErrors> {
  const [{ loginSchema }, { schemaErrors }] = await loadValidation();
  return schemaErrors(loginSchema, values) as FieldErrors;
}

/**
 * Sign-in (spec §2 /auth/login). Outside react-admin on purpose: this page and the shell must stay
 * within the login page's JS budget. Validation is the shared loginSchema (both fields required; the
 * password rules are never revealed at sign-in), messages are its i18n keys. Enter submits (a real form).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const errorId = useId();
  const sessionExpired = params.get(REASON_PARAM) === SESSION_EXPIRED_REASON;

  const onChange = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    void loadValidation();
    // Once a field shows an error, it is re-checked as the user types so the message goes away promptly.
    if (errors[field]) void validateLogin(next).then((found) => setErrors((current) => ({ ...current, [field]: found[field] })));
  };

  const onBlur = (field: Field) => () => {
    if (values[field] !== '') {
      void validateLogin(values).then((found) => setErrors((current) => ({ ...current, [field]: found[field] })));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setServerError(null);
    const found = await validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length) {
      setPending(false);
      const first = (['username', 'password'] as const).find((field) => found[field]);
      if (first) document.getElementById(`login-${first}`)?.focus();
      return;
    }
    try {
      await signIn(values);
      navigate(afterSignInPath(params.get(REDIRECT_PARAM)), { replace: true });
    } catch (error) {
      // Two-factor on (status 21): told apart by name, so this page needs nothing else of the auth module.
      if (error instanceof Error && error.name === 'SecondFactorRequired') setChallenge((error as SecondFactorRequired).challenge);
      else setServerError(error instanceof Error && error.message ? error.message : t('portal.http.error'));
      setPending(false);
    }
  };

  const fieldError = (field: Field) => {
    const error = errors[field];
    return error ? t(error.messageKey, error.params) : undefined;
  };

  return (
    <ShellLayout maxWidth="xs">
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 6, sm: 8 } }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            {t('portal.login.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 6 }}>
            {t('portal.login.subtitle', { product: PRODUCT_NAME })}
          </Typography>
          {sessionExpired && !serverError && (
            <Alert severity="info" sx={{ mb: 4 }}>
              {t('portal.login.sessionExpired')}
            </Alert>
          )}
          {serverError && (
            <Alert severity="error" id={errorId} role="alert" sx={{ mb: 4 }}>
              {serverError}
            </Alert>
          )}
          {challenge && (
            <Suspense fallback={<CircularProgress aria-label={t('portal.common.loading')} />}>
              <TwoFactorStep challenge={challenge} onSignedIn={() => navigate(afterSignInPath(params.get(REDIRECT_PARAM)), { replace: true })} />
            </Suspense>
          )}
          <Box component="form" noValidate onSubmit={onSubmit} aria-describedby={serverError ? errorId : undefined} hidden={Boolean(challenge)}>
            <Stack spacing={4}>
              <FormTextField
                id="login-username"
                name="username"
                label={t('portal.login.username')}
                value={values.username}
                onChange={onChange('username')}
                onBlur={onBlur('username')}
                error={Boolean(errors.username)}
                helperText={fieldError('username')}
                autoComplete="username"
                required
                autoFocus
                readOnly={pending}
                inputProps={{ maxLength: 100, autoCapitalize: 'none', spellCheck: false }}
              />
              <FormTextField
                id="login-password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                label={t('portal.login.password')}
                value={values.password}
                onChange={onChange('password')}
                onBlur={onBlur('password')}
                error={Boolean(errors.password)}
                helperText={fieldError('password')}
                autoComplete="current-password"
                required
                readOnly={pending}
                inputProps={{ maxLength: 100 }}
                endAdornment={
                  <InputAdornment position="end">
                    <IconButton
                      onClick={() => setShowPassword((shown) => !shown)}
                      aria-label={showPassword ? t('portal.login.hidePassword') : t('portal.login.showPassword')}
                      aria-pressed={showPassword}
                      aria-controls="login-password"
                      edge="end"
                    >
                      {showPassword ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
                    </IconButton>
                  </InputAdornment>
                }
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={pending}
                startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
              >
                {pending ? t('portal.login.submitting') : t('portal.login.submit')}
              </Button>
            </Stack>
          </Box>
          {!challenge && (
            <Box component="nav" aria-label={t('portal.auth.otherWays')} sx={{ mt: 4, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 1 }}>
              {OTHER_WAYS.map(([key, to]) => (
                <Button key={key} component={RouterLink} to={to} size="small">
                  {t(`portal.auth.links.${key}`)}
                </Button>
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
    </ShellLayout>
  );
}

LoginPage.path = AuthPaths.login;

export default LoginPage;

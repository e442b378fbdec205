import { lazy, Suspense, useId, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type * as Validation from '@/domain/validation';
import type * as FormErrors from '@/domain/formErrors';
import type { FieldError, LoginInput } from '@/domain/validation';
import type * as Auth from '@/authProvider/auth';
import type { SecondFactorRequired } from '@/authProvider/auth';
import type { SecondFactorChallenge } from '@/domain/authApi';
import { afterSignInPath } from '@/authProvider/afterSignIn';
import { AuthPaths, REASON_PARAM, REDIRECT_PARAM, SESSION_EXPIRED_REASON } from '@/authProvider/paths';
import { PRODUCT_NAME } from '@/config';
import { PlainShell } from '@/pages/plain/PlainShell';

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

/* Material icons (outlined info, error, visibility on/off), inline: the page loads no icon package. */
const INFO_ICON =
  'M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8';
const ERROR_ICON =
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8';
const VISIBILITY_ICON =
  'M12 6c3.79 0 7.17 2.13 8.82 5.5C19.17 14.87 15.79 17 12 17s-7.17-2.13-8.82-5.5C4.83 8.13 8.21 6 12 6m0-2C7 4 2.73 7.11 1 11.5 2.73 15.89 7 19 12 19s9.27-3.11 11-7.5C21.27 7.11 17 4 12 4m0 5c1.38 0 2.5 1.12 2.5 2.5S13.38 14 12 14s-2.5-1.12-2.5-2.5S10.62 9 12 9m0-2c-2.48 0-4.5 2.02-4.5 4.5S9.52 16 12 16s4.5-2.02 4.5-4.5S14.48 7 12 7';
const VISIBILITY_OFF_ICON =
  'M12 6c3.79 0 7.17 2.13 8.82 5.5-.59 1.22-1.42 2.27-2.41 3.12l1.41 1.41c1.39-1.23 2.49-2.77 3.18-4.53C21.27 7.11 17 4 12 4c-1.27 0-2.49.2-3.64.57l1.65 1.65C10.66 6.09 11.32 6 12 6m-1.07 1.14L13 9.21c.57.25 1.03.71 1.28 1.28l2.07 2.07c.08-.34.14-.7.14-1.07C16.5 9.01 14.48 7 12 7c-.37 0-.72.05-1.07.14M2.01 3.87l2.68 2.68C3.06 7.83 1.77 9.53 1 11.5 2.73 15.89 7 19 12 19c1.52 0 2.98-.29 4.32-.82l3.42 3.42 1.41-1.41L3.42 2.45zm7.5 7.5 2.61 2.61c-.04.01-.08.02-.12.02-1.38 0-2.5-1.12-2.5-2.5 0-.05.01-.08.01-.13m-3.4-3.4 1.75 1.75c-.23.55-.36 1.15-.36 1.78 0 2.48 2.02 4.5 4.5 4.5.63 0 1.23-.13 1.77-.36l.98.98c-.88.24-1.8.38-2.75.38-3.79 0-7.17-2.13-8.82-5.5.7-1.43 1.72-2.61 2.93-3.53';

/**
 * A required text field: its label above the box (the input's accessible name), the error under it as
 * the input's description, aria-invalid while it has one; `end` sits inside the box (show password).
 */
function TextField({
  id,
  label,
  error,
  end,
  ...input
}: { id: string; label: string; error?: string; end?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const helperId = `${id}-helper`;
  return (
    <div className={error ? 'plain-field plain-field-error' : 'plain-field'}>
      <label htmlFor={id} className="plain-label">
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <div className="plain-input-box">
        <input
          id={id}
          className={end ? 'plain-input plain-input-end' : 'plain-input'}
          required
          maxLength={100}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? helperId : undefined}
          {...input}
        />
        {end}
      </div>
      {error ? (
        <p id={helperId} className="plain-helper">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The shared loginSchema lives in src/domain/validation.ts with zod, which alone weighs about as much as
 * the rest of this page; signing in needs the API client (httpClient, error reports, the API's types).
 * Both are fetched when the user first edits a field or submits, not on page load, so the login page
 * stays within its JS budget; a no-op until then, since nothing needs validating or sending.
 */
let validatorModules: Promise<[typeof Validation, typeof FormErrors]> | null = null;
function loadValidation() {
  validatorModules ??= Promise.all([import('@/domain/validation'), import('@/domain/formErrors')]);
  return validatorModules;
}

let authModule: Promise<typeof Auth> | null = null;
function loadAuth() {
  // A failed fetch (a new release replaced the chunk, the network dropped) is tried again on the next submit.
  authModule ??= import('@/authProvider/auth').catch((error: unknown) => {
    authModule = null;
    throw error;
  });
  return authModule;
}

async function validateLogin(values: LoginInput): Promise<FieldErrors> {
  const [{ loginSchema }, { schemaErrors }] = await loadValidation();
  return schemaErrors(loginSchema, values) as FieldErrors;
}

/**
 * Sign-in (spec §2 /auth/login). Outside react-admin and MUI on purpose: plain React and the CSS of
 * src/pages/plain, so the page stays within its JS budget (issue 19: MUI and emotion are loaded by the
 * areas after sign-in, not here). Validation is the shared loginSchema (both fields required; the
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
    void loadAuth();
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
      const { signIn } = await loadAuth();
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
    <PlainShell width="xs">
      <div className="plain-card">
        <h1 className="plain-title">{t('portal.login.title')}</h1>
        <p className="plain-subtitle">{t('portal.login.subtitle', { product: PRODUCT_NAME })}</p>
        {sessionExpired && !serverError && (
          <div className="plain-alert plain-alert-info" role="status">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={INFO_ICON} />
            </svg>
            <div>{t('portal.login.sessionExpired')}</div>
          </div>
        )}
        {serverError && (
          <div className="plain-alert plain-alert-error" id={errorId} role="alert">
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={ERROR_ICON} />
            </svg>
            <div>{serverError}</div>
          </div>
        )}
        {challenge && (
          <Suspense fallback={<span role="progressbar" aria-label={t('portal.common.loading')} className="plain-spinner" />}>
            <TwoFactorStep challenge={challenge} onSignedIn={() => navigate(afterSignInPath(params.get(REDIRECT_PARAM)), { replace: true })} />
          </Suspense>
        )}
        <form className="plain-form" noValidate onSubmit={onSubmit} aria-describedby={serverError ? errorId : undefined} hidden={Boolean(challenge)}>
          <TextField
            id="login-username"
            name="username"
            label={t('portal.login.username')}
            value={values.username}
            onChange={onChange('username')}
            onBlur={onBlur('username')}
            error={fieldError('username')}
            autoComplete="username"
            readOnly={pending}
            autoFocus
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextField
            id="login-password"
            name="password"
            type={showPassword ? 'text' : 'password'}
            label={t('portal.login.password')}
            value={values.password}
            onChange={onChange('password')}
            onBlur={onBlur('password')}
            error={fieldError('password')}
            autoComplete="current-password"
            readOnly={pending}
            end={
              <button
                type="button"
                className="plain-icon-button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-label={showPassword ? t('portal.login.hidePassword') : t('portal.login.showPassword')}
                aria-pressed={showPassword}
                aria-controls="login-password"
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={showPassword ? VISIBILITY_OFF_ICON : VISIBILITY_ICON} />
                </svg>
              </button>
            }
          />
          <button type="submit" className="plain-button plain-button-contained plain-button-large plain-button-full" disabled={pending}>
            {pending && <span className="plain-spinner plain-spinner-small" aria-hidden="true" />}
            {pending ? t('portal.login.submitting') : t('portal.login.submit')}
          </button>
        </form>
        {!challenge && (
          <nav aria-label={t('portal.auth.otherWays')} className="plain-nav">
            {OTHER_WAYS.map(([key, to]) => (
              <RouterLink key={key} to={to} className="plain-button plain-button-text">
                {t(`portal.auth.links.${key}`)}
              </RouterLink>
            ))}
          </nav>
        )}
      </div>
    </PlainShell>
  );
}

LoginPage.path = AuthPaths.login;

export default LoginPage;

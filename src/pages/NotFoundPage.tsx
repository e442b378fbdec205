import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH, WELCOME_PATH } from '@/authProvider/paths';
import { isSignedIn } from '@/authProvider/session';
import { PlainShell } from '@/pages/plain/PlainShell';

/**
 * The not-found message and a way home; shown alone under /auth and inside the layout under /app. Plain
 * React and CSS: it is part of the entry chunk, which must not load MUI (issue 19).
 */
export function NotFoundContent() {
  const { t } = useTranslation();
  const signedIn = isSignedIn();
  return (
    <div className="plain-message" data-testid="not-found">
      <p className="plain-message-code" aria-hidden="true">
        {t('portal.notFound.code')}
      </p>
      <h1 className="plain-message-title">{t('portal.notFound.title')}</h1>
      <p className="plain-message-text">{t('portal.notFound.message')}</p>
      <RouterLink to={signedIn ? WELCOME_PATH : LOGIN_PATH} className="plain-button plain-button-contained">
        {signedIn ? t('portal.notFound.home') : t('portal.notFound.toLogin')}
      </RouterLink>
    </div>
  );
}

/** Unknown paths under /auth (and the fall-through of the router). */
export function NotFoundPage() {
  return (
    <PlainShell>
      <NotFoundContent />
    </PlainShell>
  );
}

export default NotFoundPage;

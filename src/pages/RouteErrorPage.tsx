import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PlainShell } from '@/pages/plain/PlainShell';
import { NotFoundContent } from './NotFoundPage';

/**
 * The router's error screen. The usual cause in production is a lazy chunk that no longer exists after a
 * new release: reloading fetches the new build, so that is the action offered. Plain React and CSS (in the
 * entry chunk): it must show even when no lazy chunk, MUI's included, can be loaded.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PlainShell>
        <NotFoundContent />
      </PlainShell>
    );
  }
  return (
    <PlainShell>
      <div className="plain-message" role="alert">
        <h1 className="plain-message-title">{t('portal.routeError.title')}</h1>
        <p className="plain-message-text">{t('portal.routeError.message')}</p>
        <button type="button" className="plain-button plain-button-contained" onClick={() => window.location.reload()}>
          {t('portal.routeError.reload')}
        </button>
      </div>
    </PlainShell>
  );
}

export default RouteErrorPage;

import { useTranslation } from 'react-i18next';

/**
 * Centred spinner for lazy chunks and first loads, announced to screen readers. Plain CSS, no MUI: it is
 * the fallback of the router's first Suspense, so the login page shows it without loading MUI (issue 19).
 */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={fullScreen ? 'plain-loader plain-loader-full' : 'plain-loader'}>
      <span role="progressbar" aria-label={t('portal.common.loading')} className="plain-spinner" />
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { skipTo } from '@/components/skipTo';
import {
  APP_STORE_URL,
  APP_VERSION,
  BUILD_LABEL,
  COMPANY_ADDRESS,
  HOTLINE,
  PLAY_STORE_URL,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
} from '@/config';
import { getLanguage, setLanguage, SUPPORTED_LANGUAGES } from '@/i18n';

/*
 * The shell of the pages in the entry chunk (sign-in, not found, route error) in plain React and CSS:
 * the same parts, strings and landmarks as src/layout/ShellLayout (skip link, brand, language switch,
 * main, the §1 footer) without MUI, which only the lazy areas load (issue 19: the login page's JS budget).
 * Its styles (the `plain-` classes) are inline in index.html, so the first paint waits for no stylesheet.
 */

/** vi / en switch (spec §4): a group of two pressed/unpressed buttons; the choice is stored and the page reloads. */
function LanguageSwitch() {
  const { t } = useTranslation();
  const current = getLanguage();
  return (
    <div role="group" aria-label={t('portal.language.label')} className="plain-lang">
      {SUPPORTED_LANGUAGES.map((lng) => (
        <button
          key={lng}
          type="button"
          lang={lng}
          aria-label={t(`portal.language.${lng}`)}
          title={t(`portal.language.${lng}`)}
          aria-pressed={lng === current}
          onClick={() => {
            if (lng !== current) setLanguage(lng);
          }}
        >
          {t(`portal.language.short.${lng}`)}
        </button>
      ))}
    </div>
  );
}

/** Footer of spec §1: company address, hotline, support e-mail, store-app links, version and build label. */
function Footer() {
  const { t } = useTranslation();
  const tel = HOTLINE.replace(/[^\d+]/g, '');
  return (
    <footer className="plain-footer">
      <div className="plain-footer-col">
        <address>{COMPANY_ADDRESS}</address>
        <div className="plain-footer-row">
          <p>
            {t('portal.footer.hotline')} <a href={`tel:${tel}`}>{HOTLINE}</a>
          </p>
          <p>
            {t('portal.footer.email')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        </div>
      </div>
      <div className="plain-footer-col plain-footer-end">
        <div className="plain-footer-row">
          <p>{t('portal.footer.downloadApp', { product: PRODUCT_NAME })}</p>
          <a href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
            {t('portal.footer.appStore')}
          </a>
          <a href={PLAY_STORE_URL} target="_blank" rel="noopener noreferrer">
            {t('portal.footer.playStore')}
          </a>
        </div>
        <p className="plain-caption" data-testid="app-version">
          {t('portal.footer.version', { version: APP_VERSION, build: BUILD_LABEL })}
        </p>
      </div>
    </footer>
  );
}

export function PlainShell({ children, width = 'md' }: { children: ReactNode; width?: 'xs' | 'md' }) {
  const { t } = useTranslation();
  return (
    <div className="plain-root">
      <a className="plain-skip" href="#main-content" onClick={skipTo('main-content')}>
        {t('portal.common.skipToContent')}
      </a>
      <header className="plain-header">
        <div className="plain-brand">
          <span className="plain-brand-mark" aria-hidden="true">
            {PRODUCT_NAME.charAt(0)}
          </span>
          <span className="plain-brand-text">
            <span className="plain-brand-name">{PRODUCT_NAME}</span>
            <span className="plain-brand-tagline">{t('portal.productTagline')}</span>
          </span>
        </div>
        <LanguageSwitch />
      </header>
      <main id="main-content" tabIndex={-1} className={`plain-main plain-main-${width}`}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

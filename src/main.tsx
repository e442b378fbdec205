import { createRoot } from 'react-dom/client';
import { i18n, initI18n } from '@/i18n';
import { PRODUCT_NAME } from '@/config';
import App from './App';
import { followHeadingInTitle } from './windowTitle';

/**
 * Entry: load the locale files first (spec §7 retry policy lives in initI18n), then render, so no screen
 * ever flashes raw keys. If the locale files cannot be loaded after the retries, render anyway: i18next
 * falls back to the keys, which is still better than a blank page.
 */
async function start(): Promise<void> {
  try {
    await initI18n();
  } finally {
    document.documentElement.lang = i18n.language || 'vi';
    document.title = i18n.t('portal.appTitle', { product: PRODUCT_NAME });
    const container = document.getElementById('root');
    if (container) {
      createRoot(container).render(<App />);
      followHeadingInTitle(container);
    }
  }
}

void start();

import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import viPortal from '@/i18n/vi/portal.json';
import enPortal from '@/i18n/en/portal.json';
import viValidation from '@/i18n/vi/validation.json';
import enValidation from '@/i18n/en/validation.json';

export const portalMessages = { vi: viPortal, en: enPortal } as const;

/** A translate function over the real portal.json, with i18next's {{name}} interpolation. */
export function translatorFor(lng: 'vi' | 'en') {
  const instance = createTestI18n(lng);
  return (key: string, params?: Record<string, unknown>) => instance.t(key, params);
}

/** An initialised i18next instance with the real portal and validation strings (synchronous). */
export function createTestI18n(lng: 'vi' | 'en' = 'vi'): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'vi',
    resources: {
      vi: { portal: viPortal, validation: viValidation },
      en: { portal: enPortal, validation: enValidation },
    },
    ns: ['portal', 'validation'],
    defaultNS: 'portal',
    fallbackNS: ['validation'],
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initImmediate: false,
    react: { useSuspense: false },
  });
  return instance;
}
